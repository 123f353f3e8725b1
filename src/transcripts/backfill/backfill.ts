/**
 * The backfill: every session a source lists, in every project, becomes a transcript, newest first, through the normal
 * exporter. It runs in two passes (./backfill-export-pass.ts, ./backfill-index-pass.ts). The first writes the
 * transcripts and their catalog rows, so each session can be read, continued and searched literally as soon as it is
 * written; the second brings the derived files (the search sketch and the full-text index) up to every transcript the
 * index is behind, newest first, in batches of one index transaction each. Until a transcript is indexed, a ranked
 * search indexes what it needs itself and says what it left out.
 *
 * It runs under the backfill lease (./backfill-lease.ts), so one process does it while the others skip it; it resumes
 * after any interruption because the store's catalog is the record of what is written (a session whose transcript
 * was exported after its last change is current and skipped) and the index's own record of what it covers. A session
 * it cannot read is skipped with its reason in the log, never a crash. Between slices of work it yields to the event
 * loop, rests while a turn runs and, below a full core, rests in proportion to the work it did.
 */

import type { DataContext } from "../../data-context.js";
import { describeError } from "../../errors.js";
import type { TranscriptRow } from "../../store/schema.js";
import { listTranscripts } from "../catalog.js";
import { reconcileOrphans, sweepDeleted } from "../retention/orphans.js";
import { backfillGroup, groupsOf } from "./backfill-export-pass.js";
import { indexPass } from "./backfill-index-pass.js";
import { isLease, type LeaseHolder, takeLease } from "./backfill-lease.js";
import { type BackfillProgress, writeProgress } from "./backfill-progress.js";
import { inSlices } from "./backfill-slices.js";
import { summarize } from "./backfill-summary.js";
import type { ListingSource, SessionListing } from "./session-listing.js";

export interface BackfillRequest {
  data: DataContext;
  source: ListingSource;
  /** Share of one core the work may take, 0 < share <= 1 (1: no rest between sessions). */
  cpuShare: number;
  /** A session holding more stored data than this (bytes) is skipped. */
  maxSessionBytes: number;
  onProgress?: (progress: BackfillProgress) => void;
  signal?: AbortSignal;
  /** While this says a turn runs, the backfill rests between sessions (the background one; the CLI has no turns). */
  turns?: { busy(): boolean };
  /**
   * Whether the source is OpenCode's own database, whose sessions are all the sessions there are: only then are
   * transcripts of sessions it lacks marked orphaned and removed (default false: another database, a backup say,
   * proves nothing deleted, and nothing is removed).
   */
  authoritative?: boolean;
}

export type BackfillOutcome =
  | { ran: true; progress: BackfillProgress; summary: string; orphaned: number; removed: number }
  | { ran: false; heldBy: LeaseHolder };

/** Skipped sessions named one by one in the log, the rest counted (a hostile source could list millions). */
const LOGGED_SKIPS = 50;
const PROGRESS_EVERY_MS = 500;

export async function runBackfill(request: BackfillRequest): Promise<BackfillOutcome> {
  const { data } = request;
  const lease = takeLease(data.transcriptsDir);
  if (!isLease(lease)) return { ran: false, heldBy: lease };
  const startedAt = Date.now();
  const progress: BackfillProgress = {
    pid: process.pid,
    startedAt,
    updatedAt: startedAt,
    total: 0,
    done: 0,
    exported: 0,
    current: 0,
    skipped: 0,
    lines: 0,
    bytes: 0,
  };
  let skipsLogged = 0;
  const skip = (id: string, reason: string) => {
    progress.skipped++;
    if (skipsLogged++ < LOGGED_SKIPS) data.log.log("warn", `backfill: skipped ${id.slice(0, 80)}: ${reason}`);
  };
  let lastWrite = 0;
  const report = (force = false) => {
    progress.updatedAt = Date.now();
    request.onProgress?.(progress);
    if (!force && progress.updatedAt - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = progress.updatedAt;
    lease.renew();
    try {
      writeProgress(data.options.dataDir, progress);
    } catch {
      // A report only: the work goes on (the next write tries again).
    }
  };

  let orphaned = 0;
  let removed = 0;
  try {
    const { sessions, unreadable } = await request.source.list();
    progress.total = sessions.length;
    report(true);
    for (const bad of unreadable) skip(bad.id, `OpenCode's record of it cannot be read (${bad.reason})`);

    if (request.authoritative) {
      const reconciled = await reconcileOrphans(data, new Set(sessions.map((s) => s.id)));
      orphaned = reconciled.orphaned.length;
      if (orphaned > 0) data.log.log("info", `backfill: ${orphaned} transcripts belong to sessions OpenCode deleted`);
      removed = (await sweepDeleted(data, request.source))?.removed.length ?? 0;
    }

    const rows = new Map<string, TranscriptRow>();
    for (const row of await data.database.read((db) => listTranscripts(db), [])) rows.set(row.sessionId, row);
    const ordered = [...sessions].sort((a, b) => b.updated - a.updated || (a.id < b.id ? 1 : -1));
    const groups = groupsOf(ordered);
    await inSlices(request, report, groups.length, async (next) => {
      await backfillGroup(request, groups[next] as SessionListing[], rows, progress, skip);
    });
    if (!request.signal?.aborted) await indexPass(request, ordered, progress, report);
  } catch (error) {
    data.log.log("error", `backfill stopped: ${describeError(error)}`);
  } finally {
    progress.finishedAt = Date.now();
    progress.summary = summarize(progress, request.source.name, {
      orphaned,
      removed,
      aborted: request.signal?.aborted,
    });
    report(true);
    lease.release();
  }
  data.log.log("info", progress.summary ?? "");
  if (progress.exported > 0) await compactAfter(data);
  return { ran: true, progress, summary: progress.summary ?? "", orphaned, removed };
}

/** Gives back the empty pages a large backfill leaves in the store (./store-compact.ts); says what it did. */
async function compactAfter(data: BackfillRequest["data"]): Promise<void> {
  try {
    const { compactStore } = await import("./store-compact.js");
    const { formatBytes } = await import("../../human-units.js");
    const outcome = await compactStore(data.database);
    if (!outcome) return;
    const share = `${Math.round(outcome.emptyShare * 100)} % empty pages`;
    if (outcome.compacted) {
      data.log.log(
        "info",
        `backfill: ledger.db compacted (${share}): ${formatBytes(outcome.before)} -> ${formatBytes(outcome.after)}`,
      );
    } else if (outcome.error) {
      data.log.log(
        "warn",
        `backfill: ledger.db not compacted (${share}): ${outcome.error}; the next backfill tries again`,
      );
    }
  } catch (error) {
    data.log.log("warn", `backfill: ledger.db not compacted: ${describeError(error)}`);
  }
}
