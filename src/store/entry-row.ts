/**
 * Rows of `entries` as the store reads them, and the conditions every read shares (live, in scope, by status).
 */
import { and, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import { EntryScopeDeniedError, NotFoundError } from "../errors.js";
import type { LedgerDatabase } from "./driver.js";
import { type EntryStatus, FIELD_LIST } from "./entry-fields.js";
import type { EntryView, StatusFilter } from "./memory-types.js";
import { type Entry, entries } from "./schema.js";
import { titleKey } from "./title-key.js";

export function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The view of a row, field by field as `ENTRY_FIELDS` (or the declaration `fields` lists) declares them (so in the declaration's order, which an export
 * line keeps): lists parsed, grouped fields gathered, the back links placed after the link they answer.
 */
export function toView(row: Entry, supersedes: string[] = [], fields = FIELD_LIST): EntryView {
  const view: Record<string, unknown> = {};
  const values = row as unknown as Record<string, unknown>;
  for (const [name, field] of fields) {
    const value = values[name];
    if (field.group) {
      let group = view[field.group.name] as Record<string, unknown> | undefined;
      if (group === undefined) {
        group = {};
        view[field.group.name] = group;
      }
      group[field.group.key] = value;
    } else {
      view[name] = field.value === "list" ? parseTags(value as string) : value;
      if (field.backLinks) view[field.backLinks] = supersedes;
    }
  }
  return view as EntryView;
}

/** The row of a view, as `toView` would read it back (the key and the back links are not part of it). */
export function rowOf(view: Omit<EntryView, "supersedes">, fields = FIELD_LIST): Omit<Entry, "seq"> {
  const row: Record<string, unknown> = {};
  const values = view as unknown as Record<string, unknown>;
  for (const [name, field] of fields) {
    const value = field.group ? (values[field.group.name] as Record<string, unknown>)[field.group.key] : values[name];
    row[name] = field.value === "list" ? JSON.stringify(value) : value;
  }
  return row as Omit<Entry, "seq">;
}

/** Ids of the entries that `id` replaced. */
export function supersededIds(db: LedgerDatabase, id: string): string[] {
  return db
    .select({ id: entries.id })
    .from(entries)
    .where(eq(entries.supersededBy, id))
    .all()
    .map((r) => r.id);
}

export function viewWithLinks(db: LedgerDatabase, row: Entry): EntryView {
  return toView(row, supersededIds(db, row.id));
}

export function findRow(db: LedgerDatabase, id: string): Entry | undefined {
  return db.select().from(entries).where(eq(entries.id, id)).get();
}

/** The row with this id, or a NotFoundError that says where else to look. */
export function requireRow(db: LedgerDatabase, id: string): Entry {
  const row = findRow(db, id);
  if (!row) {
    throw new NotFoundError(
      "memory entry",
      id,
      "check the id with memory_search (it may have been purged: memory_history shows its trail)",
    );
  }
  return row;
}

/** Refuses an entry outside the scopes a caller may change (undefined: any). */
export function requireWithin(row: Entry, within: readonly string[] | undefined): Entry {
  if (within && !within.includes(row.scope)) throw new EntryScopeDeniedError(row.id, row.scope);
  return row;
}

/**
 * The live entry holding `title` in `scope`: titles compare after NFC and a Unicode case fold (`titleKey`); the unique
 * index, which folds ASCII only, is the last line behind this. Only two kinds of title can share a key with `title`,
 * so only those are read: a title of printable ASCII folds as NOCASE does, so it equals the key under NOCASE (found
 * through the unique index); any other title holds a character outside printable ASCII (found by GLOB, in SQLite).
 */
export function findByTitle(db: LedgerDatabase, scope: string, title: string): Entry | undefined {
  const key = titleKey(title);
  const live = and(eq(entries.scope, scope), isNull(entries.trashedAt));
  const ascii = db
    .select({ id: entries.id, title: entries.title, seq: entries.seq })
    .from(entries)
    .where(and(live, sql`${entries.title} = ${key} COLLATE NOCASE`))
    .all();
  // Two queries, not one OR (which made SQLite read every live row of the scope): the second one's condition is
  // that of the partial index `entries_title_unicode_live`, written out, so it reads only the titles outside ASCII.
  const other = db.all<{ id: string; title: string; seq: number }>(
    sql`SELECT id, title, seq FROM entries INDEXED BY entries_title_unicode_live
        WHERE scope = ${scope} AND trashed_at IS NULL AND title GLOB '*[^ -~]*'`,
  );
  const holder = [...ascii, ...other].sort((a, b) => a.seq - b.seq).find((row) => titleKey(row.title) === key);
  return holder ? findRow(db, holder.id) : undefined;
}

/** Not past its expiry: an expired entry is never shown, even before the purge removes it. */
export function notExpired(now: number): SQL {
  return or(isNull(entries.expiresAt), gt(entries.expiresAt, now)) as SQL;
}

export const DEFAULT_STATUSES: readonly EntryStatus[] = ["candidate", "active"];

/**
 * The conditions of a list or search: scope, trash, status, kind, expiry. Written as one flat fragment: drizzle builds
 * each nested `and` / `inArray` / `eq` on every call, which cost a search more than some of its FTS5 queries.
 */
export function entryFilter(
  query: { scopes?: readonly string[]; status?: StatusFilter; kind?: string; trashed?: boolean },
  now: number,
): SQL {
  const status = query.status ?? (query.trashed ? "all" : undefined);
  const statuses = status === undefined ? DEFAULT_STATUSES : status === "all" ? undefined : [status];
  const parts = [
    sql`(${entries.expiresAt} IS NULL OR ${entries.expiresAt} > ${now}) AND ${entries.trashedAt} IS ${sql.raw(query.trashed ? "NOT NULL" : "NULL")}`,
  ];
  // An empty list is SQLite's `IN ()`, which holds for no row, as no scope at all should.
  if (query.scopes) parts.push(sql`${entries.scope} IN ${[...query.scopes]}`);
  if (statuses) parts.push(sql`${entries.status} IN ${[...statuses]}`);
  if (query.kind) parts.push(sql`${entries.kind} = ${query.kind.trim().toLowerCase()}`);
  return sql.join(parts, sql` AND `);
}
