/**
 * Keeps the index of each followed project in line with its team file: a read brings the index in line when the file
 * changed since the last one, and a change writes the file from the index, unless the file changed under it. One
 * change at a time per project in this process; the lock spans them across processes.
 */
import fs from "node:fs";
import { ConflictError, describeError } from "../errors.js";
import type { Logger } from "../log.js";
import { teamScope } from "../scope.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { Actor } from "../store/memory-types.js";
import { formatTeamFile, type TeamEntry, teamEntryOf } from "./team-entry.js";
import { fileSignature, readTeamFile, writeTeamFile } from "./team-file.js";
import type { TeamLock } from "./team-lock.js";
import { TEAM_FILE_LABEL, teamFilePath } from "./team-path.js";
import { readTeamText, type TeamRead } from "./team-read.js";
import { problemsText, type TeamReport } from "./team-report.js";
import { type SyncOutcome, syncTeamIndex } from "./team-sync.js";

export interface TeamFileSyncDeps {
  memory: MemoryStore;
  clock: () => number;
  /** Projects whose team files are followed: brought in line before every read. */
  follow: readonly string[];
  /** Where bad lines are reported when they are first seen. */
  log?: Logger;
  /** The commit a project has checked out. */
  commitOf: (project: string) => Promise<string | undefined>;
  /** The lock team changes and syncs of this store hold. */
  lock: TeamLock;
}

export interface TeamFileSync {
  /** Runs `fn` after every change queued for `project` in this process. */
  queued<T>(project: string, fn: () => Promise<T>): Promise<T>;
  sync(project: string, force: boolean): Promise<TeamReport>;
  follow(scopes: readonly string[] | undefined): Promise<void>;
  writeFromIndex(project: string): Promise<void>;
}

interface ProjectState {
  signature: string | undefined;
  report: TeamReport | undefined;
  logged: string;
  queue: Promise<unknown>;
}

const NO_CHANGES = { created: 0, updated: 0, removed: 0, restored: 0 };
const PAGE = 1_000;

/** The team files of `deps.follow` and of every project a change touches, with their state in this process. */
export function createTeamFileSync(deps: TeamFileSyncDeps): TeamFileSync {
  const { memory, clock, commitOf, lock } = deps;
  const states = new Map<string, ProjectState>();
  const stateOf = (project: string): ProjectState => {
    let state = states.get(project);
    if (!state) {
      state = { signature: undefined, report: undefined, logged: "", queue: Promise.resolve() };
      states.set(project, state);
    }
    return state;
  };

  // One change at a time per project inside this process: a read never sees a file half-way through a write.
  const queued = <T>(project: string, fn: () => Promise<T>): Promise<T> => {
    const state = stateOf(project);
    const next = state.queue.then(fn, fn);
    state.queue = next.catch(() => undefined);
    return next;
  };

  const report = (project: string, state: ProjectState, read: TeamRead, exists: boolean, commit?: string) => {
    const problems = [...read.problems];
    return (outcome: SyncOutcome): TeamReport => {
      problems.push(...outcome.problems);
      problems.sort((a, b) => a.line - b.line);
      const { problems: _, ...changes } = outcome;
      const result: TeamReport = {
        project,
        file: teamFilePath(project),
        exists,
        entries: read.entries.length - outcome.problems.length,
        expired: read.expired,
        problems,
        commit,
        changes,
      };
      const text = problemsText(problems);
      if (text !== state.logged) {
        state.logged = text;
        if (problems.length > 0) {
          deps.log?.log(
            "warn",
            `team memory ${TEAM_FILE_LABEL} in ${project}: ${problems.length} bad ${problems.length === 1 ? "line" : "lines"} left out of the index (${text}); run "opencode-ledger team check"`,
          );
        }
      }
      return result;
    };
  };

  /** Reads the file and, when it changed since the last read (or `force`), brings the index in line. */
  const sync = async (project: string, force: boolean): Promise<TeamReport> => {
    const state = stateOf(project);
    const file = teamFilePath(project);
    const { text, signature } = readTeamFile(file);
    if (!force && state.report && state.signature === signature) return state.report;
    const now = clock();
    const read = text === undefined ? readTeamText("", now) : readTeamText(text, now);
    let outcome: SyncOutcome = { ...NO_CHANGES, problems: [] };
    // Without a file and without a store there is nothing to follow, and nothing is created.
    if (text !== undefined || memory.database.exists()) {
      const commit = await commitOf(project);
      const actor: Actor = commit ? { kind: "repo", agent: commit } : { kind: "repo" };
      outcome = await memory.database.write((db) =>
        syncTeamIndex(db, teamScope(project), read, actor, now, TEAM_FILE_LABEL),
      );
      state.report = report(project, state, read, text !== undefined, commit)(outcome);
    } else {
      state.report = report(project, state, read, false)(outcome);
    }
    state.signature = signature;
    return state.report;
  };

  /**
   * A sync when the file changed since the last read, under the lock: a sync may trash what the file lacks, and only
   * under the lock does the file hold every change another process already made in the store.
   */
  const syncChanged = async (project: string): Promise<TeamReport> => {
    const state = stateOf(project);
    if (state.report && state.signature === fileSignature(teamFilePath(project))) return state.report;
    if (!fs.existsSync(teamFilePath(project)) && !memory.database.exists()) return sync(project, false);
    return lock.hold(() => sync(project, false));
  };

  /** Before a read: every followed project whose scope it covers, quietly (a read never fails for a team file). */
  const follow = async (scopes: readonly string[] | undefined): Promise<void> => {
    for (const project of deps.follow) {
      if (scopes && !scopes.includes(teamScope(project))) continue;
      try {
        await queued(project, () => syncChanged(project));
      } catch (error) {
        deps.log?.log("warn", `team memory of ${project} not read: ${describeError(error)}`);
      }
    }
  };

  const liveTeamEntries = async (project: string): Promise<TeamEntry[]> => {
    const all: TeamEntry[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await memory.list({ scopes: [teamScope(project)], status: "all", limit: PAGE, offset });
      all.push(...page.items.map(teamEntryOf));
      if (page.items.length < PAGE) return all;
    }
  };

  /** Writes the file of `project` from its index, unless the file changed under us since it was read. */
  const writeFromIndex = async (project: string): Promise<void> => {
    const state = stateOf(project);
    const file = teamFilePath(project);
    if (fileSignature(file) !== state.signature) {
      await sync(project, true);
      throw new ConflictError(
        `${TEAM_FILE_LABEL} changed on disk during this change; the index follows the file again and the change is not in it. Try once more.`,
      );
    }
    const text = formatTeamFile(await liveTeamEntries(project));
    const current = readTeamFile(file).text;
    if (current === text || (current === undefined && text === "")) return;
    state.signature = writeTeamFile(file, text);
    if (state.report) state.report = { ...state.report, exists: true, entries: text.split("\n").length - 1 };
  };

  return { queued, sync, follow, writeFromIndex };
}
