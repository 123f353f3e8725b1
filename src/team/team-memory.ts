/**
 * The memory store with team memory: entries of a `team:` scope live in a file of the project's repository, and the
 * store is their index. Reads first bring the index of each followed project in line with its file when the file
 * changed (a pull, a checkout, a merge, an edit). A change to a team entry is made in the index, with every rule the
 * store applies, and the file is then written from the index; it is refused while the file has bad lines, so nothing
 * a person or a merge put there is ever overwritten.
 */
import fs from "node:fs";
import { ConflictError, InvalidInputError } from "../errors.js";
import type { Logger } from "../log.js";
import { teamProject, teamScope } from "../scope.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { Actor, ChangeResult, EntryView } from "../store/memory-types.js";
import { createTeamFileSync } from "./team-file-sync.js";
import { headCommit } from "./team-git.js";
import { createTeamLock, type TeamLock } from "./team-lock.js";
import { moveEntries } from "./team-move.js";
import { TEAM_FILE_LABEL, teamFilePath } from "./team-path.js";
import { problemsText, type TeamReport } from "./team-report.js";

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

export function createTeamMemory(deps: TeamMemoryDeps): TeamMemory {
  const { memory, clock } = deps;
  const commitOf = deps.commitOf ?? headCommit;
  const lock = deps.lock ?? createTeamLock(memory.database.dataDir);
  const { queued, sync, follow, writeFromIndex } = createTeamFileSync({ ...deps, commitOf, lock });

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
