/**
 * The one line a backfill ends with, in the log, on the command line and in `backfill.json`.
 */
import { grouped as n, plural } from "../../human-units.js";
import type { BackfillCounts } from "./backfill-progress.js";

export interface SummaryExtras {
  orphaned: number;
  removed: number;
  aborted?: boolean;
}

/**
 * "backfill done: 1,980 sessions exported of 2,000 from …: 41,200 lines, 12.3 MB read; 15 already current; 5 skipped …;
 * 1,980 transcripts indexed for search; 21.4 s"
 */
export function summarize(
  counts: BackfillCounts & { startedAt: number; finishedAt?: number },
  source: string,
  extras: SummaryExtras,
): string {
  const seconds = (((counts.finishedAt ?? Date.now()) - counts.startedAt) / 1000).toFixed(1);
  const head = extras.aborted ? `backfill stopped at ${n(counts.done)} of ${n(counts.total)}:` : "backfill done:";
  const parts = [
    `${head} ${plural(counts.exported, "session", "sessions")} exported of ${n(counts.total)} from ${source}: ${plural(counts.lines, "line", "lines")}, ${(counts.bytes / 1_048_576).toFixed(1)} MB read`,
    `${n(counts.current)} already current`,
    `${n(counts.skipped)} skipped${counts.skipped > 0 ? " (reasons in the log)" : ""}`,
  ];
  const indexing = counts.indexing;
  if (indexing && indexing.total > 0) {
    const of = indexing.done < indexing.total ? ` of ${n(indexing.total)}` : "";
    parts.push(`${plural(indexing.done, "transcript", "transcripts")}${of} indexed for search`);
  }
  if (extras.orphaned > 0 || extras.removed > 0) {
    parts.push(
      `${plural(extras.orphaned, "transcript", "transcripts")} of deleted sessions marked orphaned, ${n(extras.removed)} removed`,
    );
  }
  return `${parts.join("; ")}; ${seconds} s`;
}
