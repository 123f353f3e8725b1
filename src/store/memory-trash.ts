/**
 * Forgetting, in three depths: trash (restorable, the only kind an agent can do), purge (permanent: the row goes,
 * its audit rows lose their content, a tombstone stays) and the due purge (old trash and expired entries).
 */

import { and, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { DAY_MS } from "../durations.js";
import { ConflictError } from "../errors.js";
import { appendAudit, redactAudit } from "./audit.js";
import type { LedgerDatabase } from "./driver.js";
import { findByTitle, notExpired, requireRow, requireWithin, toView, viewWithLinks } from "./entry-row.js";
import { matchExpressions, noQueryWords, queryWords } from "./fts-query.js";
import {
  type Actor,
  type ChangeResult,
  type DuePurgeResult,
  type EntryView,
  LIMITS,
  PURGE_ACTOR,
} from "./memory-types.js";
import { type Entry, entries } from "./schema.js";

function moveToTrash(db: LedgerDatabase, row: Entry, actor: Actor, now: number, reason?: string): EntryView {
  db.update(entries).set({ trashedAt: now }).where(eq(entries.id, row.id)).run();
  appendAudit(db, {
    entryId: row.id,
    scope: row.scope,
    action: "trash",
    actor,
    at: now,
    changes: { trashed_at: [null, now] },
    reason,
  });
  return viewWithLinks(db, requireRow(db, row.id));
}

export function trashEntry(db: LedgerDatabase, id: string, actor: Actor, now: number, reason?: string): ChangeResult {
  const row = requireRow(db, id);
  if (row.trashedAt !== null) {
    throw new ConflictError(
      `entry ${id} ("${row.title}") is already in the trash since ${new Date(row.trashedAt).toISOString()}`,
    );
  }
  return { entry: moveToTrash(db, row, actor, now, reason), changes: { trashed_at: [null, now] } };
}

/**
 * Trashes the live entries of `scopes` that match every word of `query`. A query that matches more than a handful
 * is refused as too vague, so one careless word cannot empty a project's memory.
 */
export function trashByQuery(
  db: LedgerDatabase,
  query: string,
  scopes: readonly string[],
  actor: Actor,
  now: number,
  reason?: string,
): EntryView[] {
  const { words } = queryWords(query);
  if (words.length === 0) throw noQueryWords();
  if (scopes.length === 0) return [];
  const rows = db.all<{ id: string }>(sql`
    SELECT ${entries.id} AS id FROM entries_fts JOIN ${entries} ON ${entries.seq} = entries_fts.rowid
    WHERE entries_fts MATCH ${matchExpressions(words).all}
      AND ${and(inArray(entries.scope, [...scopes]), isNull(entries.trashedAt), notExpired(now))}
    ORDER BY ${entries.seq}`);
  if (rows.length > LIMITS.trashByQuery) {
    throw new ConflictError(
      `query "${words.join(" ")}" matches ${rows.length} entries, more than ${LIMITS.trashByQuery} at once; nothing was trashed. Narrow the query, or forget by id.`,
    );
  }
  return rows.map((r) => moveToTrash(db, requireRow(db, r.id), actor, now, reason));
}

/** Back where it lived, unless a live entry took its title meanwhile. */
export function restoreEntry(
  db: LedgerDatabase,
  id: string,
  actor: Actor,
  now: number,
  within?: readonly string[],
): ChangeResult {
  const row = requireWithin(requireRow(db, id), within);
  if (row.trashedAt === null) throw new ConflictError(`entry ${id} ("${row.title}") is not in the trash`);
  const holder = findByTitle(db, row.scope, row.title);
  if (holder) {
    throw new ConflictError(
      `cannot restore ${id}: entry ${holder.id} now holds the title "${holder.title}" in the same scope. Trash ${holder.id} first, or keep it and leave ${id} in the trash.`,
    );
  }
  const changes = { trashed_at: [row.trashedAt, null] as [unknown, unknown] };
  db.update(entries).set({ trashedAt: null }).where(eq(entries.id, id)).run();
  appendAudit(db, { entryId: id, scope: row.scope, action: "restore", actor, at: now, changes });
  return { entry: viewWithLinks(db, requireRow(db, id)), changes };
}

/**
 * Permanent delete: the row and its index terms go (secure_delete zeroes them), its audit rows keep only who and
 * when, and a tombstone row records the purge. The caller compacts the index (`compactFtsIndex`) in the same
 * transaction and checkpoints the WAL afterwards.
 */
export function purgeEntry(
  db: LedgerDatabase,
  id: string,
  actor: Actor,
  now: number,
  action: "purge" | "expire" = "purge",
): EntryView {
  const row = requireRow(db, id);
  const view = toView(row);
  db.delete(entries).where(eq(entries.id, id)).run();
  redactAudit(db, id);
  appendAudit(db, { entryId: id, scope: row.scope, action, actor, at: now });
  return view;
}

/**
 * Rewrites the full-text index as one segment built from the live entries. secure-delete takes a deleted row's terms
 * off the index's leaves, but the segment table keeps each leaf's first term as a separator, so a purged word could
 * survive there; an optimize leaves only separators of live terms (and secure_delete zeroes the pages it frees).
 */
export function compactFtsIndex(db: LedgerDatabase): void {
  db.run(sql`INSERT INTO entries_fts(entries_fts) VALUES ('optimize')`);
}

/** Purges entries past their expiry (audited as `expire`) and trash older than `trashDays` (audited as `purge`). */
export function purgeDueEntries(db: LedgerDatabase, now: number, trashDays: number): DuePurgeResult {
  // Sorted here, not by ORDER BY: with it SQLite walks the search's index in seq order, every row on every save,
  // instead of looking up the few due rows by their expiry or trash time.
  const ids = (where: ReturnType<typeof and>) =>
    db
      .select({ id: entries.id, seq: entries.seq })
      .from(entries)
      .where(where)
      .all()
      .sort((a, b) => a.seq - b.seq)
      .map((r) => r.id);
  const expired = ids(and(isNotNull(entries.expiresAt), lte(entries.expiresAt, now)));
  for (const id of expired) purgeEntry(db, id, PURGE_ACTOR, now, "expire");
  const old = ids(and(isNotNull(entries.trashedAt), lte(entries.trashedAt, now - trashDays * DAY_MS)));
  for (const id of old) purgeEntry(db, id, PURGE_ACTOR, now, "purge");
  if (expired.length + old.length > 0) compactFtsIndex(db);
  return { expired: expired.length, purged: old.length };
}

/** Whether the due purge would find anything: lets a read-mostly caller skip opening a write transaction. */
export function hasDueEntries(db: LedgerDatabase, now: number, trashDays: number): boolean {
  const due = db
    .select({ id: entries.id })
    .from(entries)
    .where(
      sql`(${entries.expiresAt} IS NOT NULL AND ${entries.expiresAt} <= ${now}) OR (${entries.trashedAt} IS NOT NULL AND ${entries.trashedAt} <= ${now - trashDays * DAY_MS})`,
    )
    .limit(1)
    .get();
  return due !== undefined;
}
