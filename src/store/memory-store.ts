/**
 * The memory store: curated entries per project scope and global, with an append-only audit log. One factory used
 * by the tools, the TUI and the CLI; every change names its actor. Writes go through `database.write` (one IMMEDIATE
 * transaction each: all of it lands or none of it), reads through `database.read` (an absent store reads as empty
 * and is not created).
 */
import { NotFoundError } from "../errors.js";
import { recentHistory } from "./audit.js";
import type { Database } from "./database.js";
import { requireRow, toView } from "./entry-row.js";
import { noQueryWords, queryWords } from "./fts-query.js";
import { emptyStats, getEntry, historyOf, listEntries, searchEntries, statsOf, storeBytes } from "./memory-query.js";
import {
  compactFtsIndex,
  hasDueEntries,
  purgeDueEntries,
  purgeEntry,
  restoreEntry,
  trashByQuery,
  trashEntry,
} from "./memory-trash.js";
import type {
  Actor,
  ChangeResult,
  DuePurgeResult,
  EntryFields,
  EntryView,
  HistoryRow,
  ListQuery,
  Page,
  PurgeResult,
  SaveInput,
  SaveResult,
  SearchPage,
  SearchQuery,
  Stats,
  StatusInput,
} from "./memory-types.js";
import { cleanFields, cleanReason, cleanScope } from "./memory-validate.js";
import { editEntry, saveEntry, setStatus } from "./memory-write.js";

export interface MemoryStoreDeps {
  database: Database;
  /** Milliseconds since the epoch. */
  clock: () => number;
  /** Trashed entries older than this many days are purged when due (default 30, option `retention.trashDays`). */
  trashDays?: number;
}

export interface SaveOptions {
  /** Candidate mode (option `agentSaves: "candidate"`): what is saved or changed awaits a person's review. */
  changesAwaitReview?: boolean;
  reason?: string;
}

export interface MemoryStore {
  readonly database: Database;
  /** Creates an entry, or rewrites the live one with the same scope and title (case-insensitive). */
  save(input: SaveInput, actor: Actor, options?: SaveOptions): Promise<SaveResult>;
  /** Edits an entry by id; fields left out keep their value. */
  edit(id: string, patch: Partial<EntryFields>, actor: Actor): Promise<ChangeResult>;
  /** Marks `oldId` superseded by `newId`, linked both ways, its valid_until closed. */
  supersede(oldId: string, newId: string, actor: Actor, reason?: string): Promise<ChangeResult>;
  setStatus(id: string, input: StatusInput, actor: Actor): Promise<ChangeResult>;
  trash(id: string, actor: Actor, reason?: string): Promise<ChangeResult>;
  /** Trashes the entries matching every word of `query`, only inside `scopes`. */
  trashByQuery(query: string, scopes: readonly string[], actor: Actor, reason?: string): Promise<EntryView[]>;
  /** `within`: the scopes the caller may change (an agent: its project and global); undefined: any. */
  restore(id: string, actor: Actor, within?: readonly string[]): Promise<ChangeResult>;
  /** Permanent: the entry and the content of its audit rows are gone from the file and its WAL. */
  purge(id: string, actor: Actor): Promise<PurgeResult>;
  get(id: string): Promise<EntryView | undefined>;
  list(query: ListQuery): Promise<Page<EntryView>>;
  search(query: SearchQuery): Promise<SearchPage>;
  history(id: string): Promise<{ entry: EntryView | undefined; rows: HistoryRow[] }>;
  /** The newest changes in `scopes` (every scope when undefined), newest first. */
  recentChanges(scopes: readonly string[] | undefined, limit: number): Promise<{ rows: HistoryRow[]; total: number }>;
  stats(scopes: readonly string[] | undefined): Promise<Stats>;
  /** Purges trash older than `trashDays` and expired entries. */
  purgeDue(): Promise<DuePurgeResult>;
  /** The start-up purge: does nothing (and creates nothing) unless a store exists and something is due. */
  purgeDueIfAny(): Promise<DuePurgeResult>;
}

const NOTHING_PURGED: DuePurgeResult = { purged: 0, expired: 0 };

