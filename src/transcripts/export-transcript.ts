/**
 * Exports a session to its transcript. The store's write transaction (BEGIN IMMEDIATE) is the lock: two exports of
 * the same session, in one process or two, run one after the other, and a crash releases it with the process. The
 * session is read from the host before the lock is taken; a snapshot older than the one already written is read
 * again rather than written, so a slow export never appends stale state as a change.
 */
import path from "node:path";
import { NotFoundError, TranscriptError } from "../errors.js";
import type { Ledger } from "../ledger.js";
import type { LedgerDatabase } from "../store/driver.js";
import { planExport } from "./export-plan.js";
import { checkSessionId, containedPath, scopeDir, transcriptPath } from "./paths.js";
import { isSummary, note } from "./render-message.js";
import type { SessionInfo, SessionMessage, SessionSource } from "./session-source.js";
import { appendLines, checkTail, ensureScopeDir, type TailCheck } from "./transcript-file.js";
import {
  forgetAfterLine,
  forgetAll,
  getTranscript,
  loadMessageRows,
  loadPartRows,
  saveTranscript,
  upsertMessageRows,
  upsertPartRows,
} from "./transcript-index.js";

export interface ExportRequest {
  ledger: Ledger;
  source: SessionSource;
  sessionID: string;
  /** Project the transcript belongs to; a transcript already exported stays where it is. */
  scope: string;
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
}

const ATTEMPTS = 5;

export async function exportTranscript(request: ExportRequest): Promise<ExportResult> {
  const { ledger, source, sessionID } = request;
  checkSessionId(sessionID);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const takenAt = Date.now();
    const info = await source.session(sessionID);
    if (!info) throw new NotFoundError("session", sessionID, "OpenCode does not have it, so it cannot be exported");
    const messages = await source.messages(sessionID);
    const result = await ledger.database.write((db) => writeExport(db, request, info, messages, takenAt));
    if (result) return result;
  }
  throw new TranscriptError(`session ${sessionID} kept changing during ${ATTEMPTS} export attempts; try again`);
}

/** Runs inside the write transaction. Undefined: the snapshot is older than what was written; read it again. */
function writeExport(
  db: LedgerDatabase,
  request: ExportRequest,
  info: SessionInfo,
  messages: readonly SessionMessage[],
  takenAt: number,
): ExportResult | undefined {
  const { ledger, sessionID } = request;
  const row = getTranscript(db, sessionID);
  if (row && row.sourceAt > takenAt) return undefined;
  const scope = row?.scope ?? request.scope;
  const root = ledger.transcriptsDir;
  const relative = row?.path ?? path.relative(root, transcriptPath(root, scope, sessionID));
  const file = containedPath(root, relative);
  ensureScopeDir(row ? path.dirname(file) : scopeDir(root, scope), scope);

  const tail = checkTail(file, row ? { lines: row.lines, bytes: row.bytes } : undefined);
  const preface = repairNotes(tail);
  if (tail.lostLines > 0) forgetAfterLine(db, sessionID, tail.lines);
  if (!row && tail.lines > 0) forgetAll(db, sessionID);
  const plan = planExport({
    info,
    messages,
    scope,
    firstLine: tail.lines + 1,
    preface,
    tailMessageId: preface.length === 0 ? (row?.lastMessageId ?? undefined) : undefined,
    known: loadMessageRows(db, sessionID),
    loadParts: (messageId) => loadPartRows(db, sessionID, messageId),
    render: { inlineOutputMaxBytes: ledger.options.compaction.inlineOutputMaxBytes },
  });
  const written = appendLines(file, tail.lines + 1, plan.lines);
  upsertMessageRows(db, sessionID, plan.messages);
  upsertPartRows(db, sessionID, plan.parts);
  const now = ledger.clock();
  const totalLines = tail.lines + plan.lines.length;
  const last = messages.at(-1);
  saveTranscript(db, {
    sessionId: sessionID,
    scope,
    path: relative,
    title: info.title,
    lastMessageId: plan.lines.length > 0 ? (plan.tailMessageId ?? null) : (row?.lastMessageId ?? null),
    lastMessageAt: last ? last.info.time.created : (row?.lastMessageAt ?? null),
    lines: totalLines,
    bytes: tail.bytes + written,
    repairs: (row?.repairs ?? 0) + (preface.length > 0 ? 1 : 0),
    messageCount: messages.length,
    sourceAt: takenAt,
    createdAt: row?.createdAt ?? now,
    updatedAt: plan.lines.length > 0 || !row ? now : row.updatedAt,
  });
  if (preface.length > 0) ledger.log.log("warn", `transcript ${sessionID}: ${preface.join(" ")}`);
  return {
    sessionID,
    path: file,
    firstLine: tail.lines + 1,
    lastLine: totalLines,
    totalLines,
    appendedLines: plan.lines.length,
    lastUserRequest: lastUserRequest(messages),
    title: info.title,
    messageCount: messages.length,
    repaired: preface.length > 0,
  };
}

/** The notes that record a repair, first in what this export appends. */
function repairNotes(tail: TailCheck): string[] {
  const notes: string[] = [];
  if (tail.missing) {
    notes.push(note(`repair: the transcript file was missing (the index knew ${tail.lostLines} lines); written again`));
    return notes;
  }
  if (tail.tornBytes > 0) {
    notes.push(note(`repair: cut a torn last line of ${tail.tornBytes} bytes left by an interrupted export`));
  }
  if (tail.unrecordedLines > 0) {
    notes.push(
      note(
        `repair: lines ${tail.lines - tail.unrecordedLines + 1}-${tail.lines} were written by an export that was interrupted before it was recorded; they are kept, and what they hold is written again below`,
      ),
    );
  }
  if (tail.lostLines > 0) {
    notes.push(
      note(
        `repair: the file ends at line ${tail.lines} but the index knew ${tail.lines + tail.lostLines} lines; what was lost is written again below`,
      ),
    );
  }
  return notes;
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
