/**
 * The memory store with team memory: entries of a `team:` scope live in a file of the project's repository, and the
 * store is their index. Reads first bring the index of each followed project in line with its file when the file
 * changed (a pull, a checkout, a merge, an edit). A change to a team entry is made in the index, with every rule the
 * store applies, and the file is then written from the index; it is refused while the file has bad lines, so nothing
 * a person or a merge put there is ever overwritten.
 */
import fs from "node:fs";
import { ConflictError, describeError, InvalidInputError } from "../errors.js";
import type { Logger } from "../log.js";
import { teamProject, teamScope } from "../scope.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { Actor, ChangeResult, EntryView } from "../store/memory-types.js";
import { formatTeamFile, type TeamEntry, teamEntryOf } from "./team-entry.js";
import { fileSignature, readTeamFile, writeTeamFile } from "./team-file.js";
import { headCommit } from "./team-git.js";
import { createTeamLock, type TeamLock } from "./team-lock.js";
import { moveEntries } from "./team-move.js";
import { TEAM_FILE_LABEL, teamFilePath } from "./team-path.js";
import { readTeamText, type TeamProblem, type TeamRead } from "./team-read.js";
import { type SyncOutcome, syncTeamIndex } from "./team-sync.js";

export interface TeamMemoryDeps {
  memory: MemoryStore;
  clock: () => number;
  /** Projects whose team files are followed: brought in line before every read. */
  follow: readonly string[];
  /** Where bad lines are reported when they are first seen. */
  log?: Logger;
  /** The commit a project has checked out (default: asks git). */
  commitOf?: (project: string) => Promise<string | undefined>;
  /** The lock team changes and syncs of this store hold (default: `team.lock` in the store's data folder). */
  lock?: TeamLock;
}

export interface TeamReport {
  project: string;
  /** Absolute path of the team file. */
  file: string;
  exists: boolean;
  /** Entries the file holds that are in the index. */
  entries: number;
  expired: number;
  /** Bad lines, by number: none of them is in the index. */
  problems: TeamProblem[];
  /** The commit checked out when the file was last read, when known. */
  commit: string | undefined;
  /** What the last read changed in the index. */
  changes: Omit<SyncOutcome, "problems">;
}

export interface TeamMemory extends MemoryStore {
  /** Reads the team file of `project` now and brings the index in line with it. */
  syncTeam(project: string): Promise<TeamReport>;
  /**
   * Moves live entries of `project` into its team memory (the file gains their lines), all of them or none: an entry
   * linked by supersession to one left outside the team memory is refused (`moveEntries`).
   */
  promote(ids: readonly string[], project: string, actor: Actor, reason?: string): Promise<ChangeResult[]>;
  /** Moves team entries of `project` back to the project's own memory (their lines leave the file), all or none. */
  demote(ids: readonly string[], project: string, actor: Actor, reason?: string): Promise<ChangeResult[]>;
}

interface ProjectState {
  signature: string | undefined;
  report: TeamReport | undefined;
  logged: string;
  queue: Promise<unknown>;
}

const NO_CHANGES = { created: 0, updated: 0, removed: 0, restored: 0 };
const PAGE = 1_000;
/** Bad lines named in one log line or error message; the rest are counted. */
const PROBLEMS_SHOWN = 5;

