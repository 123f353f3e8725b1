/**
 * What the TUI part works on: its options, the project it is open on, and the store (the same file the server part
 * writes, opened in the TUI process; WAL lets both use it at once). Built on first use, when OpenCode's state is
 * ready, and only the cheap parts at that: the memory store loads its code on the first read.
 */
import path from "node:path";
import { InvalidOptionError } from "../errors.js";
import { type Options, parseOptions } from "../options.js";
import { projectScope } from "../scope.js";
import { Database } from "../store/database.js";
import { lazyMemoryStore } from "../store/lazy-memory-store.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { SessionSettingsStore } from "../store/session-settings.js";
import { type PluginSpec, type RawTuiOptions, resolveTuiOptions } from "./tui-options.js";

export interface TuiServices {
  options: Options;
  optionsSource: RawTuiOptions["source"];
  /** Options that did not validate (their feature is off), as messages for a toast. */
  problems: string[];
  project: string;
  database: Database;
  memory: MemoryStore;
  settings(): Promise<SessionSettingsStore>;
  transcriptsDir: string;
  clock: () => number;
}

export interface TuiServicesInput {
  /** The options of the tui.json entry. */
  tuiOptions: unknown;
  /** The `plugin` list of OpenCode's (server) configuration. */
  serverPlugins: readonly PluginSpec[] | undefined;
  worktree: string;
  directory: string;
  clock?: () => number;
}

/** Throws an InvalidOptionError when `dataDir` does not validate: without it there is no store to show. */
export function createTuiServices(input: TuiServicesInput): TuiServices {
  const clock = input.clock ?? Date.now;
  const resolved = resolveTuiOptions(input.tuiOptions, input.serverPlugins);
  const { options, disabled, problems } = parseOptions(resolved.raw);
  if (disabled.has("dataDir")) {
    throw problems.find((p) => p.option === "dataDir") ?? new InvalidOptionError("dataDir", "does not validate");
  }
  const database = new Database({ dataDir: options.dataDir });
  const memory = lazyMemoryStore({ database, clock, trashDays: options.retention.trashDays });
  let settings: Promise<SessionSettingsStore> | undefined;
  return {
    options,
    optionsSource: resolved.source,
    problems: problems.map((p) => p.message),
    project: projectScope(input.worktree, input.directory || process.cwd()),
    database,
    memory,
    settings() {
      settings ??= import("../store/session-settings.js").then((m) => m.createSessionSettings({ database, clock }));
      return settings;
    },
    transcriptsDir: path.join(options.dataDir, "transcripts"),
    clock,
  };
}
