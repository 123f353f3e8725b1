/**
 * The store's index of transcripts: one row per transcript, and one per exported message holding its parts.
 * Every function runs inside the caller's transaction (`Database.write`) or read. The statements every export runs
 * are plain SQL on the connection's statements, prepared once per connection: building and preparing the ORM's query
 * anew cost more than running it.
 */
import { desc, inArray, sql } from "drizzle-orm";
import type { LedgerDatabase } from "../store/driver.js";
import { type NewTranscriptRow, type TranscriptRow, transcripts } from "../store/schema.js";
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

/**
 * When the session was last used: its last message. A backfill exports every past session within minutes, so the
 * export time (`updatedAt`) says nothing about which sessions a person used last; it stands in only for a transcript
 * with no message time.
 */
export function lastActivity(row: Pick<TranscriptRow, "lastMessageAt" | "updatedAt">): number {
  return row.lastMessageAt ?? row.updatedAt;
}

/** The transcripts of `scopes` (all when undefined), the session used last first. */
export function listTranscripts(db: LedgerDatabase, scopes?: readonly string[]): TranscriptRow[] {
  const query = db.select().from(transcripts);
  const filtered = scopes ? query.where(inArray(transcripts.scope, [...scopes])) : query;
  const activity = sql`coalesce(${transcripts.lastMessageAt}, ${transcripts.updatedAt})`;
  return filtered.orderBy(desc(activity), desc(transcripts.createdAt)).all();
}

/**
 * The row of message "" holds the session's own units (title, revert) in its parts; it is no message, and its hash
 * and line say nothing.
 */
export const SESSION_UNITS = "";

export function loadMessageRows(connection: SqliteConnection, sessionID: string): Map<string, UnitRow> {
  const rows = connection.all<{ id: string; hash: string; line: number }>(
    "SELECT message_id AS id, hash, line FROM transcript_messages WHERE session_id = ? AND message_id <> ''",
    sessionID,
  );
  const map = new Map<string, UnitRow>();
  for (const r of rows) map.set(r.id, { hash: r.hash, line: r.line });
  return map;
}

/** A message row's parts: `[part id, hash, line]` each, in the order they were written. */
type StoredParts = Array<[string, string, number]>;

const partsOf = (stored: string): Map<string, UnitRow> =>
  new Map((JSON.parse(stored) as StoredParts).map(([id, hash, line]) => [id, { hash, line }]));

/** The part rows of one message (`SESSION_UNITS`: the session's own units). */
export function loadPartRows(connection: SqliteConnection, sessionID: string, messageID: string): Map<string, UnitRow> {
  return partsOf(heldRow(connection, sessionID, messageID)?.parts ?? "[]");
}

const heldRow = (connection: SqliteConnection, sessionID: string, messageID: string) =>
  connection.all<UnitRow & { parts: string }>(
    "SELECT hash, line, parts FROM transcript_messages WHERE session_id = ? AND message_id = ?",
    sessionID,
    messageID,
  )[0];

/** Where each message header and each part of a session was last written: the lines a session map points at. */
export interface LineIndex {
  message(messageID: string): number | undefined;
  part(partID: string): number | undefined;
}

const pointed = (row: UnitRow) => row.hash !== REMOVED && row.line > 0;

/**
 * The line index of a session whose only rows are these, about to be written (a session without rows before the
 * export): what `loadLineIndex` reads back after they are stored, without reading. Made when first asked.
 */
export function lineIndexOf(messages: readonly MessageUpsert[], parts: readonly PartUpsert[]): LineIndex {
  let index: LineIndex | undefined;
  const made = () => {
    index ??= indexOf(
      messages.filter(pointed).map((r) => [r.messageId, r.line]),
      parts.filter(pointed).map((r) => [r.partId, r.line]),
    );
    return index;
  };
  return { message: (id) => made().message(id), part: (id) => made().part(id) };
}

function indexOf(messages: Iterable<[string, number]>, parts: Iterable<[string, number]>): LineIndex {
  const byMessage = new Map(messages);
  const byPart = new Map(parts);
  return { message: (id) => byMessage.get(id), part: (id) => byPart.get(id) };
}

