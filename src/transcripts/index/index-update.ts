/**
 * Brings one transcript's index up to its last complete line, in one write transaction of the index: the lines past
 * what the index covers are read into units and added (normally just what an export appended). When the index's
 * record does not fit the file any more (another file, shorter than what was indexed, different bytes before the
 * point it stopped at), the transcript is indexed again from its first line. Units start at marker lines, so a
 * transcript indexed as it grew and one indexed whole agree line for line.
 */
import fs from "node:fs";
import { redactLines } from "../../secret-guard/redact.js";
import { findSecret } from "../../secret-guard/secret-guard.js";
import { redactKeyBodyRun } from "../key-block-lines.js";
import type { IndexConnection } from "./index-connection.js";
import { type IndexedText, storedColumns, withoutEscapes, wordsOf } from "./index-tokens.js";
import { inTransaction } from "./index-transactions.js";
import { initialState } from "./reader-state.js";
import { resumeOf, resumePoint, type SessionRow, tailHash } from "./resume-point.js";
import { readUnits, type Unit } from "./transcript-units.js";
import { MARKER_ROWS, ROLE_CODES } from "./unit-columns.js";

export interface IndexedTranscript {
  sessionID: string;
  /** Absolute path and path relative to the transcripts folder. */
  path: string;
  relative: string;
  scope?: string;
}

export interface IndexRefresh {
  /** Why the transcript was indexed from its first line, when it was ("new" for a first index). */
  restarted?: string;
  addedUnits: number;
  addedBytes: number;
  lines: number;
  bytes: number;
}

/**
 * Lines of a unit as the index stores them: a recognised credential is replaced by `[redacted: <kind>]` and the
 * rest of its line kept, so the words around it are found while the index never holds the value. A unit holds at
 * most 32 lines, so a private key can straddle two: rows of a key whose BEGIN line is in an earlier unit are
 * redacted too, read back from the file.
 */
function storedText(file: string, unit: Unit): { columns: IndexedText; partial: boolean } {
  // One look at the whole unit first: most hold no secret, and the guard's cost is per call as much as per byte. The
  // text it looked at is the one tokenized, unless something in it was redacted.
  const joined = unit.texts.join("\n");
  const found = findSecret(joined) !== undefined;
  const texts = found ? redactLines(unit.texts).lines : unit.texts;
  const rows = redactKeyBodyRun(file, { firstLine: unit.firstLine, byteStart: unit.byteStart, texts });
  const text = found || rows.redacted > 0 ? rows.texts.join("\n") : joined;
  const plain = withoutEscapes(text);
  const call = unit.call === undefined ? "" : safeCall(withoutEscapes(unit.call));
  return { columns: storedColumns(call === "" ? plain : `${call}\n${plain}`), partial: plain !== text };
}

/**
 * A tool call's start as a unit of its output carries it into the index, and as the reading's state keeps it between
 * two updates: redacted like any line, and left out whole when it holds a private key (its rows are not recognised
 * without their BEGIN line).
 */
function safeCall(call: string): string {
  if (call.includes("PRIVATE KEY")) return "";
  return redactedText(call);
}

/** Lines joined with newlines, each recognised credential replaced by `[redacted: <kind>]` (one look when none). */
function redactedText(text: string): string {
  return findSecret(text) === undefined ? text : redactLines(text.split("\n")).lines.join("\n");
}

/**
 * The plugin's own tools (`memory_*`): what they return is what the plugin read from its store and transcripts, and
 * what the recall tools were asked is the asking turn's question, so neither is indexed (a search would find its
 * own earlier results). What `memory_save` was given is what the user chose to keep: it stays.
 */
export function isOwnToolUnit(unit: Pick<Unit, "role" | "tool">): boolean {
  if (unit.tool === null || !unit.tool.startsWith("memory_")) return false;
  return !(unit.role === "tool-input" && unit.tool === "memory_save");
}

/**
 * Adds one unit under the id `id`, the same for its row and its text. The caller numbers them from the largest id in
 * the table inside its write transaction (what SQLite itself would choose): an INSERT … RETURNING id read back per unit
 * cost several times the insert itself under bun:sqlite.
 */
function insertUnit(connection: IndexConnection, sid: number, id: number, unit: Unit, file: string): boolean {
  connection.run(
    "INSERT INTO units (id, sid, first_line, line_span, byte_start, byte_span, role_code, tool, time, call_start, call_end) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    id,
    sid,
    unit.firstLine,
    unit.lastLine - unit.firstLine,
    unit.byteStart,
    unit.byteEnd - unit.byteStart,
    ROLE_CODES[unit.role],
    unit.tool,
    unit.time,
    unit.callStart ?? null,
    unit.callEnd ?? null,
  );
  const { columns, partial } = storedText(file, unit);
  connection.run("INSERT INTO unit_text (rowid, words, whole) VALUES (?, ?, ?)", id, columns.words, columns.whole);
  return partial;
}

const markerRange = (sid: number) => [sid * MARKER_ROWS, (sid + 1) * MARKER_ROWS] as const;

/**
 * Adds the words of the bare marker lines one update read (transcript-units.ts, `isBareMarker`: in no unit) as one
 * row of `marker_text`, each word once: only the literal and regex searches ask it, so a transcript whose only line
 * holding a literal's words is a message header is never ruled out by the index (index-rule-out.ts). Redacted and
 * without escape sequences as a unit's text is; returns whether something was left out (the session's `partial`):
 * the row it would need past the session's MARKER_ROWS, or text the index does not hold. Unlike a unit's, a redaction
 * here counts: the rule-out keeps the sessions holding `redacted` by asking the units' table only.
 */
