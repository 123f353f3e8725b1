/**
 * The backfill: every session a source lists, in every project, becomes a transcript, newest first, through the
 * normal exporter. It runs in two passes. The first writes the transcripts and their catalog rows, so each session
 * can be read, continued and searched literally as soon as it is written; the second brings the derived files (the
 * search sketch and the full-text index) up to every transcript the index is behind, newest first, in batches of one
 * index transaction each. Until a transcript is indexed, a ranked search indexes what it needs itself and says what
 * it left out.
 *
 * It runs under the backfill lease (./backfill-lease.ts), so one process does it while the others skip it; it resumes
 * after any interruption because the store's catalog is the record of what is written (a session whose transcript
 * was exported after its last change is current and skipped) and the index's own record of what it covers. A session
 * it cannot read is skipped with its reason in the log, never a crash. Between slices of work it yields to the event
 * loop, rests while a turn runs and, below a full core, rests in proportion to the work it did.
 */

import fs from "node:fs";
import type { DataContext } from "../../data-context.js";
import { describeError } from "../../errors.js";
import { projectScope } from "../../scope.js";
import { checkSessionId } from "../../session-id.js";
import type { TranscriptRow } from "../../store/schema.js";
import { listTranscripts } from "../catalog.js";
import { type ExportRequest, exportTranscripts } from "../export/export-transcript.js";
import { keepDerived } from "../export/keep-derived.js";
import { withExportLock } from "../export/lock.js";
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
/**
 * Work is done in slices of about this much time; the rest for the CPU share and for turns comes between slices. In
 * the second pass a slice is one index transaction (one FTS5 segment and one commit for several transcripts), so the
 * index's write lock is never held across a rest. Short, because the backfill shares OpenCode's thread: a request
 * that arrives during a slice (a session created, a prompt on its way to its turn) waits for it, at each of its own
 * steps. With slices of 100 ms, the first prompt as the backfill began was 300 ms slower; with these, and the rest
 * after a session's events (turn-activity.ts), a prompt sent while it runs is not (BENCHMARKS.md, backfill-start).
 */
const SLICE_MS = 25;
/**
 * Sessions exported in one store transaction (one step of the first pass): at most this many, holding at most this
 * much stored data (for a small session a commit costs about as much as the rest of its store work; the bytes bound
 * how long the thread is held, unless one session alone holds more).
 */
const GROUP_SESSIONS = 16;
const GROUP_BYTES = 2 * 1_048_576;
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

/**
 * Runs `step(0)` … `step(count - 1)` in slices of about SLICE_MS, each slice inside `slice` (a transaction around it,
 * or nothing), reporting after each step. Before each slice it waits while a turn runs; after it, it rests for the
 * CPU share. A slice ends early when a turn starts or the run is aborted; a macrotask between steps keeps the host's
 * events (a turn starting) from being held up by a slice.
 */
async function inSlices(
  request: BackfillRequest,
  report: () => void,
  count: number,
  step: (index: number) => Promise<void>,
  slice: (run: () => Promise<void>) => Promise<void> = (run) => run(),
): Promise<void> {
  for (let next = 0; next < count; ) {
    await restDuringTurns(request, report);
    if (request.signal?.aborted) return;
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    const more = () =>
      next < count && performance.now() - began < SLICE_MS && !request.turns?.busy() && !request.signal?.aborted;
    await slice(async () => {
      do {
        await step(next++);
        report();
        if (more()) await new Promise((resolve) => setImmediate(resolve));
      } while (more());
    });
    // The work is the slice's wall time, or the process's CPU time in it when that is more (the runtime's own threads
    // collect what the slice allocated: counted by wall time alone, the second pass took 30% at a share of 25%).
    const cpu = process.cpuUsage(cpuBefore);
    const worked = Math.max(performance.now() - began, (cpu.user + cpu.system) / 1000);
    // Rest so that work / (work + rest) stays at the share; a macrotask at least, so turns are never starved.
    const rest = request.cpuShare >= 1 ? 0 : (worked * (1 - request.cpuShare)) / request.cpuShare;
    await sleep(Math.min(rest, 5_000));
  }
}

