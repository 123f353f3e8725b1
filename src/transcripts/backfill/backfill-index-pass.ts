/** The backfill's second pass: the search sketches and index brought up to what the first pass wrote. */
import { describeError } from "../../errors.js";
import type { TranscriptRow } from "../../store/schema.js";
import { listTranscripts } from "../catalog.js";
import { keepDerived } from "../export/keep-derived.js";
import { withExportLock } from "../export/lock.js";
import { containedPath } from "../paths.js";
import type { BackfillRequest } from "./backfill.js";
import type { BackfillProgress } from "./backfill-progress.js";
import { inSlices } from "./backfill-slices.js";
import type { SessionListing } from "./session-listing.js";

/**
 * The second pass: the search sketch and index of every transcript the index is behind (its record covers fewer bytes
 * than the catalog's row says the transcript holds: written by the first pass, by a run killed before its second, or
 * before the index existed), in the first pass's order, one index transaction per slice. Each transcript is brought
 * up under its export lock, not waiting for it: an export holding it brings its own transcript up.
 */
export async function indexPass(
  request: BackfillRequest,
  ordered: readonly SessionListing[],
  progress: BackfillProgress,
  report: () => void,
): Promise<void> {
  const { data } = request;
  const covered = await data.indexer.coveredBytes();
  if (!covered) {
    data.log.log("warn", "backfill: the search index cannot be written; ranked searches scan the transcripts instead");
    return;
  }
  const transcripts = await data.database.read((db) => listTranscripts(db), []);
  // In the first pass's order (newest first); transcripts of sessions the source no longer lists after them.
  const rank = new Map(ordered.map((session, i) => [session.id, i]));
  const at = (row: TranscriptRow) => rank.get(row.sessionId) ?? ordered.length;
  const behind = transcripts
    .filter((row) => covered.get(row.sessionId) !== row.bytes)
    .sort((a, b) => at(a) - at(b) || (b.lastMessageAt ?? 0) - (a.lastMessageAt ?? 0));
  progress.indexing = { total: behind.length, done: 0 };
  const indexing = progress.indexing;
  const slice = async (run: () => Promise<void>) => {
    try {
      await data.indexer.batch(run);
    } catch (error) {
      // Derived: the next update or ranked search indexes what this slice held.
      data.log.log("warn", `backfill: search index not updated for a batch (${describeError(error)})`);
    }
  };
  const step = async (next: number) => {
    const row = behind[next] as TranscriptRow;
    try {
      const file = containedPath(data.transcriptsDir, row.path);
      const exported = { sessionID: row.sessionId, path: file };
      await withExportLock(data, row.sessionId, () => keepDerived(data, exported), { waitMs: 0 });
    } catch {
      // Held by an export (which brings its transcript up itself), or a path the catalog should not hold.
    }
    indexing.done++;
  };
  await inSlices(request, report, behind.length, step, slice);
}