function insertMarkerWords(connection: IndexConnection, sid: number, lines: readonly string[]): boolean {
  const joined = lines.join("\n");
  const text = redactedText(joined);
  const plain = withoutEscapes(text);
  const words = [...new Set(wordsOf(plain))].join(" ");
  if (words === "") return plain !== joined;
  const [from, to] = markerRange(sid);
  const last = connection.get<{ id: number }>(
    "SELECT rowid AS id FROM marker_text WHERE rowid >= ? AND rowid < ? ORDER BY rowid DESC LIMIT 1",
    from,
    to,
  );
  const id = last === undefined ? from : last.id + 1;
  if (id >= to) return true;
  connection.run("INSERT INTO marker_text (rowid, words) VALUES (?, ?)", id, words);
  return plain !== joined;
}

/**
 * Adds the record of a transcript indexed from its first line, numbered as SQLite itself would (one more than the
 * largest): read back with RETURNING it cost more than the whole record's update under bun:sqlite.
 */
function insertSession(connection: IndexConnection, transcript: IndexedTranscript): number {
  const sid = (connection.get<{ sid: number }>("SELECT coalesce(max(sid), 0) AS sid FROM sessions")?.sid ?? 0) + 1;
  connection.run(
    "INSERT INTO sessions (sid, session_id, relative, ino, lines, bytes, tail_hash, state, mtime_ms) VALUES (?, ?, ?, 0, 0, 0, '', '{}', 0)",
    sid,
    transcript.sessionID,
    transcript.relative,
  );
  return sid;
}

/** Removes one session's units, marker words and record. */
export function dropSession(connection: IndexConnection, sessionID: string): void {
  const row = connection.get<{ sid: number }>("SELECT sid FROM sessions WHERE session_id = ?", sessionID);
  if (row === undefined) return;
  connection.run("DELETE FROM unit_text WHERE rowid IN (SELECT id FROM units WHERE sid = ?)", row.sid);
  connection.run("DELETE FROM units WHERE sid = ?", row.sid);
  connection.run("DELETE FROM marker_text WHERE rowid >= ? AND rowid < ?", ...markerRange(row.sid));
  connection.run("DELETE FROM sessions WHERE sid = ?", row.sid);
}

/** Indexes what `transcript` holds past what the index covers. Throws on a file system or SQLite error. */
export function refreshIndex(connection: IndexConnection, transcript: IndexedTranscript): IndexRefresh {
  return inTransaction(connection, () => {
    const stat = fs.lstatSync(transcript.path);
    const row = connection.get<SessionRow>(
      "SELECT sid, ino, lines, bytes, tail_hash, state, mtime_ms, check_line, check_byte FROM sessions WHERE session_id = ?",
      transcript.sessionID,
    );
    const point = resumePoint(row, transcript.path, stat);
    const restarted = typeof point === "string" ? point : undefined;
    if (restarted && row) dropSession(connection, transcript.sessionID);
    const from = typeof point === "string" ? { lines: 0, bytes: 0, state: initialState() } : resumeOf(point);
    if (!restarted && from.bytes === stat.size) {
      // Looked at and found whole: its time is recorded so the catch-up does not look again (index-catch-up.ts).
      if (row && stat.mtimeMs !== row.mtime_ms)
        connection.run("UPDATE sessions SET mtime_ms = ? WHERE sid = ?", stat.mtimeMs, row.sid);
      return { addedUnits: 0, addedBytes: 0, ...from };
    }
    const sid = !restarted && row ? row.sid : insertSession(connection, transcript);
    let nextId = (connection.get<{ id: number }>("SELECT coalesce(max(id), 0) AS id FROM units")?.id ?? 0) + 1;
    let addedUnits = 0;
    let partial = false;
    let firstTime: number | null = null;
    let lastTime: number | null = null;
    let check: { line: number; byte: number } | undefined;
    const bare: string[] = [];
    const end = readUnits(
      transcript.path,
      { fromByte: from.bytes, fromLine: from.lines + 1, state: from.state },
      (unit) => {
        if (isOwnToolUnit(unit)) {
          partial = true;
          return;
        }
        if (insertUnit(connection, sid, nextId++, unit, transcript.path)) partial = true;
        addedUnits++;
        if (unit.firstLine > 0) check = { line: unit.firstLine, byte: unit.byteStart };
        if (unit.time !== null) {
          firstTime ??= unit.time;
          lastTime = unit.time;
        }
      },
      (text) => {
        // An id of its own that no unit takes: units stand as far apart as when these lines were units, so a unit's
        // neighbours (candidates-in-context.ts) are the ones they were.
        nextId++;
        bare.push(text);
      },
    );
    if (bare.length > 0 && insertMarkerWords(connection, sid, bare)) partial = true;
    connection.run(
      `UPDATE sessions SET relative = ?, scope = coalesce(?, scope), ino = ?, lines = ?, bytes = ?, tail_hash = ?,
         state = ?, mtime_ms = ?, first_time = coalesce(first_time, ?), last_time = coalesce(?, last_time),
         partial = max(partial, ?), check_line = coalesce(?, check_line), check_byte = coalesce(?, check_byte),
         bare = bare + ?
       WHERE sid = ?`,
      transcript.relative,
      transcript.scope ?? null,
      stat.ino,
      end.lines,
      end.bytes,
      tailHash(transcript.path, end.bytes),
      JSON.stringify({ ...end.state, call: safeCall(end.state.call) }),
      stat.mtimeMs,
      firstTime,
      lastTime,
      partial ? 1 : 0,
      check?.line ?? null,
      check?.byte ?? null,
      bare.length,
      sid,
    );
    return { restarted, addedUnits, addedBytes: end.bytes - from.bytes, lines: end.lines, bytes: end.bytes };
  });
}