/**
 * The second pass: the search sketch and index of every transcript the index is behind (its record covers fewer bytes
 * than the catalog's row says the transcript holds: written by the first pass, by a run killed before its second, or
 * before the index existed), in the first pass's order, one index transaction per slice. Each transcript is brought
 * up under its export lock, not waiting for it: an export holding it brings its own transcript up.
 */
async function indexPass(
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

/** Waits while a turn runs, reporting (and so renewing the lease) as it waits: a long turn never looks like a stuck holder. */
async function restDuringTurns(request: BackfillRequest, report: () => void): Promise<void> {
  while (request.turns?.busy() && !request.signal?.aborted) {
    await sleep(TURN_POLL_MS);
    report();
  }
}

/**
 * Exports the sessions of one group that need it in one store transaction (`exportTranscripts`); the others are
 * counted current, or skipped with their reason.
 */
async function backfillGroup(
  request: BackfillRequest,
  group: readonly SessionListing[],
  rows: ReadonlyMap<string, TranscriptRow>,
  progress: BackfillProgress,
  skip: (id: string, reason: string) => void,
): Promise<void> {
  const { data, source } = request;
  const due: { session: SessionListing; export: ExportRequest }[] = [];
  for (const session of group) {
    const row = rows.get(session.id);
    const verdict = triage(request, session, row);
    if (verdict === "current") progress.current++;
    else if (verdict !== "due") skip(session.id, verdict.skip);
    else {
      const scope = row?.scope ?? projectScope(within(session), session.directory);
      due.push({ session, export: { data, source, sessionID: session.id, scope, derived: "later" } });
    }
  }
  const outcomes = due.length > 0 ? await exportTranscripts(due.map((d) => d.export)) : [];
  for (const [i, outcome] of outcomes.entries()) {
    const { session } = due[i] as (typeof due)[number];
    if (outcome instanceof Error) {
      skip(session.id, describeError(outcome));
      continue;
    }
    progress.exported++;
    progress.lines += outcome.appendedLines;
    progress.bytes += session.bytes ?? 0;
  }
  progress.done += group.length;
}

/** Whether a listed session is to be exported, is already current, or is skipped (and why). */
function triage(
  request: BackfillRequest,
  session: SessionListing,
  row: TranscriptRow | undefined,
): "due" | "current" | { skip: string } {
  try {
    checkSessionId(session.id);
  } catch {
    return { skip: "its id is not a session id" };
  }
  // Current: exported after its last change; or nothing to write yet (a session created, never prompted).
  if ((row && row.exportedAt >= session.updated && fileExists(request.data, row)) || session.bytes === 0) {
    return "current";
  }
  const bytes = session.bytes ?? 0;
  if (bytes <= request.maxSessionBytes) return "due";
  const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;
  return {
    skip: `it holds ${mb(bytes)} of data, more than backfill.maxSessionMB (${mb(request.maxSessionBytes)}); memory_session_read exports it on demand`,
  };
}

/**
 * The sessions, in their order, cut into groups of one store transaction each: at most GROUP_SESSIONS, holding at
 * most GROUP_BYTES of stored data unless one session alone holds more (so the messages held at once stay bounded).
 */
function groupsOf(sessions: readonly SessionListing[]): SessionListing[][] {
  const groups: SessionListing[][] = [];
  let bytes = 0;
  for (const session of sessions) {
    const size = session.bytes ?? 0;
    const last = groups.at(-1);
    if (last && last.length < GROUP_SESSIONS && bytes + size <= GROUP_BYTES) {
      last.push(session);
      bytes += size;
    } else {
      groups.push([session]);
      bytes = size;
    }
  }
  return groups;
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