/** "line 4: not valid JSON; line 9: …", bounded. */
export function problemsText(problems: readonly TeamProblem[]): string {
  const shown = problems.slice(0, PROBLEMS_SHOWN).map((p) => (p.line > 0 ? `line ${p.line}: ${p.message}` : p.message));
  const more = problems.length - shown.length;
  return `${shown.join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
}

export function createTeamMemory(deps: TeamMemoryDeps): TeamMemory {
  const { memory, clock } = deps;
  const commitOf = deps.commitOf ?? headCommit;
  const lock = deps.lock ?? createTeamLock(memory.database.dataDir);
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

  /** Runs a change that touches the team memory of `projects`: in line first, refused on bad lines, file after. */
  const teamChange = <T>(projects: readonly string[], change: () => Promise<T>): Promise<T> => {
    const sorted = [...new Set(projects)].sort();
    const inner = async (): Promise<T> => {
      for (const project of sorted) {
        const { problems } = await sync(project, true);
        if (problems.length > 0) {
          throw new ConflictError(
            `the team memory file ${TEAM_FILE_LABEL} of ${project} has ${problems.length} bad ${problems.length === 1 ? "line" : "lines"} (${problemsText(problems)}); nothing was changed. Fix the file first ("opencode-ledger team check" lists them).`,
          );
        }
      }
      const result = await change();
      for (const project of sorted) await writeFromIndex(project);
      return result;
    };
    // Each project's queue in a fixed order, so two changes never wait on each other; the lock last, inside them all.
    const locked = sorted.reduceRight<() => Promise<T>>(
      (next, project) => () => queued(project, next),
      () => lock.hold(inner),
    );
    return locked();
  };

  /** The team project an entry belongs to, read after the followed files are in line. */
  const teamOfEntry = async (id: string): Promise<{ entry?: EntryView; project?: string }> => {
    await follow(undefined);
    // A store that cannot be read is reported by the change itself, as it is without team memory.
    const entry = await memory.get(id).catch(() => undefined);
    return { entry, project: entry ? teamProject(entry.scope) : undefined };
  };

  const byId = async <T>(id: string, change: () => Promise<T>): Promise<T> => {
    const { project } = await teamOfEntry(id);
    return project === undefined ? change() : teamChange([project], change);
  };

  /** A team entry and an entry outside that team memory never supersede each other: the file would point nowhere. */
  const checkLink = async (scope: string, otherId: string | undefined): Promise<void> => {
    if (!otherId) return;
    const other = await memory.get(otherId);
    if (!other || other.scope === scope) return;
    if (teamProject(scope) !== undefined || teamProject(other.scope) !== undefined) {
      throw new InvalidInputError(
        "supersedes",
        "a team entry and an entry outside that team memory cannot supersede each other; save the replacement in the same scope",
      );
    }
  };

  const setStatus: MemoryStore["setStatus"] = async (id, input, actor) => {
    const { entry, project } = await teamOfEntry(id);
    if (entry) await checkLink(entry.scope, input.supersededBy);
    const change = () => memory.setStatus(id, input, actor);
    return project === undefined ? change() : teamChange([project], change);
  };

  const move = (ids: readonly string[], from: string, to: string, project: string, actor: Actor, reason?: string) =>
    teamChange([project], () => memory.database.write((db) => moveEntries(db, ids, from, to, actor, clock(), reason)));

  return {
    database: memory.database,

    async save(input, actor, options) {
      await checkLink(input.scope, input.supersedes);
      const project = teamProject(input.scope);
      const change = () => memory.save(input, actor, options);
      return project === undefined ? change() : teamChange([project], change);
    },
    edit: (id, patch, actor) => byId(id, () => memory.edit(id, patch, actor)),
    supersede: (oldId, newId, actor, reason) =>
      setStatus(oldId, { status: "superseded", supersededBy: newId, reason }, actor),
    setStatus,
    trash: (id, actor, reason) => byId(id, () => memory.trash(id, actor, reason)),
    async trashByQuery(query, scopes, actor, reason) {
      const projects = scopes.flatMap((s) => teamProject(s) ?? []);
      const change = () => memory.trashByQuery(query, scopes, actor, reason);
      return projects.length === 0 ? change() : teamChange(projects, change);
    },
    restore: (id, actor, within) => byId(id, () => memory.restore(id, actor, within)),
    purge: (id, actor) => byId(id, () => memory.purge(id, actor)),
    async get(id) {
      await follow(undefined);
      return memory.get(id);
    },
    async list(query) {
      await follow(query.scopes);
      return memory.list(query);
    },
    async search(query) {
      await follow(query.scopes);
      return memory.search(query);
    },
    async history(id) {
      await follow(undefined);
      return memory.history(id);
    },
    async recentChanges(scopes, limit) {
      await follow(scopes);
      return memory.recentChanges(scopes, limit);
    },
    async stats(scopes) {
      await follow(scopes);
      return memory.stats(scopes);
    },
    purgeDue: () => memory.purgeDue(),
    purgeDueIfAny: () => memory.purgeDueIfAny(),

    syncTeam: (project) =>
      queued(project, () =>
        !fs.existsSync(teamFilePath(project)) && !memory.database.exists()
          ? sync(project, true)
          : lock.hold(() => sync(project, true)),
      ),
    promote: (ids, project, actor, reason) => move(ids, project, teamScope(project), project, actor, reason),
    demote: (ids, project, actor, reason) => move(ids, teamScope(project), project, project, actor, reason),
  };
}