export function createMemoryStore(deps: MemoryStoreDeps): MemoryStore {
  const { database, clock } = deps;
  const trashDays = deps.trashDays ?? 30;

  // After anything is purged, fold the WAL back into the file and truncate it, so no old page keeps the content.
  const checkpoint = (): Promise<boolean> => database.wipeWal();

  const purgeDue = async (): Promise<DuePurgeResult> => {
    const result = await database.write((db) => purgeDueEntries(db, clock(), trashDays));
    if (result.purged + result.expired > 0) await checkpoint();
    return result;
  };

  const changeStatus = async (id: string, input: StatusInput, actor: Actor): Promise<ChangeResult> => {
    const reason = cleanReason(input.reason);
    if (!database.exists()) throw notFound(id);
    return database.write((db) => setStatus(db, id, { ...input, reason }, actor, clock()));
  };

  return {
    database,

    async save(input, actor, options = {}) {
      const now = clock();
      const scope = cleanScope(input.scope);
      const fields = cleanFields(input, now);
      const reason = cleanReason(options.reason);
      const { outcome, purgedDue } = await database.write((db) => {
        const purgedDue = purgeDueEntries(db, now, trashDays);
        const outcome = saveEntry(
          db,
          {
            scope,
            fields,
            status: input.status,
            changesAwaitReview: options.changesAwaitReview,
            supersedes: input.supersedes,
            reason,
          },
          actor,
          now,
        );
        return { outcome, purgedDue };
      });
      if (purgedDue.purged + purgedDue.expired > 0) await checkpoint();
      return { ...outcome, purgedDue };
    },

    async edit(id, patch, actor) {
      const now = clock();
      if (!database.exists()) throw notFound(id);
      return database.write((db) => {
        const current = toView(requireRow(db, id));
        // What the patch leaves out keeps its value: the text the checks require from the entry, the rest unchanged.
        const merged: EntryFields = {
          ...patch,
          kind: patch.kind ?? current.kind,
          title: patch.title ?? current.title,
          body: patch.body ?? current.body,
        };
        // Checked inside the transaction: a refusal throws before anything is written and rolls it all back.
        return editEntry(db, id, cleanFields(merged, now), actor, now);
      });
    },

    supersede: (oldId, newId, actor, reason) =>
      changeStatus(oldId, { status: "superseded", supersededBy: newId, reason }, actor),

    setStatus: changeStatus,

    async trash(id, actor, reason) {
      const clean = cleanReason(reason);
      // A change to an entry of a store that does not exist yet is refused without creating the store.
      if (!database.exists()) throw notFound(id);
      return database.write((db) => trashEntry(db, id, actor, clock(), clean));
    },

    async trashByQuery(query, scopes, actor, reason) {
      const clean = cleanReason(reason);
      if (queryWords(query).words.length === 0) throw noQueryWords();
      if (!database.exists()) return [];
      return database.write((db) => trashByQuery(db, query, scopes, actor, clock(), clean));
    },

    async restore(id, actor, within) {
      if (!database.exists()) throw notFound(id);
      return database.write((db) => restoreEntry(db, id, actor, clock(), within));
    },

    async purge(id, actor) {
      if (!database.exists()) throw notFound(id);
      await database.write((db) => {
        purgeEntry(db, id, actor, clock());
        compactFtsIndex(db);
      });
      return { id, checkpointed: await checkpoint() };
    },

    async get(id) {
      return database.read((db) => getEntry(db, id), undefined);
    },

    async list(query) {
      return database.read((db) => listEntries(db, query, clock()), { items: [], total: 0, offset: query.offset ?? 0 });
    },

    async search(query) {
      const { words, ignored } = queryWords(query.query);
      // Refused before the store is read, so the answer is the same whether or not a store exists yet.
      if (words.length === 0) throw noQueryWords();
      const empty: SearchPage = {
        items: [],
        total: 0,
        offset: query.offset ?? 0,
        words,
        ignoredWords: ignored,
        totalAtLeast: false,
      };
      return database.read((_db, connection) => searchEntries(connection, query, clock()), empty);
    },

    async history(id) {
      const found = await database.read((db) => historyOf(db, id), undefined);
      if (!found) throw notFound(id);
      return found;
    },

    async recentChanges(scopes, limit) {
      return database.read((db) => recentHistory(db, scopes, limit), { rows: [], total: 0 });
    },

    async stats(scopes) {
      return database.read((db) => statsOf(db, scopes, clock(), database.file), {
        ...emptyStats(),
        storeBytes: storeBytes(database.file),
      });
    },

    purgeDue,

    async purgeDueIfAny() {
      if (!database.exists()) return NOTHING_PURGED;
      const due = await database.read((db) => hasDueEntries(db, clock(), trashDays), false);
      return due ? purgeDue() : NOTHING_PURGED;
    },
  };
}

function notFound(id: string): NotFoundError {
  return new NotFoundError("memory entry", id, "the memory store is empty");
}
