/**
 * Exports a session to its transcript. Exports of one session run one at a time across processes (the export lock,
 * held from reading the session off the host to the index update), so each one appends to what the one before it
 * wrote, from a newer snapshot. The file append and the index update run in one store write transaction: when the
 * process dies between the two, the next export finds the file ahead of the index and repairs it. The search sketch
 * and the full-text search index are brought up to the file's end after the transaction, still under the lock (both
 * are derived: a failure there is logged, and the next export or ranked search catches up from the same point). The
 * backfill asks for them later instead (`derived: "later"`), and brings them up in a pass of its own with
 * `keepDerived`.
 */
import path from "node:path";
import type { DataContext } from "../../data-context.js";
import { describeError, NotFoundError } from "../../errors.js";
import { checkSessionId } from "../../session-id.js";
import type { TranscriptRow } from "../../store/schema.js";
import type { SqliteConnection } from "../../store/sqlite-connection.js";
import {
  forgetAll,
  forgetLines,
  getTranscript,
  type LineIndex,
  lineIndexOf,
  loadLineIndex,
  loadMessageRows,
  loadPartRows,
  saveTranscript,
  saveUnits,
  type UnitRow,
} from "../catalog.js";
import { containedPath, scopeDir, transcriptPath } from "../paths.js";
import { isSummary } from "../render/message.js";
import { removeSketch } from "../sketch/file.js";
import { refreshSketch } from "../sketch/writer.js";
import type { SessionInfo, SessionMessage, SessionSource } from "../source/session-source.js";
import {
  appendBytes,
  appendLines,
  checkTail,
  ensureScopeDir,
  fileTailHash,
  formatLines,
  type TailCheck,
} from "../transcript-file.js";
import { withExportLock } from "./lock.js";
import { forget, recall, remember, stampOf } from "./message-row-cache.js";
import { type Plan, planExport } from "./plan.js";
import { repairNotes } from "./repair-notes.js";
import { canResume, cutResumeNote, fileStartsPlan, resumeNote } from "./resume.js";

export interface ExportRequest {
  data: DataContext;
  source: SessionSource;
  sessionID: string;
  /** Project the transcript belongs to; a transcript already exported stays where it is. */
  scope: string;
  /**
   * "later": the search sketch and index are left behind the transcript, to be brought up by `keepDerived` (the
   * backfill's second pass); until then a ranked search indexes what it needs and a literal one reads the whole file.
   * Default "now".
   */
  derived?: "now" | "later";
}

export interface ExportResult {
  sessionID: string;
  /** Absolute path of the transcript. */
  path: string;
  /** First line this export appended; `totalLines + 1` when it appended nothing. */
  firstLine: number;
  /** Last line of the transcript (= totalLines). */
  lastLine: number;
  totalLines: number;
  appendedLines: number;
  /** Text of the last user message that a person typed (synthetic and ignored parts left out); "" when none. */
  lastUserRequest: string;
  title: string;
  messageCount: number;
  /** The export found and repaired a torn or inconsistent file (and wrote a note saying so). */
  repaired: boolean;
  /** The file had been changed outside opencode-ledger: kept, a note appended, sketch and index made again. */
  handEdited: boolean;
  /** The session's folder, as OpenCode records it. */
  directory: string;
  /** The messages this export read (the snapshot the transcript now holds). */
  messages: readonly SessionMessage[];
  /** The transcript line of each message header and part, as of this export. */
  lines: LineIndex;
}

export async function exportTranscript(request: ExportRequest): Promise<ExportResult> {
  const [outcome] = await exportTranscripts([request]);
  if (outcome instanceof Error) throw outcome;
  return outcome as ExportResult;
}

/**
 * Exports several sessions (of one data context) in one store transaction: each under its export lock, all read from
 * the host first, then written with a savepoint each, so one that fails is undone alone (its file may then be ahead of
 * the catalog, which its next export repairs, as after a crash). Their search index updates then run in one index
 * transaction. The backfill's way, and a bulk export's: for a small session a commit costs about as much as the rest
 * of its store work, and FTS5 writes a segment at each. Each outcome, in the order asked, is the result or the error
 * met.
 */
