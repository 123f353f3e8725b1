/**
 * What the TUI part works on: its options, the project it is open on, and the services (src/services.ts) over the
 * same store the server part writes, opened in the TUI process (WAL lets both use it at once). Built on first use,
 * when OpenCode's state is ready; the memory store, the settings and the transcripts load their code on their first
 * call.
 */
import type { DataContext } from "../data-context.js";
import { InvalidOptionError } from "../errors.js";
import type { Logger } from "../log.js";
import { type Options, parseOptions } from "../options.js";
import { projectScope } from "../scope.js";
import { createServices } from "../services.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { SessionSettingsStore } from "../store/session-settings.js";
import type { SessionSource } from "../transcripts/source/session-source.js";
import type { Transcripts } from "../transcripts/transcripts.js";
import { type PluginSpec, type RawTuiOptions, resolveTuiOptions } from "./tui-options.js";

export interface TuiServices {
  options: Options;
  optionsSource: RawTuiOptions["source"];
  /** Options that did not validate (their feature is off), as messages for a toast. */
  problems: string[];
  project: string;
  data: DataContext;
  memory: MemoryStore;
  transcripts: Transcripts;
  settings: SessionSettingsStore;
}
export interface TuiServicesInput {
  /** The options of the tui.json entry. */
  tuiOptions: unknown;
  /** The `plugin` list of OpenCode's (server) configuration. */
  serverPlugins: readonly PluginSpec[] | undefined;
  worktree: string;
  directory: string;
  /** Where sessions are read from for an export (the TUI's client). */
  source: SessionSource;
  log: Logger;
  clock?: () => number;
}

/** Throws an InvalidOptionError when `dataDir` does not validate: without it there is no store to show. */
export function createTuiServices(input: TuiServicesInput): TuiServices {
  const resolved = resolveTuiOptions(input.tuiOptions, input.serverPlugins);
  const { options, disabled, problems } = parseOptions(resolved.raw);
  if (disabled.has("dataDir")) {
    throw problems.find((p) => p.option === "dataDir") ?? new InvalidOptionError("dataDir", "does not validate");
  }
  const project = projectScope(input.worktree, input.directory || process.cwd());
  const services = createServices({ options, log: input.log, clock: input.clock, scope: project, host: input.source });
  return {
    options,
    optionsSource: resolved.source,
    problems: problems.map((p) => p.message),
    project,
    data: services.data,
    memory: services.memory,
    transcripts: services.transcripts,
    settings: services.settings,
  };
}
