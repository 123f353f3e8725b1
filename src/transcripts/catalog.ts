/**
 * The store's index of transcripts: one row per transcript, one per exported message and one per exported part.
 * Every function runs inside the caller's transaction (`Database.write`) or read. The statements every export runs
 * are plain SQL on the connection's statements, prepared once per connection: building and preparing the ORM's query
 * anew cost more than running it.
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
import type { SqliteConnection } from "../store/sqlite-connection.js";
import { selectList, tableFields } from "../store/table-fields.js";

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

/** Each column of the transcripts table by its field name: the two statements every export runs are written once. */
const COLUMNS = tableFields(transcripts);
const SELECT_ONE = `SELECT ${selectList(COLUMNS)} FROM transcripts WHERE session_id = ?`;

export function getTranscript(connection: SqliteConnection, sessionID: string): TranscriptRow | undefined {
  return connection.all<TranscriptRow>(SELECT_ONE, sessionID)[0];
}

export function listTranscripts(db: LedgerDatabase, scopes?: readonly string[]): TranscriptRow[] {
  const query = db.select().from(transcripts);
  const filtered = scopes ? query.where(inArray(transcripts.scope, [...scopes])) : query;
  return filtered.orderBy(desc(transcripts.updatedAt)).all();
}

export function loadMessageRows(connection: SqliteConnection, sessionID: string): Map<string, UnitRow> {
  const rows = connection.all<{ id: string; hash: string; line: number }>(
    "SELECT message_id AS id, hash, line FROM transcript_messages WHERE session_id = ?",
    sessionID,
  );
  const map = new Map<string, UnitRow>();
  for (const r of rows) map.set(r.id, { hash: r.hash, line: r.line });
  return map;
}

/** The part rows of one message (`messageID` "" holds the session's own units: title, revert). */
export function loadPartRows(connection: SqliteConnection, sessionID: string, messageID: string): Map<string, UnitRow> {
  const rows = connection.all<{ id: string; hash: string; line: number }>(
    "SELECT part_id AS id, hash, line FROM transcript_parts WHERE session_id = ? AND message_id = ?",
    sessionID,
    messageID,
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

/**
 * The line index of a session whose only rows are these, about to be written (a transcript written from its first
 * line): what `loadLineIndex` reads back after they are stored, without reading.
 */
export function lineIndexOf(messages: readonly MessageUpsert[], parts: readonly PartUpsert[]): LineIndex {
  const pointed = (row: UnitRow) => row.hash !== REMOVED && row.line > 0;
  const byMessage = new Map(messages.filter(pointed).map((r) => [r.messageId, r.line]));
  const byPart = new Map(parts.filter(pointed).map((r) => [r.partId, r.line]));
  return { message: (id) => byMessage.get(id), part: (id) => byPart.get(id) };
}

export function loadLineIndex(connection: SqliteConnection, sessionID: string): LineIndex {
  const messages = new Map<string, number>();
  const parts = new Map<string, number>();
  const messageRows = connection.all<{ id: string; line: number }>(
    "SELECT message_id AS id, line FROM transcript_messages WHERE session_id = ? AND hash <> ? AND line > 0",
    sessionID,
    REMOVED,
  );
  for (const r of messageRows) messages.set(r.id, r.line);
  const partRows = connection.all<{ id: string; line: number }>(
    "SELECT part_id AS id, line FROM transcript_parts WHERE session_id = ? AND hash <> ? AND line > 0",
    sessionID,
    REMOVED,
  );
  for (const r of partRows) parts.set(r.id, r.line);
  return { message: (id) => messages.get(id), part: (id) => parts.get(id) };
}

// One statement per session whatever its size: the rows go in as one JSON array, so no query is built per row (the
// ORM's multi-row insert cost more than the rest of an export's store work) and SQLite's parameter limit never binds.
export function upsertMessageRows(
  connection: SqliteConnection,
  sessionID: string,
  rows: readonly MessageUpsert[],
): void {
  if (rows.length === 0) return;
  const values = JSON.stringify(rows.map((r) => [r.messageId, r.hash, r.line]));
  connection.run(
    `INSERT INTO transcript_messages (session_id, message_id, hash, line)
    SELECT ?, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]')
    FROM json_each(?) WHERE true
    ON CONFLICT (session_id, message_id) DO UPDATE SET hash = excluded.hash, line = excluded.line`,
    sessionID,
    values,
  );
}

export function upsertPartRows(connection: SqliteConnection, sessionID: string, rows: readonly PartUpsert[]): void {
  if (rows.length === 0) return;
  const values = JSON.stringify(rows.map((r) => [r.partId, r.messageId, r.hash, r.line]));
  connection.run(
    `INSERT INTO transcript_parts (session_id, part_id, message_id, hash, line)
    SELECT ?, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
      json_extract(value, '$[3]')
    FROM json_each(?) WHERE true
    ON CONFLICT (session_id, part_id) DO UPDATE SET
      hash = excluded.hash, line = excluded.line, message_id = excluded.message_id`,
    sessionID,
    values,
  );
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

/** The insert-or-update of a row with these fields, written once per set of fields. */
const upserts = new Map<string, string>();

/** Inserts the row, or updates the fields it gives (the others keep what they hold). */
export function saveTranscript(connection: SqliteConnection, row: NewTranscriptRow): void {
  const given = COLUMNS.filter((c) => row[c.field as keyof NewTranscriptRow] !== undefined);
  const key = given.map((c) => c.field).join(",");
  let statement = upserts.get(key);
  if (!statement) {
    const set = given.filter((c) => c.field !== "sessionId").map((c) => `"${c.name}" = excluded."${c.name}"`);
    statement = `INSERT INTO transcripts (${given.map((c) => `"${c.name}"`).join(", ")}) VALUES (${given.map(() => "?").join(", ")}) ON CONFLICT (session_id) DO ${set.length > 0 ? `UPDATE SET ${set.join(", ")}` : "NOTHING"}`;
    upserts.set(key, statement);
  }
  connection.run(statement, ...given.map((c) => row[c.field as keyof NewTranscriptRow]));
}

export function deleteTranscript(db: LedgerDatabase, sessionID: string): void {
  forgetAll(db, sessionID);
  db.delete(transcripts).where(eq(transcripts.sessionId, sessionID)).run();
}