export async function exportTranscripts(requests: readonly ExportRequest[]): Promise<Array<ExportResult | Error>> {
  const data = requests[0]?.data;
  if (requests.some((r) => r.data !== data)) throw new Error("exportTranscripts: one data context per call");
  if (new Set(requests.map((r) => r.sessionID)).size < requests.length) {
    throw new Error("exportTranscripts: each session once per call");
  }
  const outcomes = new Map<ExportRequest, ExportResult | Error>();
  const asked: ExportRequest[] = [];
  for (const request of requests) {
    try {
      checkSessionId(request.sessionID);
      // Asked before the lock, so an unknown session is refused without creating anything.
      if (!(await request.source.session(request.sessionID))) throw notInHost(request.sessionID);
      asked.push(request);
    } catch (error) {
      outcomes.set(request, asError(error));
    }
  }
  if (data && asked.length > 0) {
    // Taken in the order of their ids, so two processes exporting overlapping sets never wait on each other in a ring.
    const ordered = [...asked].sort((a, b) => (a.sessionID < b.sessionID ? -1 : a.sessionID > b.sessionID ? 1 : 0));
    const refused = new Map<string, Error>();
    await withExportLocks(data, ordered, refused, async () => {
      for (const r of ordered) {
        const error = refused.get(r.sessionID);
        if (error) outcomes.set(r, error);
      }
      // Written in the order asked (the backfill's newest first).
      await writeAll(
        data,
        asked.filter((r) => !refused.has(r.sessionID)),
        outcomes,
      );
    });
  }
  return requests.map((r) => outcomes.get(r) as ExportResult | Error);
}

/** Reads each held session off the host, writes them all in one store transaction, then keeps their derived files. */
async function writeAll(
  data: DataContext,
  held: readonly ExportRequest[],
  outcomes: Map<ExportRequest, ExportResult | Error>,
): Promise<void> {
  const read: { request: ExportRequest; info: SessionInfo; messages: readonly SessionMessage[] }[] = [];
  for (const request of held) {
    try {
      const info = await request.source.session(request.sessionID);
      if (!info) throw notInHost(request.sessionID);
      read.push({ request, info, messages: await request.source.messages(request.sessionID) });
    } catch (error) {
      outcomes.set(request, asError(error));
    }
  }
  if (read.length === 0) return;
  const written = new Map<ExportRequest, ExportResult | Error>();
  try {
    // Not flushed: the transcript files it describes are not either, and the next export repairs a power cut's gap.
    await data.database.write(
      (_, connection) => {
        for (const { request, info, messages } of read) {
          written.set(
            request,
            inSavepoint(connection, () => writeExport(connection, request, info, messages)),
          );
        }
      },
      { durable: false },
    );
  } catch (error) {
    for (const { request } of read) written.set(request, asError(error));
  }
  const derived: ExportResult[] = [];
  for (const [request, outcome] of written) {
    outcomes.set(request, outcome);
    if (outcome instanceof Error) {
      forget(data.database, request.sessionID);
      continue;
    }
    if (outcome.handEdited) await startDerivedOver(data, outcome);
    if (request.derived !== "later") derived.push(outcome);
  }
  const keepAll = async () => {
    for (const outcome of derived) await keepDerived(data, outcome);
  };
  // Several transcripts: their index updates share one index transaction, as the backfill's second pass does (one
  // FTS5 segment and one commit for the group). Committed before this returns; an update that fails undoes the
  // group's so far, which the next export or ranked search indexes again.
  if (derived.length < 2) return keepAll();
  try {
    await data.indexer.batch(keepAll);
  } catch (error) {
    data.log.log("warn", `search index not updated for ${derived.length} transcripts (${describeError(error)})`);
  }
}

/**
 * `fn` in a savepoint of the open transaction: when it throws, what it wrote to the store is undone and its error
 * returned. When SQLite took the whole transaction back itself (a full disk, an I/O error), the error is thrown, for
 * the transaction's caller to report for every session in it.
 */
