/**
 * The shapes the memory store speaks in. Rows stay inside the store; callers (tools, TUI, CLI) see these views.
 */
import type { EntryStatus, GroupedFieldName } from "./entry-fields.js";
import type { ActorKind, AuditAction, Entry } from "./schema.js";

export const LIMITS = {
  kind: 40,
  title: 120,
  body: 8_000,
  tags: 12,
  tag: 40,
  reason: 1_000,
  /** Words of a search query that are used; the rest are ignored and the answer says so. */
  queryWords: 16,
  /** Characters of one query word that are used. */
  queryWordChars: 64,
  /** Most entries one forget-by-query may trash; more means the query is too vague. */
  trashByQuery: 20,
  /**
   * A search counts its matches up to this many: past it the answer says "at least", so that a query of common words
   * costs what its page costs, not a look at every entry holding one of them.
   */
  searchCount: 200,
} as const;

/** Who made a change: an agent in a session, a person (TUI), the CLI, the due purge (stored kind "sweep"), or the repository. */
export interface Actor {
  kind: ActorKind;
  /** Agent name, for a person the name they go by when known, for the repository the commit checked out. */
  agent?: string;
  session?: string;
}

export const PURGE_ACTOR: Actor = { kind: "sweep" };

/**
 * An entry as callers see it (and as an export line holds it): the row's fields (src/store/entry-fields.ts) less the
 * key, with the tags as a list, the source as one object, and the other side of the superseded-by link.
 */
export type EntryView = Omit<Entry, "seq" | "tags" | GroupedFieldName> & {
  tags: string[];
  /** Entries this one replaced (the other direction of `supersededBy`). */
  supersedes: string[];
  source: { agent: string | null; session: string | null };
};

/** Fields a save or an edit may set; times are milliseconds since the epoch. */
export interface EntryFields {
  kind: string;
  title: string;
  body: string;
  tags?: readonly string[];
  validFrom?: number | null;
  validUntil?: number | null;
  expiresAt?: number | null;
}

export interface SaveInput extends EntryFields {
  scope: string;
  /** Status of a new entry; a rewrite keeps the current status unless this is given. */
  status?: "candidate" | "active";
  /** Id of an entry this one replaces: it is marked superseded, linked both ways, its valid_until closed. */
  supersedes?: string;
}

/** field -> [old, new], as stored in the audit log. */
export type Changes = Record<string, [unknown, unknown]>;

export interface SaveResult {
  action: "created" | "updated" | "unchanged";
  entry: EntryView;
  changes: Changes;
  /** The entry marked superseded by this save, if any. */
  superseded?: EntryView;
  /** Entries removed by the due purge that runs with every save. */
  purgedDue: DuePurgeResult;
}

export interface StatusInput {
  status: EntryStatus;
  reason?: string;
  /** Required with status "superseded": the entry that replaced this one. */
  supersededBy?: string;
  /** The scopes the caller may change (an agent: its project and global); undefined: any. */
  within?: readonly string[];
}

export interface ChangeResult {
  entry: EntryView;
  changes: Changes;
}

export type StatusFilter = EntryStatus | "all";

export interface ListQuery {
  /** Scopes to read; undefined reads every scope (only when a caller asked for that). */
  scopes?: readonly string[];
  /** Default: candidate and active. */
  status?: StatusFilter;
  kind?: string;
  /** true: only entries in the trash. */
  trashed?: boolean;
  limit?: number;
  offset?: number;
}

export interface SearchQuery extends ListQuery {
  query: string;
  /** Ranked above global (and other scopes) at equal rank. */
  preferScope?: string;
}

export interface Page<T> {
  items: T[];
  /** How many matched in all, of which `items` is the slice at `offset`. */
  total: number;
  offset: number;
}

/** 1: every word matched; 2: every word matched as a word prefix; 3: some words matched. */
export type MatchTier = 1 | 2 | 3;

export interface SearchHit {
  entry: EntryView;
  tier: MatchTier;
  rank: number;
}

export interface SearchPage extends Page<SearchHit> {
  /** The words that were searched for. */
  words: string[];
  /** Words of the query that were ignored because it had too many. */
  ignoredWords: number;
  /** True when the count stopped at `LIMITS.searchCount`: at least `total` entries match. */
  totalAtLeast: boolean;
}

export interface HistoryRow {
  seq: number;
  entryId: string;
  action: AuditAction;
  actor: Actor;
  at: number;
  changes: Changes | null;
  reason: string | null;
  scope: string;
  redacted: boolean;
}

export interface DuePurgeResult {
  purged: number;
  expired: number;
}

export interface PurgeResult {
  id: string;
  /** False when another connection kept the WAL from being truncated; the next checkpoint clears it. */
  checkpointed: boolean;
}

export interface Stats {
  byKind: Record<string, number>;
  byStatus: Record<EntryStatus, number>;
  /** Live (not trashed, not expired) entries. */
  live: number;
  trash: number;
  total: number;
  /** Bytes of ledger.db and its -wal on disk (the whole store, every scope). */
  storeBytes: number;
  oldestLive: { id: string; title: string; createdAt: number } | null;
}
