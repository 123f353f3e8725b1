/**
 * What the plugin takes on disk, said where the user looks (`stats`, `doctor`): its transcripts, their search sketches,
 * the search index and the store (each with its -wal and -shm), beside OpenCode's own database. Sizes of files only:
 * nothing is opened, no link is followed.
 */
import fs from "node:fs";
import path from "node:path";
import { dataLayout } from "../data-dir.js";
import { formatBytes, plural } from "../human-units.js";
import { databaseBytes } from "../store/database-files.js";
import { opencodeDatabasePath } from "../transcripts/backfill/opencode-db.js";
import { indexDiskBytes } from "../transcripts/index/index-maintenance.js";
import { SKETCH_SUFFIX } from "../transcripts/sketch/file.js";

export interface Footprint {
  /** The transcript files (`.md`) and their bytes. */
  transcripts: { files: number; bytes: number };
  sketches: number;
  /** The transcripts' search index, with its -wal and -shm. */
  searchIndex: number;
  /** ledger.db, with its -wal and -shm. */
  store: number;
  /** All of the above. */
  total: number;
  /** OpenCode's own database (with its -wal and -shm), when it is where this environment says. */
  opencode?: { file: string; bytes: number };
}

/** Transcripts and sketches under `dir`, folder by folder (links are counted as links, never followed). */
function transcriptFiles(dir: string): { files: number; bytes: number; sketches: number } {
  const out = { files: 0, bytes: 0, sketches: 0 };
  const folders = [dir];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      continue; // absent or unreadable: counted as nothing
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) folders.push(full);
      else if (entry.isFile() && entry.name.endsWith(SKETCH_SUFFIX)) out.sketches += fs.lstatSync(full).size;
      else if (entry.isFile() && entry.name.endsWith(".md")) {
        out.files++;
        out.bytes += fs.lstatSync(full).size;
      }
    }
  }
  return out;
}

export function diskFootprint(dataDir: string, env: NodeJS.ProcessEnv = process.env): Footprint {
  const layout = dataLayout(dataDir);
  const files = transcriptFiles(layout.transcriptsDir);
  const searchIndex = indexDiskBytes(dataDir);
  const store = databaseBytes(layout.databaseFile);
  const opencodeFile = opencodeDatabasePath(env);
  const opencodeBytes = databaseBytes(opencodeFile);
  return {
    transcripts: { files: files.files, bytes: files.bytes },
    sketches: files.sketches,
    searchIndex,
    store,
    total: files.bytes + files.sketches + searchIndex + store,
    ...(opencodeBytes > 0 ? { opencode: { file: opencodeFile, bytes: opencodeBytes } } : {}),
  };
}

/** One line: the plugin's total, its parts, and OpenCode's own database beside it. */
export function footprintText(f: Footprint): string {
  const parts = [
    `transcripts ${formatBytes(f.transcripts.bytes)} (${plural(f.transcripts.files, "file")})`,
    `search index ${formatBytes(f.searchIndex)}`,
    `ledger.db ${formatBytes(f.store)}`,
    `sketches ${formatBytes(f.sketches)}`,
  ];
  const beside = f.opencode
    ? `; OpenCode's own database: ${formatBytes(f.opencode.bytes)} (${f.opencode.file})`
    : "; OpenCode's own database not found here";
  return `${formatBytes(f.total)}: ${parts.join(", ")}${beside}`;
}
