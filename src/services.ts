/**
 * The one wiring point: the services of a data folder, built the same way for the plugin, the TUI and the command
 * line. Only the cheap parts are made here; the memory store, the session settings, the transcripts and the search
 * load their code on their first call (src/lazy-load.ts), so the plugin's start, in every OpenCode process, pays for
 * none of them.
 */
import type { DataContext } from "./data-context.js";
import { dataLayout } from "./data-dir.js";
import { HostError } from "./errors.js";
import { lazyFunction, lazyObject } from "./lazy-load.js";
import type { Logger } from "./log.js";
import type { Options } from "./options.js";
import type { EnsuredTranscript, TranscriptSearch } from "./search/search.js";
import { Database } from "./store/database.js";
import type { SessionSettingsStore } from "./store/session-settings.js";
import type { TeamMemory } from "./team/team-memory.js";
import { SearchIndex } from "./transcripts/index/search-index.js";
import { containedPath } from "./transcripts/paths.js";
import type { SessionSource } from "./transcripts/source/session-source.js";
import type { Transcripts } from "./transcripts/transcripts.js";

/**
 * A data context and the full-text index it carries as its indexer, one object seen two ways: the transcripts write
 * it through the port (`indexer`), the search reads it (`searchIndex`), and whoever built it closes it.
 */
export interface IndexedDataContext extends DataContext {
  readonly searchIndex: SearchIndex;
}

/** Opens nothing: the database file is made on the first write, the index file on the first export. */
export function createDataContext(options: Options, log: Logger, clock: () => number = Date.now): IndexedDataContext {
  const searchIndex = new SearchIndex(options.dataDir);
  return {
    options,
    database: new Database({ dataDir: options.dataDir }),
    indexer: searchIndex,
    searchIndex,
    transcriptsDir: dataLayout(options.dataDir).transcriptsDir,
    log,
    clock,
  };
}

export interface ServicesInput {
  options: Options;
  log: Logger;
  /** The project served: new transcripts go under it. */
  scope: string;
  /**
   * Where sessions are read from for an export: OpenCode (the plugin's or the TUI's client). Without one (the command
   * line) nothing is exported, a search never exports the session it names, and "does OpenCode still have this
   * session?" is answered "unknown", which the retention sweep treats as "keep".
   */
  host?: SessionSource;
  /** Milliseconds since the epoch (default `Date.now`); tests pass their own. */
  clock?: () => number;
  /** Where ripgrep is looked up (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

/** What the plugin, the TUI and the command line work with. */
export interface Services {
  readonly data: IndexedDataContext;
  readonly scope: string;
  readonly memory: TeamMemory;
  readonly settings: SessionSettingsStore;
  readonly transcripts: Transcripts;
  readonly search: TranscriptSearch;
  /** Closes the store's database (the command line, after a command). */
  close(): void;
}

const NO_HOST: SessionSource = {
  session: () => Promise.reject(new HostError("the command line tool does not ask OpenCode")),
  messages: () => Promise.resolve([]),
};

export function createServices(input: ServicesInput): Services {
  const { options, scope } = input;
  const data = createDataContext(options, input.log, input.clock);
  const { database, clock } = data;
  const source = input.host ?? NO_HOST;
  // The project's team memory lives in its repository; the store is its index, kept in line with the file.
  const memory = lazyObject<TeamMemory, Exclude<keyof TeamMemory, "database">>(
    () =>
      Promise.all([import("./store/memory-store.js"), import("./team/team-memory.js")]).then(([store, team]) =>
        team.createTeamMemory({
          memory: store.createMemoryStore({ database, clock, trashDays: options.retention.trashDays }),
          clock,
          follow: [scope],
          log: data.log,
        }),
      ),
    [
      "save",
      "edit",
      "supersede",
      "setStatus",
      "trash",
      "trashByQuery",
      "restore",
      "purge",
      "get",
      "list",
      "search",
      "history",
      "recentChanges",
      "stats",
      "purgeDue",
      "purgeDueIfAny",
      "syncTeam",
      "promote",
      "demote",
    ],
    { database },
  );
  const settings = lazyObject<SessionSettingsStore, keyof SessionSettingsStore>(
    () => import("./store/session-settings.js").then((m) => m.createSessionSettings({ database, clock })),
    ["get", "setInjectionOff", "claimReflection"],
    {},
  );
  const transcripts = lazyObject<Transcripts, Exclude<keyof Transcripts, "source" | "scope" | "fileOf">>(
    () => import("./transcripts/transcript-service.js").then((m) => m.createTranscripts({ data, source, scope })),
    ["export", "ensure", "find", "list", "sweep", "autoSweep"],
    { source, scope, fileOf: (row) => containedPath(data.transcriptsDir, row.path) },
  );
  const search = lazyFunction<TranscriptSearch>(() =>
    Promise.all([import("./search/search.js"), import("./search/ripgrep/locate.js")]).then(([m, ripgrep]) =>
      m.createTranscriptSearch({
        transcriptsDir: data.transcriptsDir,
        database,
        useRipgrep: options.search.useRipgrep,
        locateRipgrep: ripgrep.createRipgrepLocator(options.search.ripgrepPath, input.env),
        // Without a host there is nothing to export a named session from: it is searched only if it is on disk.
        ensureTranscript: input.host ? ensureThrough(transcripts) : undefined,
        index: data.searchIndex,
        log: data.log,
      }),
    ),
  );
  return {
    data,
    scope,
    memory,
    settings,
    transcripts,
    search,
    close: () => {
      data.searchIndex.close();
      database.close();
    },
  };
}

/** The search's `ensureTranscript`: a session named but not exported yet is exported, then searched. */
export function ensureThrough(transcripts: Pick<Transcripts, "ensure">) {
  return async (sessionID: string): Promise<EnsuredTranscript> => {
    const { row, file } = await transcripts.ensure(sessionID);
    return { path: file, scope: row.scope, title: row.title };
  };
}
