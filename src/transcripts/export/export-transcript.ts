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
import type { DataContext } from "../../data-context.js";
import { describeError, NotFoundError } from "../../errors.js";
import { checkSessionId } from "../../session-id.js";
import type { SqliteConnection } from "../../store/sqlite-connection.js";
import type { LineIndex } from "../catalog.js";
import type { SessionInfo, SessionMessage, SessionSource } from "../source/session-source.js";
import { keepDerived, startDerivedOver } from "./keep-derived.js";
import { withExportLock } from "./lock.js";
import { forget } from "./message-row-cache.js";
import { writeExport } from "./write-export.js";

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

const notInHost = (sessionID: string) =>
  new NotFoundError("session", sessionID, "OpenCode does not have it, so it cannot be exported");
