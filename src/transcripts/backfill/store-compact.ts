/**
 * After a backfill the store holds many empty pages: each export's transaction rewrote the transcript catalog's rows
 * and their index, and the pages freed on the way stay in the file (25-45 % of it after a large backfill, issue #35).
 * One VACUUM when the empty share is large gives them back. It waits for other writers up to the busy timeout; when
 * it cannot get the store, it leaves it as it is for the next backfill.
 */
import fs from "node:fs";
import type { Database } from "../../store/database.js";

/** Compact only when at least this share of the file's pages is empty. */
export const EMPTY_SHARE = 0.2;

export interface CompactOutcome {
  /** Bytes of ledger.db before and after (equal when nothing was done). */
  before: number;
  after: number;
  emptyShare: number;
  compacted: boolean;
  /** Why it was not compacted, when that was not the share. */
  error?: string;
}

export async function compactStore(database: Database): Promise<CompactOutcome | undefined> {
  if (!database.exists()) return undefined;
  const connection = await database.raw();
  // The file's size says what is on disk only once the WAL is folded back into it.
  connection.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  const pages = connection.get<{ page_count: number }>("PRAGMA page_count")?.page_count ?? 0;
  const free = connection.get<{ freelist_count: number }>("PRAGMA freelist_count")?.freelist_count ?? 0;
  const size = () => fs.statSync(database.file).size;
  const before = size();
  const emptyShare = pages > 0 ? free / pages : 0;
  if (emptyShare < EMPTY_SHARE) return { before, after: before, emptyShare, compacted: false };
  try {
    connection.exec("VACUUM");
    connection.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch (error) {
    return { before, after: before, emptyShare, compacted: false, error: (error as Error).message };
  }
  return { before, after: size(), emptyShare, compacted: true };
}
