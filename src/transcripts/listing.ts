/**
 * Which transcript files a search covers: this project's folder, every project's with `all`, or one session. Only
 * regular files named like a session, in real folders, are taken (a link planted for a file, a project's folder or
 * the transcripts folder itself is never followed, for any scope), newest first.
 * Titles and project paths come from the store's index when it exists, else from each folder's scope.txt.
 */
import fs from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { checkSessionId } from "../session-id.js";
import type { Database } from "../store/database.js";
import { transcripts } from "../store/schema.js";
import { SCOPE_FILE, scopeDirName, sessionOfFile, TRANSCRIPT_EXT } from "./paths.js";

export interface TranscriptFile {
  sessionID: string;
  /** Absolute path. */
  path: string;
  /** Path relative to the transcripts folder. */
  relative: string;
  size: number;
  mtimeMs: number;
  /** Inode number (0 where the system has none): a sketch written for another file is not trusted. */
  ino: number;
  /** The project the transcript belongs to, when known. */
  scope?: string;
  title?: string;
}

const SCOPE_FILE_BYTES = 4_096;

function readScopeFile(folder: string): string | undefined {
  try {
    const text = fs.readFileSync(path.join(folder, SCOPE_FILE), "utf8").slice(0, SCOPE_FILE_BYTES);
    return text.split("\n")[0]?.trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The transcripts folder and a scope folder under it are used only as real folders: a link there (to a folder outside
 * the data folder, or to another project's folder) would make its files look like this project's.
 */
export function realFolder(dir: string): boolean {
  try {
    return fs.lstatSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** One transcript's entry as it is on disk: a regular file in real folders, or undefined. */
export function transcriptEntry(transcriptsDir: string, folder: string, name: string): TranscriptFile | undefined {
  if (!realFolder(transcriptsDir) || !realFolder(path.join(transcriptsDir, folder))) return undefined;
  return entryIn(transcriptsDir, folder, name);
}

/** The file's entry, in folders already found real. */
function entryIn(transcriptsDir: string, folder: string, name: string): TranscriptFile | undefined {
  const full = path.join(transcriptsDir, folder, name);
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(full);
  } catch {
    return undefined;
  }
  if (!stat.isFile()) return undefined;
  return {
    sessionID: name.slice(0, -TRANSCRIPT_EXT.length),
    path: full,
    relative: path.join(folder, name),
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    ino: stat.ino,
  };
}

/** Real folders (not links) directly under the transcripts folder. */
function scopeFolders(transcriptsDir: string): string[] {
  if (!realFolder(transcriptsDir)) return [];
  try {
    return fs
      .readdirSync(transcriptsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

function filesIn(transcriptsDir: string, folder: string): TranscriptFile[] {
  if (!realFolder(transcriptsDir) || !realFolder(path.join(transcriptsDir, folder))) return [];
  let names: string[];
  try {
    names = fs.readdirSync(path.join(transcriptsDir, folder));
  } catch {
    return [];
  }
  const scope = readScopeFile(path.join(transcriptsDir, folder));
  return (
    names
      .filter((name) => sessionOfFile(name) !== undefined)
      // Both folders were found real above: each file needs its own lstat only (three per file made listing
      // every project's 17,000 transcripts take 140 ms).
      .map((name) => entryIn(transcriptsDir, folder, name))
      .filter((f): f is TranscriptFile => f !== undefined)
      .map((f) => (scope ? { ...f, scope } : f))
  );
}

const newestFirst = (a: TranscriptFile, b: TranscriptFile) =>
  b.mtimeMs - a.mtimeMs || a.relative.localeCompare(b.relative);

/** The transcripts of one project, or of every project; newest first. */
export function listTranscripts(transcriptsDir: string, scope: string, all: boolean): TranscriptFile[] {
  const folders = all ? scopeFolders(transcriptsDir) : [scopeDirName(scope)];
  const files = folders.flatMap((folder) => filesIn(transcriptsDir, folder));
  if (!all) for (const file of files) file.scope = scope;
  return files.sort(newestFirst);
}

export type SessionLookup =
  | { file: TranscriptFile }
  /** The transcript exists, in another project's folder. */
  | { elsewhere: string }
  | { missing: true };

/** One session's transcript: in this project's folder, or (with `all`) in any project's. */
export function findSessionTranscript(
  transcriptsDir: string,
  sessionID: string,
  scope: string,
  all: boolean,
): SessionLookup {
  const name = `${checkSessionId(sessionID)}${TRANSCRIPT_EXT}`;
  const own = scopeDirName(scope);
  const mine = transcriptEntry(transcriptsDir, own, name);
  if (mine) return { file: { ...mine, scope } };
  for (const folder of scopeFolders(transcriptsDir)) {
    if (folder === own) continue;
    const file = transcriptEntry(transcriptsDir, folder, name);
    if (!file) continue;
    const owner = readScopeFile(path.join(transcriptsDir, folder)) ?? folder;
    return all ? { file: { ...file, scope: owner } } : { elsewhere: owner };
  }
  return { missing: true };
}

const ID_BATCH = 500;

/** Titles (and projects) from the store's index; nothing when the store does not exist yet. */
export async function attachTitles(database: Database | undefined, files: TranscriptFile[]): Promise<void> {
  if (!database || files.length === 0) return;
  const byId = new Map(files.map((f) => [f.sessionID, f]));
  const ids = [...byId.keys()];
  for (let i = 0; i < ids.length; i += ID_BATCH) {
    const batch = ids.slice(i, i + ID_BATCH);
    const rows = await database.read(
      (db) =>
        db
          .select({ sessionId: transcripts.sessionId, title: transcripts.title, scope: transcripts.scope })
          .from(transcripts)
          .where(inArray(transcripts.sessionId, batch))
          .all(),
      [],
    );
    for (const row of rows) {
      const file = byId.get(row.sessionId);
      if (!file) continue;
      if (row.title) file.title = row.title;
      file.scope ??= row.scope;
    }
  }
}
