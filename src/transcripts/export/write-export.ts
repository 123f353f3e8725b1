/**
 * One session's export inside the store's write transaction, holding its export lock: the file's tail checked against
 * the catalog, the plan appended (or an interrupted export resumed), and the catalog's rows of the transcript, its
 * messages and parts saved with it.
 */
import path from "node:path";
import type { SqliteConnection } from "../../store/sqlite-connection.js";
import {
  forgetAll,
  getTranscript,
  lineIndexOf,
  loadLineIndex,
  loadPartRows,
  saveTranscript,
  saveUnits,
} from "../catalog.js";
import { containedPath, scopeDir, transcriptPath } from "../paths.js";
import { removeSketch } from "../sketch/file.js";
import type { SessionInfo, SessionMessage } from "../source/session-source.js";
import { checkTail, ensureScopeDir, fileTailHash } from "../transcript-file.js";
import { type Attempt, appendAfter, type Known, resume } from "./append.js";
import type { ExportRequest, ExportResult } from "./export-transcript.js";
import { lastUserRequest } from "./last-user-request.js";
import { remember, stampOf } from "./message-row-cache.js";
import { planExport } from "./plan.js";
import { canResume } from "./resume.js";

/** Runs inside the write transaction, holding the export lock. */
export function writeExport(
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
