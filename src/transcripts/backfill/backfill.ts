/**
 * The backfill: every session a source lists, in every project, becomes a transcript, newest first, through the
 * normal exporter (so whatever the exporter keeps beside a transcript follows). It runs under the backfill lease
 * (./backfill-lease.ts), so one process does it while the others skip it; it resumes after any interruption because
 * the store's index is the record of what is done (a session whose transcript was exported after its last change is
 * current and skipped). A session it cannot read is skipped with its reason in the log, never a crash. Between
 * batches of sessions it yields to the event loop and, below a full core, rests in proportion to the work it did.
 */

import fs from "node:fs";
import type { DataContext } from "../../data-context.js";
import { describeError } from "../../errors.js";
import { projectScope } from "../../scope.js";
import { checkSessionId } from "../../session-id.js";
import type { TranscriptRow } from "../../store/schema.js";
import { listTranscripts } from "../catalog.js";
import { exportTranscript } from "../export/export-transcript.js";
import { containedPath } from "../paths.js";
import { reconcileOrphans, sweepDeleted } from "../retention/orphans.js";
import { isLease, type LeaseHolder, takeLease } from "./backfill-lease.js";
import { type BackfillProgress, writeProgress } from "./backfill-progress.js";
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
}

export type BackfillOutcome =
  | { ran: true; progress: BackfillProgress; summary: string; orphaned: number; removed: number }
  | { ran: false; heldBy: LeaseHolder };

/** Skipped sessions named one by one in the log, the rest counted (a hostile source could list millions). */
const LOGGED_SKIPS = 50;
const PROGRESS_EVERY_MS = 500;
/**
 * Sessions are exported in batches of about this much work, their index updates committed once per batch (one FTS5
 * segment instead of one per session); the rest for the CPU share and for turns comes between batches, so the
 * index's write lock is never held across one.
 */
const BATCH_MS = 100;
/** How often a backfill resting for a turn looks again. */
const TURN_POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

    const reconciled = await reconcileOrphans(data, new Set(sessions.map((s) => s.id)));
    orphaned = reconciled.orphaned.length;
    if (orphaned > 0) data.log.log("info", `backfill: ${orphaned} transcripts belong to sessions OpenCode deleted`);
    removed = (await sweepDeleted(data, request.source))?.removed.length ?? 0;

    const rows = new Map<string, TranscriptRow>();
    for (const row of await data.database.read((db) => listTranscripts(db), [])) rows.set(row.sessionId, row);
    const ordered = [...sessions].sort((a, b) => b.updated - a.updated || (a.id < b.id ? 1 : -1));
    for (let next = 0; next < ordered.length; ) {
      await restDuringTurns(request, report);
      if (request.signal?.aborted) break;
      const began = performance.now();
      const more = () =>
        next < ordered.length &&
        performance.now() - began < BATCH_MS &&
        !request.turns?.busy() &&
        !request.signal?.aborted;
      try {
        await data.searchIndex.batch(async () => {
          do {
            const session = ordered[next++] as SessionListing;
            await backfillOne(request, session, rows.get(session.id), progress, skip);
            progress.done++;
            report();
            // A macrotask between sessions: the host's events (a turn starting) are never held up by a batch.
            if (more()) await new Promise((resolve) => setImmediate(resolve));
          } while (more());
        });
      } catch (error) {
        // Derived: the transcripts are written, and the next update or ranked search indexes them.
        data.log.log("warn", `backfill: search index not updated for a batch (${describeError(error)})`);
      }
      const worked = performance.now() - began;
      // Rest so that work / (work + rest) stays at the share; a macrotask at least, so turns are never starved.
      const rest = request.cpuShare >= 1 ? 0 : (worked * (1 - request.cpuShare)) / request.cpuShare;
      await sleep(Math.min(rest, 5_000));
    }
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
  return { ran: true, progress, summary: progress.summary ?? "", orphaned, removed };
}

/** Waits while a turn runs, reporting (and so renewing the lease) as it waits: a long turn never looks like a stuck holder. */
async function restDuringTurns(request: BackfillRequest, report: () => void): Promise<void> {
  while (request.turns?.busy() && !request.signal?.aborted) {
    await sleep(TURN_POLL_MS);
    report();
  }
}

async function backfillOne(
  request: BackfillRequest,
  session: SessionListing,
  row: TranscriptRow | undefined,
  progress: BackfillProgress,
  skip: (id: string, reason: string) => void,
): Promise<void> {
  const { data, source } = request;
  try {
    checkSessionId(session.id);
  } catch {
    skip(session.id, "its id is not a session id");
    return;
  }
  // Current: exported after its last change; or nothing to write yet (a session created, never prompted).
  if ((row && row.exportedAt >= session.updated && fileExists(data, row)) || session.bytes === 0) {
    progress.current++;
    return;
  }
  const bytes = session.bytes ?? 0;
  if (bytes > request.maxSessionBytes) {
    const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;
    skip(
      session.id,
      `it holds ${mb(bytes)} of data, more than backfill.maxSessionMB (${mb(request.maxSessionBytes)}); memory_session_read exports it on demand`,
    );
    return;
  }
  try {
    const scope = row?.scope ?? projectScope(within(session), session.directory);
    const result = await exportTranscript({ data, source, sessionID: session.id, scope });
    progress.exported++;
    progress.lines += result.appendedLines;
    progress.bytes += bytes;
  } catch (error) {
    skip(session.id, describeError(error));
  }
}

/** The project root when the session ran inside it (else its own folder is the project, as for a folder outside git). */
function within(session: SessionListing): string | undefined {
  const root = session.worktree;
  if (!root || root === "/") return undefined;
  return session.directory === root || session.directory.startsWith(`${root}/`) ? root : undefined;
}

function fileExists(data: DataContext, row: TranscriptRow): boolean {
  try {
    return fs.existsSync(containedPath(data.transcriptsDir, row.path));
  } catch {
    return false;
  }
}