export function loadLineIndex(connection: SqliteConnection, sessionID: string): LineIndex {
  const messages = connection.all<{ id: string; line: number }>(
    "SELECT message_id AS id, line FROM transcript_messages WHERE session_id = ? AND message_id <> '' AND hash <> ? AND line > 0",
    sessionID,
    REMOVED,
  );
  // Every row's parts as one JSON array, parsed at once: a parse per row cost more than the read.
  const [all] = connection.all<{ parts: string | null }>(
    "SELECT '[' || group_concat(parts, ',') || ']' AS parts FROM transcript_messages WHERE session_id = ?",
    sessionID,
  );
  const parts: Array<[string, number]> = [];
  for (const row of JSON.parse(all?.parts ?? "[]") as StoredParts[]) {
    for (const [id, hash, line] of row) if (pointed({ hash, line })) parts.push([id, line]);
  }
  return indexOf(
    messages.map((r) => [r.id, r.line]),
    parts,
  );
}

/**
 * Stores what an export wrote: the row of each message it names, its parts those the row held with the export's
 * changed, added or removed ones (by part id) written over them. `fresh`: the session has no rows yet, and nothing is
 * read. One statement per session whatever its size: the rows go in as one JSON array, so no query is built per row
 * and SQLite's parameter limit never binds.
 */
export function saveUnits(
  connection: SqliteConnection,
  sessionID: string,
  units: { messages: readonly MessageUpsert[]; parts: readonly PartUpsert[] },
  fresh: boolean,
): void {
  // Each message named once, in the order first named: its new row (the last given) and its changed parts.
  const named = new Map<string, { row?: UnitRow; parts: PartUpsert[] }>();
  const entry = (messageId: string) => {
    const found = named.get(messageId) ?? { parts: [] };
    named.set(messageId, found);
    return found;
  };
  for (const message of units.messages) entry(message.messageId).row = message;
  for (const part of units.parts) entry(part.messageId).parts.push(part);
  if (named.size === 0) return;
  const rows: Array<[string, string, number, string]> = [];
  for (const [messageId, { row, parts: changed }] of named) {
    const held = fresh ? undefined : heldRow(connection, sessionID, messageId);
    const parts = partsOf(held?.parts ?? "[]");
    for (const part of changed) parts.set(part.partId, { hash: part.hash, line: part.line });
    // A message without a new row (the session's units) keeps the hash and line it had.
    const { hash, line } = row ?? held ?? { hash: "", line: 0 };
    const stored: StoredParts = [...parts].map(([id, part]) => [id, part.hash, part.line]);
    rows.push([messageId, hash, line, JSON.stringify(stored)]);
  }
  connection.run(
    `INSERT INTO transcript_messages (session_id, message_id, hash, line, parts)
    SELECT ?, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
      json_extract(value, '$[3]')
    FROM json_each(?) WHERE true
    ON CONFLICT (session_id, message_id) DO UPDATE SET hash = excluded.hash, line = excluded.line, parts = excluded.parts`,
    sessionID,
    JSON.stringify(rows),
  );
}

/** Line of a message or part whose first line was removed from the file by hand: kept as written, pointed at never. */
export const LINE_REMOVED = 0;

/** Rows whose line is in one of `ranges` (numbers removed from the file by hand) no longer name a line. */
export function forgetLines(
  connection: SqliteConnection,
  sessionID: string,
  ranges: ReadonlyArray<readonly [number, number]>,
): void {
  const removed = (line: number) => ranges.some(([first, last]) => line >= first && line <= last);
  const rows = connection.all<{ id: string; line: number; parts: string }>(
    "SELECT message_id AS id, line, parts FROM transcript_messages WHERE session_id = ?",
    sessionID,
  );
  for (const row of rows) {
    const parts = JSON.parse(row.parts) as StoredParts;
    const hit = parts.filter((part) => removed(part[2]));
    if (hit.length === 0 && !removed(row.line)) continue;
    for (const part of hit) part[2] = LINE_REMOVED;
    connection.run(
      "UPDATE transcript_messages SET line = ?, parts = ? WHERE session_id = ? AND message_id = ?",
      removed(row.line) ? LINE_REMOVED : row.line,
      JSON.stringify(parts),
      sessionID,
      row.id,
    );
  }
}

/** Drops every message row of the session (with the parts they hold). */
export function forgetAll(connection: SqliteConnection, sessionID: string): void {
  connection.run("DELETE FROM transcript_messages WHERE session_id = ?", sessionID);
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

export function deleteTranscript(connection: SqliteConnection, sessionID: string): void {
  forgetAll(connection, sessionID);
  connection.run("DELETE FROM transcripts WHERE session_id = ?", sessionID);
}
