/**
 * Before a ranked search: the transcripts in scope that the index does not cover to their end (exported before the
 * index existed, or by an export interrupted between the transcript and the index) are indexed now, up to a byte
 * budget; what is left over is said in the coverage line, never searched silently.
 */
import type { TranscriptFile } from "../listing.js";
import type { IndexConnection } from "./index-connection.js";
import type { CatchUp } from "./index-reader.js";
import { inTransaction, openBatch } from "./index-transactions.js";
import { refreshIndex } from "./index-update.js";

export type { CatchUp } from "./index-reader.js";

/** Transcript bytes one search may index before it answers. */
export const CATCH_UP_BYTES = 64 * 1024 * 1024;
/**
 * Transcript bytes indexed in one transaction: one commit for many small transcripts costs FTS5 fewer segments to
 * write and merge (a build is about a third faster), and the write lock is still held a few seconds at most.
 */
const BATCH_BYTES = 8 * 1024 * 1024;

interface Covered {
  session_id: string;
  bytes: number;
  ino: number;
  mtime_ms: number;
}

export function catchUp(
  connection: IndexConnection,
  files: readonly TranscriptFile[],
  everything: boolean,
  budget = CATCH_UP_BYTES,
): CatchUp {
  const rows = everything
    ? connection.all<Covered>("SELECT session_id, bytes, ino, mtime_ms FROM sessions")
    : connection.all<Covered>(
        "SELECT session_id, bytes, ino, mtime_ms FROM sessions WHERE session_id IN (SELECT value FROM json_each(?))",
        JSON.stringify(files.map((f) => f.sessionID)),
      );
  const covered = new Map(rows.map((r) => [r.session_id, r]));
  const out: CatchUp = { indexed: 0, indexedBytes: 0, units: 0, leftOut: [], failed: [] };
  const batches: TranscriptFile[][] = [];
  let spent = 0;
  let batchBytes = Number.POSITIVE_INFINITY;
  for (const file of files) {
    const row = covered.get(file.sessionID);
    // The same length and a time other than the one indexed: changed in place (a hand edit, an editor's save), looked
    // at again by refreshIndex, which starts over when the lines are not where the index has them.
    if (row && row.ino === file.ino && row.bytes === file.size && row.mtime_ms === file.mtimeMs) continue;
    const cost = row && row.ino === file.ino && row.bytes <= file.size ? file.size - row.bytes : file.size;
    if (spent + cost > budget) {
      out.leftOut.push(file);
      continue;
    }
    spent += cost;
    if (batchBytes + cost > BATCH_BYTES) {
      batches.push([]);
      batchBytes = 0;
    }
    batchBytes += cost;
    batches.at(-1)?.push(file);
  }
  for (const batch of batches) indexBatch(connection, batch, out);
  return out;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One transaction for the batch, with no savepoint per transcript (FTS5 writes what it holds as a segment at each).
 * When a transcript fails, the batch is undone and indexed again the careful way, where only the failing one is left
 * out.
 */
function indexBatch(connection: IndexConnection, batch: readonly TranscriptFile[], out: CatchUp): void {
  const mine = { indexed: 0, indexedBytes: 0, units: 0 };
  try {
    const open = openBatch(connection);
    for (const file of batch) {
      const refresh = refreshIndex(connection, file);
      mine.indexed++;
      mine.indexedBytes += refresh.addedBytes;
      mine.units += refresh.addedUnits;
    }
    open.commit();
  } catch {
    indexEach(connection, batch, out);
    return;
  }
  out.indexed += mine.indexed;
  out.indexedBytes += mine.indexedBytes;
  out.units += mine.units;
}

/** One transaction for the batch; a transcript that fails is undone alone (its own savepoint) and reported. */
function indexEach(connection: IndexConnection, batch: readonly TranscriptFile[], out: CatchUp): void {
  const mine = { indexed: 0, indexedBytes: 0, units: 0, failed: [] as CatchUp["failed"] };
  try {
    inTransaction(connection, () => {
      for (const file of batch) {
        try {
          const refresh = refreshIndex(connection, file);
          mine.indexed++;
          mine.indexedBytes += refresh.addedBytes;
          mine.units += refresh.addedUnits;
        } catch (error) {
          mine.failed.push({ file, reason: reasonOf(error) });
        }
      }
    });
  } catch (error) {
    // The transaction itself failed (to begin or to commit): nothing of the batch is in the index.
    const reason = reasonOf(error);
    out.failed.push(...batch.map((file) => ({ file, reason })));
    return;
  }
  out.indexed += mine.indexed;
  out.indexedBytes += mine.indexedBytes;
  out.units += mine.units;
  out.failed.push(...mine.failed);
}
