/**
 * The two ways an export appends to its transcript, inside the store's write transaction: after the file's end (the
 * usual way, with repair notes first when the tail check found something to repair), or by resuming an interrupted
 * export whose lines are already there.
 */
import type { TranscriptRow } from "../../store/schema.js";
import type { SqliteConnection } from "../../store/sqlite-connection.js";
import { forgetAll, forgetLines, loadMessageRows, type UnitRow } from "../catalog.js";
import { appendBytes, appendLines, formatLines, type TailCheck } from "../transcript-file.js";
import type { ExportRequest } from "./export-transcript.js";
import { recall } from "./message-row-cache.js";
import type { Plan } from "./plan.js";
import { repairNotes } from "./repair-notes.js";
import { cutResumeNote, fileStartsPlan, resumeNote } from "./resume.js";

export type Known = Map<string, UnitRow>;
type Planner = (firstLine: number, preface: string[], tailMessageId: string | undefined, known: Known) => Plan;

/** One export's way of appending: the file, what its tail check found and the index's row of it. */
export interface Attempt {
  /** The open write transaction's connection. */
  connection: SqliteConnection;
  request: ExportRequest;
  file: string;
  tail: TailCheck;
  row: TranscriptRow | undefined;
  plan: Planner;
}

export interface Appended {
  /** What was planned: its message and part rows are recorded. */
  written: Plan;
  known: Known;
  /** First line that was not in the index before this export. */
  firstLine: number;
  /** Lines and bytes of the file afterwards. */
  lines: number;
  bytes: number;
  /** Lines this export wrote. */
  appended: number;
  /** The repair this export made, as logged; undefined when there was none. */
  repair?: string;
}

/** The usual export (and the fallback repair): repair notes first, then what the plan appends after the file's end. */
export function appendAfter({ connection, request, file, tail, row, plan }: Attempt): Appended {
  const { data, sessionID } = request;
  const preface = repairNotes(tail);
  // A missing file is written again whole; a file changed by hand is kept, and nothing in it is written again.
  if (tail.missing) forgetAll(connection, sessionID);
  // What started on a line removed by hand is not pointed at (by a note or a session map) any more.
  if (tail.handEdit) forgetLines(connection, sessionID, tail.handEdit.removed);
  const cached = preface.length === 0 ? recall(data.database, sessionID, row) : undefined;
  const known = cached ?? loadMessageRows(connection, sessionID);
  const tailMessage = preface.length === 0 ? (row?.lastMessageId ?? undefined) : undefined;
  const written = plan(tail.lines + 1, preface, tailMessage, known);
  const bytes = appendLines(file, tail.lines + 1, written.lines);
  return {
    written,
    known,
    firstLine: tail.lines + 1,
    lines: tail.lines + written.lines.length,
    bytes: tail.bytes + bytes,
    appended: written.lines.length,
    repair: preface.length > 0 ? preface.join(" ") : undefined,
  };
}

/** An interrupted export whose lines match what this one would write first: keep them, append the rest and a note. */
export function resume({ connection, request, file, tail, row, plan }: Attempt): Appended | undefined {
  const from = { lines: row?.lines ?? 0, bytes: row?.bytes ?? 0 };
  if (from.bytes > tail.bytes) return undefined;
  const known = loadMessageRows(connection, request.sessionID);
  const written = plan(from.lines + 1, [], row?.lastMessageId ?? undefined, known);
  const planned = formatLines(from.lines + 1, written.lines);
  let cut = false;
  if (!fileStartsPlan(file, from.bytes, tail.bytes, planned)) {
    const end = cutResumeNote(file, from.bytes, tail.bytes, planned);
    if (end === undefined) return undefined;
    Object.assign(tail, { bytes: end, lines: tail.lines - 1, unrecordedLines: tail.unrecordedLines - 1 });
    cut = true;
  }
  const repair = resumeNote(tail, from.lines + 1, cut);
  const lines = from.lines + written.lines.length + 1;
  const rest = Buffer.concat([planned.subarray(tail.bytes - from.bytes), formatLines(lines, [repair])]);
  const bytes = appendBytes(file, rest);
  // The file now ends with the note: the next export starts a new message block instead of continuing one.
  written.tailMessageId = undefined;
  return {
    written,
    known,
    firstLine: from.lines + 1,
    lines,
    bytes: tail.bytes + bytes,
    appended: lines - tail.lines,
    repair,
  };
}
