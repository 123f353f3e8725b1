/**
 * A SQLite database is its file and the side files SQLite keeps beside it: what a size, a mode check, a move or a
 * removal must cover (a busy database holds megabytes in its WAL).
 */
import fs from "node:fs";

/** The suffixes of a database's files, the main file first. */
export const DATABASE_FILES = ["", "-wal", "-shm", "-journal"] as const;

/** Bytes of a database file and its side files; 0 for those that do not exist. Links are sized, never followed. */
export function databaseBytes(file: string): number {
  let bytes = 0;
  for (const suffix of DATABASE_FILES) {
    try {
      bytes += fs.lstatSync(file + suffix).size;
    } catch {
      // absent
    }
  }
  return bytes;
}