function inSavepoint<T>(connection: SqliteConnection, fn: () => T): T | Error {
  connection.run("SAVEPOINT export_one");
  try {
    const result = fn();
    connection.run("RELEASE export_one");
    return result;
  } catch (error) {
    try {
      connection.run("ROLLBACK TO export_one");
      connection.run("RELEASE export_one");
    } catch {
      throw error;
    }
    return asError(error);
  }
}

/**
 * Runs `fn` holding the export locks of those of `requests` it could take (in their order); a session whose lock is
 * refused (held past the wait by another export) gets the error that refused it in `refused`, and the others go on.
 */
async function withExportLocks(
  data: DataContext,
  requests: readonly ExportRequest[],
  refused: Map<string, Error>,
  fn: () => Promise<void>,
): Promise<void> {
  const [first, ...rest] = requests;
  if (!first) return fn();
  let entered = false;
  try {
    await withExportLock(data, first.sessionID, () => {
      entered = true;
      return withExportLocks(data, rest, refused, fn);
    });
  } catch (error) {
    if (entered) throw error;
    refused.set(first.sessionID, asError(error));
    await withExportLocks(data, rest, refused, fn);
  }
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The transcript an export wrote: its session and absolute path. */
export type ExportedFile = Pick<ExportResult, "sessionID" | "path">;

/**
 * Brings the search sketch and the full-text index of an exported transcript up to its end. Both are derived: a
 * failure is logged, and the next export or ranked search catches up from the same point.
 */
export async function keepDerived(data: DataContext, exported: ExportedFile): Promise<void> {
  keepSketch(data, exported);
  await keepIndex(data, exported);
}

/**
 * Indexes what this export (or an interrupted one before it) appended, still under the lock. The index is derived:
 * a failure is logged, and ranked searches index the rest later or fall back to the scan.
 */
async function keepIndex(data: DataContext, result: ExportedFile): Promise<void> {
  try {
    const relative = path.relative(data.transcriptsDir, result.path);
    const warning = await data.indexer.update({ sessionID: result.sessionID, path: result.path, relative });
    if (warning) data.log.log("warn", `transcript ${result.sessionID}: ${warning}`);
  } catch (error) {
    data.log.log("warn", `transcript ${result.sessionID}: search index not updated (${describeError(error)})`);
  }
}

/**
 * A file changed by hand differs from what its sketch and index were made of at any point, not only past their end:
 * both are dropped, and made again from the whole file just after.
 */
async function startDerivedOver(data: DataContext, result: ExportedFile): Promise<void> {
  try {
    removeSketch(result.path);
    await data.indexer.forget(result.sessionID);
  } catch (error) {
    data.log.log("warn", `transcript ${result.sessionID}: search index not reset (${describeError(error)})`);
  }
}

/** Hashes what this export (or an interrupted one before it) appended into the transcript's search sketch. */
function keepSketch(data: DataContext, result: ExportedFile): void {
  try {
    const refresh = refreshSketch(result.path);
    if (refresh.restarted && refresh.restarted !== "missing") {
      data.log.log("warn", `transcript ${result.sessionID}: search sketch written again (${refresh.restarted})`);
    }
  } catch (error) {
    data.log.log(
      "warn",
      `transcript ${result.sessionID}: search sketch not updated (${describeError(error)}); searches read the rest of the transcript`,
    );
  }
}

const notInHost = (sessionID: string) =>
  new NotFoundError("session", sessionID, "OpenCode does not have it, so it cannot be exported");

/** Runs inside the write transaction, holding the export lock. */
function writeExport(
  connection: SqliteConnection,
  request: ExportRequest,
  info: SessionInfo,
  messages: readonly SessionMessage[],
): ExportResult {
  const { data, sessionID } = request;
  const row = getTranscript(connection, sessionID);
  const scope = row?.scope ?? request.scope;
  const root = data.transcriptsDir;
  const relative = row?.path ?? path.relative(root, transcriptPath(root, scope, sessionID));
  const file = containedPath(root, relative);
  ensureScopeDir(row ? path.dirname(file) : scopeDir(root, scope), scope);

  const tail = checkTail(file, row ? { lines: row.lines, bytes: row.bytes, tailHash: row.tailHash } : undefined);
  // Message rows without the transcript's row describe no file: they are dropped, and the rows this export writes are
  // then all the session has.
  const fresh = !row;
  if (fresh) forgetAll(connection, sessionID);
  // A transcript written from its first line: a sketch left beside it describes a file that is gone.
  if (tail.bytes === 0) removeSketch(file);
  const plan = (firstLine: number, preface: string[], tailMessageId: string | undefined, known: Known) =>
    planExport({
      info,
      messages,
      scope,
      firstLine,
      preface,
      tailMessageId,
      known,
      loadParts: (messageId) => loadPartRows(connection, sessionID, messageId),
      render: { inlineOutputMaxBytes: data.options.compaction.inlineOutputMaxBytes },
    });
  const attempt: Attempt = { connection, request, file, tail, row, plan };
  const done = (canResume(tail) && resume(attempt)) || appendAfter(attempt);
  const { written, repair } = done;
  saveUnits(connection, sessionID, written, fresh);
  const now = data.clock();
  const last = messages.at(-1);
  const saved = {
    sessionId: sessionID,
    scope,
    path: relative,
    title: info.title,
    lastMessageId: done.appended > 0 ? (written.tailMessageId ?? null) : (row?.lastMessageId ?? null),
    lastMessageAt: last ? last.info.time.created : (row?.lastMessageAt ?? null),
    lines: done.lines,
    bytes: done.bytes,
    tailHash: fileTailHash(file, done.bytes),
    repairs: (row?.repairs ?? 0) + (repair ? 1 : 0),
    messageCount: messages.length,
    exportedAt: now,
    createdAt: row?.createdAt ?? now,
    updatedAt: done.appended > 0 || !row ? now : row.updatedAt,
  };
  saveTranscript(connection, saved);
  // Kept for the next export of this session in this process (dropped again if this transaction fails).
  for (const m of written.messages) done.known.set(m.messageId, { hash: m.hash, line: m.line });
  remember(data.database, sessionID, stampOf(saved), done.known);
  if (repair) data.log.log("warn", `transcript ${sessionID}: ${repair}`);
  return {
    sessionID,
    path: file,
    firstLine: done.firstLine,
    lastLine: done.lines,
    totalLines: done.lines,
    appendedLines: done.appended,
    lastUserRequest: lastUserRequest(messages),
    title: info.title,
    messageCount: messages.length,
    repaired: repair !== undefined,
    handEdited: tail.handEdit !== undefined,
    directory: info.directory,
    messages,
    lines: fresh ? lineIndexOf(written.messages, written.parts) : loadLineIndex(connection, sessionID),
  };
}

type Known = Map<string, UnitRow>;
type Planner = (firstLine: number, preface: string[], tailMessageId: string | undefined, known: Known) => Plan;

/** One export's way of appending: the file, what its tail check found and the index's row of it. */
interface Attempt {
  /** The open write transaction's connection. */
  connection: SqliteConnection;
  request: ExportRequest;
  file: string;
  tail: TailCheck;
  row: TranscriptRow | undefined;
  plan: Planner;
}

interface Appended {
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
function appendAfter({ connection, request, file, tail, row, plan }: Attempt): Appended {
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
function resume({ connection, request, file, tail, row, plan }: Attempt): Appended | undefined {
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

/** The last thing a person asked: the text of the last user message, without synthetic or ignored parts. */
export function lastUserRequest(messages: readonly SessionMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as SessionMessage;
    if (message.info.role !== "user" || isSummary(message)) continue;
    const texts: string[] = [];
    for (const part of message.parts) {
      if (part.type !== "text" || typeof part.text !== "string") continue;
      if (part.synthetic === true || part.ignored === true) continue;
      texts.push(part.text);
    }
    const text = texts.join("\n").trim();
    if (text) return text;
  }
  return "";
}
