/**
 * The store's index of transcripts: one row per transcript, one per exported message and one per exported part.
 * Every function runs inside the caller's transaction (`Database.write`) or read.
 */
import { desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { LedgerDatabase } from "../store/driver.js";
import {
  type NewTranscriptRow,
  type TranscriptRow,
  transcriptMessages,
  transcriptParts,
  transcripts,
} from "../store/schema.js";
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
const SELECT_ONE = sql.raw(`SELECT ${selectList(COLUMNS)} FROM transcripts WHERE session_id = `);

// Plain SQL, the same row: building the ORM's query cost more than running it, on every export.
export function getTranscript(db: LedgerDatabase, sessionID: string): TranscriptRow | undefined {
  // `all`, not `get`: the drivers' raw `get` gives the row's values without their names.
  return db.all<TranscriptRow>(sql`${SELECT_ONE}${sessionID}`)[0];
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

// One statement per session whatever its size: the rows go in as one JSON array, so no query is built per row (the
// ORM's multi-row insert cost more than the rest of an export's store work) and SQLite's parameter limit never binds.
export function upsertMessageRows(db: LedgerDatabase, sessionID: string, rows: readonly MessageUpsert[]): void {
  if (rows.length === 0) return;
  const values = JSON.stringify(rows.map((r) => [r.messageId, r.hash, r.line]));
  db.run(sql`INSERT INTO transcript_messages (session_id, message_id, hash, line)
    SELECT ${sessionID}, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]')
    FROM json_each(${values}) WHERE true
    ON CONFLICT (session_id, message_id) DO UPDATE SET hash = excluded.hash, line = excluded.line`);
}

export function upsertPartRows(db: LedgerDatabase, sessionID: string, rows: readonly PartUpsert[]): void {
  if (rows.length === 0) return;
  const values = JSON.stringify(rows.map((r) => [r.partId, r.messageId, r.hash, r.line]));
  db.run(sql`INSERT INTO transcript_parts (session_id, part_id, message_id, hash, line)
    SELECT ${sessionID}, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
      json_extract(value, '$[3]')
    FROM json_each(${values}) WHERE true
    ON CONFLICT (session_id, part_id) DO UPDATE SET
      hash = excluded.hash, line = excluded.line, message_id = excluded.message_id`);
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

/** The insert-or-update of a row with these fields, made once per set of fields. */
const upserts = new Map<string, { into: SQL; tail: SQL }>();

/** Inserts the row, or updates the fields it gives (the others keep what they hold). */
export function saveTranscript(db: LedgerDatabase, row: NewTranscriptRow): void {
  const given = COLUMNS.filter((c) => row[c.field as keyof NewTranscriptRow] !== undefined);
  const key = given.map((c) => c.field).join(",");
  let head = upserts.get(key);
  if (!head) {
    const set = given.filter((c) => c.field !== "sessionId").map((c) => `"${c.name}" = excluded."${c.name}"`);
    head = {
      into: sql.raw(`INSERT INTO transcripts (${given.map((c) => `"${c.name}"`).join(", ")}) VALUES (`),
      tail: sql.raw(`) ON CONFLICT (session_id) DO ${set.length > 0 ? `UPDATE SET ${set.join(", ")}` : "NOTHING"}`),
    };
    upserts.set(key, head);
  }
  const values = given.map((c) => sql`${row[c.field as keyof NewTranscriptRow]}`);
  db.run(sql`${head.into}${sql.join(values, sql`, `)}${head.tail}`);
}

export function deleteTranscript(db: LedgerDatabase, sessionID: string): void {
  forgetAll(db, sessionID);
  db.delete(transcripts).where(eq(transcripts.sessionId, sessionID)).run();
}
