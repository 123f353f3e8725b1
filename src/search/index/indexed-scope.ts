/**
 * The transcripts in scope as the index records them (path, size, inode at the point indexed), for a ranked search
 * whose folders have not changed since they were last listed (folder-marks.ts): one query, no file touched. Only
 * records shaped like one of our files are taken; each transcript a hit comes from is checked on disk before it is
 * shown (`notCurrent`).
 */
import path from "node:path";
import { TRANSCRIPT_EXT } from "../../transcripts/paths.js";
import { type TranscriptFile, transcriptEntry } from "../targets.js";
import type { IndexConnection } from "./index-connection.js";

const RELATIVE = /^([^/\\]+)[/\\](ses_[0-9A-Za-z]{8,64})\.md$/;

interface SessionRecord {
  session_id: string;
  relative: string;
  scope: string | null;
  ino: number;
  bytes: number;
  mtime_ms: number;
}

/** The indexed transcripts of the given project folders (undefined: every folder), newest first. */
export function indexedTranscripts(
  connection: IndexConnection,
  transcriptsDir: string,
  folders: readonly string[] | undefined,
): TranscriptFile[] {
  const columns = "session_id, relative, scope, ino, bytes, mtime_ms";
  const rows = folders
    ? connection.all<SessionRecord>(
        `SELECT ${columns} FROM sessions WHERE substr(relative, 1, instr(relative, '/') - 1) IN
           (SELECT value FROM json_each(?))`,
        JSON.stringify(folders),
      )
    : connection.all<SessionRecord>(`SELECT ${columns} FROM sessions`);
  const out: TranscriptFile[] = [];
  for (const row of rows) {
    const shape = RELATIVE.exec(row.relative);
    if (!shape || `${shape[2]}` !== row.session_id) continue;
    out.push({
      sessionID: row.session_id,
      path: path.join(transcriptsDir, shape[1] as string, `${row.session_id}${TRANSCRIPT_EXT}`),
      relative: path.join(shape[1] as string, `${row.session_id}${TRANSCRIPT_EXT}`),
      size: row.bytes,
      mtimeMs: row.mtime_ms,
      ino: row.ino,
      ...(row.scope ? { scope: row.scope } : {}),
    });
  }
  return out.sort((a, b) => b.mtimeMs - a.mtimeMs || a.relative.localeCompare(b.relative));
}

/**
 * The transcripts among `files` that are not, on disk, what the index recorded: gone, no longer a regular file of
 * ours in a real folder, another file, or another size. Each comes with its entry as it is now, when there is one.
 */
export function notCurrent(
  transcriptsDir: string,
  files: readonly TranscriptFile[],
): { file: TranscriptFile; now?: TranscriptFile }[] {
  const out: { file: TranscriptFile; now?: TranscriptFile }[] = [];
  for (const file of files) {
    const folder = path.dirname(file.relative);
    const now = transcriptEntry(transcriptsDir, folder, path.basename(file.relative));
    if (now && now.ino === file.ino && now.size === file.size) continue;
    out.push(now ? { file, now: { ...now, scope: file.scope, title: file.title } } : { file });
  }
  return out;
}
