/**
 * Transcripts as the tools and hooks see them (the `Transcripts` of ./transcripts.ts): export a session, or make sure
 * one is exported before reading it. A session that was never exported is exported on demand the first time
 * something names it.
 */
import fs from "node:fs";
import path from "node:path";
import { NotFoundError } from "../errors.js";
import { normalizeScopePath, projectOfDirectory } from "../scope.js";
import { checkSessionId } from "../session-id.js";
import type { TranscriptRow } from "../store/schema.js";
import { getTranscript, listTranscripts } from "./catalog.js";
import { type ExportResult, exportTranscript } from "./export/export-transcript.js";
import { containedPath } from "./paths.js";
import { autoSweep, sweepTranscripts } from "./retention/retention.js";
import type { SessionInfo } from "./source/session-source.js";
import type { Transcripts, TranscriptsDeps } from "./transcripts.js";

/** Transcripts over the ledger's store, read from `source`; new ones go under `scope` unless the session ran elsewhere. */
export function createTranscripts({ data, source, scope }: TranscriptsDeps): Transcripts {
  const find = (sessionID: string) =>
    data.database.read((_, c) => getTranscript(c, checkSessionId(sessionID)), undefined);
  const fileOf = (row: TranscriptRow) => containedPath(data.transcriptsDir, row.path);

  /** Whether the host's session was updated after the last export; a host that cannot tell means no. */
  async function changedSince(row: TranscriptRow): Promise<boolean> {
    const info = await source.session(row.sessionId, { directory: row.scope }).catch(() => undefined);
    return info !== undefined && info.time.updated > row.exportedAt;
  }

  async function exportSession(sessionID: string): Promise<ExportResult> {
    checkSessionId(sessionID);
    const row = await find(sessionID);
    let target = row?.scope;
    if (!target) {
      const info = await source.session(sessionID);
      if (!info) throw unknownSession(sessionID);
      target = scopeOfSession(info, scope);
    }
    return exportTranscript({ data, source, sessionID, scope: target });
  }

  return {
    source,
    scope,
    find,
    fileOf,
    export: exportSession,
    list: (scopes) => data.database.read((db) => listTranscripts(db, scopes), []),
    sweep: (request) => sweepTranscripts({ data, source, ...request }),
    autoSweep: () => autoSweep(data, source, scope),
    async ensure(sessionID) {
      const row = await find(sessionID);
      if (row && fs.existsSync(fileOf(row)) && !(await changedSince(row))) return { row, file: fileOf(row) };
      await exportSession(sessionID);
      const exported = await find(sessionID);
      if (!exported) throw unknownSession(sessionID);
      return { row: exported, file: fileOf(exported) };
    },
  };
}

export function unknownSession(sessionID: string): NotFoundError {
  return new NotFoundError(
    "session",
    sessionID,
    "it was never exported and OpenCode does not know it; memory_transcript_list shows the exported sessions",
  );
}

/**
 * The project a session belongs to: ours when it ran in our project (or below it), else its own project (the git
 * worktree holding its directory, or the directory), so a session of a child folder of another project is filed
 * under that project, not under the child folder, whichever project reads it first.
 */
export function scopeOfSession(info: SessionInfo, current: string): string {
  if (!info.directory) return current;
  const dir = normalizeScopePath(info.directory);
  return dir === current || dir.startsWith(current + path.sep) ? current : projectOfDirectory(dir);
}
