/**
 * What the TUI part works on: its options, the project it is open on, the store (the same file the server part
 * writes, opened in the TUI process; WAL lets both use it at once) and the transcripts. Built on first use, when
 * OpenCode's state is ready, and only the cheap parts at that: the memory store and the transcripts load their code
 * on their first call.
 */
import { InvalidOptionError } from "../errors.js";
import { createLedger, type Ledger } from "../ledger.js";
import type { Logger } from "../log.js";
import { type Options, parseOptions } from "../options.js";
import { projectScope } from "../scope.js";
import { lazyMemoryStore } from "../store/lazy-memory-store.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { SessionSettingsStore } from "../store/session-settings.js";
import { lazyTeamMemory } from "../team/lazy-team-memory.js";
import { lazyTranscripts } from "../transcripts/lazy-transcripts.js";
import type { SessionSource } from "../transcripts/source/session-source.js";
import type { Transcripts } from "../transcripts/transcripts.js";
import { type PluginSpec, type RawTuiOptions, resolveTuiOptions } from "./tui-options.js";

export interface TuiServices {
  options: Options;
  optionsSource: RawTuiOptions["source"];
  /** Options that did not validate (their feature is off), as messages for a toast. */
  problems: string[];
  project: string;
  ledger: Ledger;
  memory: MemoryStore;
  transcripts: Transcripts;
  settings(): Promise<SessionSettingsStore>;
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
  const ledger = createLedger(options, input.log, input.clock);
  const { database, clock } = ledger;
  const project = projectScope(input.worktree, input.directory || process.cwd());
  let settings: Promise<SessionSettingsStore> | undefined;
  return {
    options,
    optionsSource: resolved.source,
    problems: problems.map((p) => p.message),
    project,
    ledger,
    // The project's team memory is followed here too: the dialog shows what its file holds, as the agent sees it.
    memory: lazyTeamMemory({
      memory: lazyMemoryStore({ database, clock, trashDays: options.retention.trashDays }),
      clock,
      follow: [project],
      log: input.log,
    }),
    transcripts: lazyTranscripts({ ledger, source: input.source, scope: project }),
    settings() {
      settings ??= import("../store/session-settings.js").then((m) => m.createSessionSettings({ database, clock }));
      return settings;
    },
  };
}
