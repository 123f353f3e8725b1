/**
 * The TUI's services, built on first use (their option parsing loads zod, kept off the TUI's start), and what their
 * options came to: a toast naming each bad option, and a mark on the status line until they are fixed.
 */
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { type Accessor, createSignal } from "solid-js";
import { InvalidOptionError } from "../errors.js";
import type { Logger } from "../log.js";
import { TOAST_TITLE } from "./boundary.js";
import { optionProblemsMark, optionProblemsToast, REFUSED_MARK } from "./option-problems.js";
import type { PluginSpec } from "./tui-options.js";
import type { TuiServices } from "./tui-services.js";
import { createTuiSource } from "./tui-source.js";

export interface LazyServices {
  /** The services, built on the first call; a failed build is tried again by the next call. */
  services: () => Promise<TuiServices>;
  /** The build asked for so far, if any (undefined before the first call and after a failed build). */
  built: () => Promise<TuiServices> | undefined;
  /** The status line's mark for the options, if they need fixing. */
  optionMark: Accessor<string | undefined>;
}

/** Services over `options` (those of the tui.json entry) and the server configuration `api` reads, built on demand. */
export function createLazyServices(api: TuiPluginApi, options: unknown, log: Logger): LazyServices {
  const ui = api.ui;
  // Options that did not validate, or a start they refused: shown on the status line until fixed.
  const [optionMark, setOptionMark] = createSignal<string | undefined>();
  let built: Promise<TuiServices> | undefined;
  const services = (): Promise<TuiServices> => {
    built ??= import("./tui-services.js").then(({ createTuiServices }) => {
      const path = api.state.path;
      const s = createTuiServices({
        tuiOptions: options,
        serverPlugins: api.state.config.plugin as readonly PluginSpec[] | undefined,
        worktree: path.worktree,
        directory: path.directory,
        source: createTuiSource(api.client, path.directory || undefined),
        log,
      });
      setOptionMark(optionProblemsMark(s.problems));
      if (s.problems.length > 0) {
        ui.toast({
          variant: "warning",
          title: TOAST_TITLE,
          message: optionProblemsToast(s.problems),
          duration: 15_000,
        });
      }
      return s;
    });
    // A failure (a bad dataDir) is reported by whoever asked; the next use tries again.
    built.catch((error: unknown) => {
      if (error instanceof InvalidOptionError) setOptionMark(REFUSED_MARK);
      built = undefined;
    });
    return built;
  };
  return { services, built: () => built, optionMark };
}
