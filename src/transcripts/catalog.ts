/**
 * The store's index of transcripts: one row per transcript, one per exported message and one per exported part.
 * Every function runs inside the caller's transaction (`Database.write`) or read.
 */
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { LedgerDatabase } from "../store/driver.js";
import {
  type NewTranscriptRow,
  type TranscriptRow,
  transcriptMessages,
  transcriptParts,
  transcripts,
} from "../store/schema.js";

export interface UnitRow {
  hash: string;
  line: number;
}

export interface PartUpsert extends UnitRow {
  partId: string;
  messageId: string;
}

export interface MessageUpsert extends UnitRow {
  messageId: string;
}

/** The hash stored for a message or part once its removal was noted. */
export const REMOVED = "removed";

/** Rows are written in batches below SQLite's bound-parameter limit. */
const BATCH = 500;

/** The value an upsert tried to insert, for its `DO UPDATE SET`. */
const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

export function getTranscript(db: LedgerDatabase, sessionID: string): TranscriptRow | undefined {
  return db.select().from(transcripts).where(eq(transcripts.sessionId, sessionID)).get();
}

export function listTranscripts(db: LedgerDatabase, scopes?: readonly string[]): TranscriptRow[] {
  const query = db.select().from(transcripts);
  const filtered = scopes ? query.where(inArray(transcripts.scope, [...scopes])) : query;
  return filtered.orderBy(desc(transcripts.updatedAt)).all();
}

// The two loads below run on every export; plain SQL keeps them cheap on a 2,000-message session.
export function loadMessageRows(db: LedgerDatabase, sessionID: string): Map<string, UnitRow> {
  const rows = db.all<{ id: string; hash: string; line: number }>(
    sql`SELECT message_id AS id, hash, line FROM transcript_messages WHERE session_id = ${sessionID}`,
  );
  const map = new Map<string, UnitRow>();
  for (const r of rows) map.set(r.id, { hash: r.hash, line: r.line });
  return map;
}

/** The part rows of one message (`messageID` "" holds the session's own units: title, revert). */
export function loadPartRows(db: LedgerDatabase, sessionID: string, messageID: string): Map<string, UnitRow> {
  const rows = db.all<{ id: string; hash: string; line: number }>(
    sql`SELECT part_id AS id, hash, line FROM transcript_parts WHERE session_id = ${sessionID} AND message_id = ${messageID}`,
  );
  const map = new Map<string, UnitRow>();
  for (const r of rows) map.set(r.id, { hash: r.hash, line: r.line });
  return map;
}

/** Where each message header and each part of a session was last written: the lines a session map points at. */
export interface LineIndex {
  message(messageID: string): number | undefined;
  part(partID: string): number | undefined;
}

export function loadLineIndex(db: LedgerDatabase, sessionID: string): LineIndex {
  const messages = new Map<string, number>();
  const parts = new Map<string, number>();
  const messageRows = db.all<{ id: string; line: number }>(
    sql`SELECT message_id AS id, line FROM transcript_messages WHERE session_id = ${sessionID} AND hash <> ${REMOVED} AND line > 0`,
  );
  for (const r of messageRows) messages.set(r.id, r.line);
  const partRows = db.all<{ id: string; line: number }>(
    sql`SELECT part_id AS id, line FROM transcript_parts WHERE session_id = ${sessionID} AND hash <> ${REMOVED} AND line > 0`,
  );
  for (const r of partRows) parts.set(r.id, r.line);
  return { message: (id) => messages.get(id), part: (id) => parts.get(id) };
}

export function upsertMessageRows(db: LedgerDatabase, sessionID: string, rows: readonly MessageUpsert[]): void {
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = rows.slice(i, i + BATCH).map((r) => ({ sessionId: sessionID, ...r }));
    db.insert(transcriptMessages)
      .values(values)
      .onConflictDoUpdate({
        target: [transcriptMessages.sessionId, transcriptMessages.messageId],
        set: { hash: sqlExcluded("hash"), line: sqlExcluded("line") },
      })
      .run();
  }
}

export function upsertPartRows(db: LedgerDatabase, sessionID: string, rows: readonly PartUpsert[]): void {
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = rows.slice(i, i + BATCH).map((r) => ({ sessionId: sessionID, ...r }));
    db.insert(transcriptParts)
      .values(values)
      .onConflictDoUpdate({
        target: [transcriptParts.sessionId, transcriptParts.partId],
        set: { hash: sqlExcluded("hash"), line: sqlExcluded("line"), messageId: sqlExcluded("message_id") },
      })
      .run();
  }
}

/** Line of a message or part whose first line was removed from the file by hand: kept as written, pointed at never. */
export const LINE_REMOVED = 0;

/** Rows whose line is in one of `ranges` (numbers removed from the file by hand) no longer name a line. */
export function forgetLines(
  db: LedgerDatabase,
  sessionID: string,
  ranges: ReadonlyArray<readonly [number, number]>,
): void {
  for (const [first, last] of ranges) {
    db.run(
      sql`UPDATE transcript_parts SET line = ${LINE_REMOVED} WHERE session_id = ${sessionID} AND line BETWEEN ${first} AND ${last}`,
    );
    db.run(
      sql`UPDATE transcript_messages SET line = ${LINE_REMOVED} WHERE session_id = ${sessionID} AND line BETWEEN ${first} AND ${last}`,
    );
  }
}

export function forgetAll(db: LedgerDatabase, sessionID: string): void {
  db.delete(transcriptParts).where(eq(transcriptParts.sessionId, sessionID)).run();
  db.delete(transcriptMessages).where(eq(transcriptMessages.sessionId, sessionID)).run();
}

export function saveTranscript(db: LedgerDatabase, row: NewTranscriptRow): void {
  const { sessionId: _, ...set } = row;
  db.insert(transcripts).values(row).onConflictDoUpdate({ target: transcripts.sessionId, set }).run();
}

export function deleteTranscript(db: LedgerDatabase, sessionID: string): void {
  forgetAll(db, sessionID);
  db.delete(transcripts).where(eq(transcripts.sessionId, sessionID)).run();
}
