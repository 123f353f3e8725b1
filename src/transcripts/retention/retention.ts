/**
 * The transcript retention sweep, shared by the cleanup tool, the command and the automatic sweep. It decides per
 * transcript whether it is eligible and why, never touches the `keepRecent` newest of a project, and removes
 * (file + index rows) only when asked to apply. Every removal is logged.
 */
import fs from "node:fs";
import type { DataContext } from "../../data-context.js";
import { DAY_MS } from "../../durations.js";
import { describeError } from "../../errors.js";
import type { TranscriptRow } from "../../store/schema.js";
import { deleteTranscript, getTranscript, lastActivity, listTranscripts } from "../catalog.js";
import { withExportLock } from "../export/lock.js";
import { containedPath } from "../paths.js";
import { removeSketch } from "../sketch/file.js";
import type { SessionSource } from "../source/session-source.js";

export interface SweepRules {
  /** Not used (no message) for longer than this many days (0: no age rule). */
  retentionDays: number;
  /** The newest N of each project are never removed. */
  keepRecent: number;
  /** Keep at most N per project (0: no cap). */
  maxSessions: number;
  /** Transcripts of sessions OpenCode no longer has, or whose file is gone. */
  orphaned: boolean;
  /** Transcripts marked orphaned because OpenCode deleted their session (see ./orphans.ts); named ones only then. */
  deleted?: boolean;
  /** Only these sessions are considered; each named one is eligible by being named. */
  sessionIDs?: readonly string[];
}

export interface SweepDecision {
  sessionID: string;
  scope: string;
  title: string;
  file: string;
  bytes: number;
  /** When the session was last used (its last message; src/transcripts/catalog.ts `lastActivity`). */
  lastTouch: number;
  /** Why it is eligible (empty: it is not). */
  reasons: string[];
  /** Why it is kept although eligible. */
  protectedBy?: string;
}

export interface SweepReport {
  applied: boolean;
  considered: number;
  eligible: SweepDecision[];
  protected: SweepDecision[];
  removed: SweepDecision[];
  failed: { sessionID: string; error: string }[];
  /** Named ids the index does not know. */
  unknown: string[];
}

export interface SweepRequest {
  data: DataContext;
  source: SessionSource;
  /** Projects to sweep; undefined: every project. */
  scopes: readonly string[] | undefined;
  rules: SweepRules;
  apply: boolean;
  /** Called after each removal attempt when applying (the command line shows progress with it). */
  onProgress?: (done: number, total: number) => void;
}

export async function sweepTranscripts({
  data,
  source,
  scopes,
  rules,
  apply,
  onProgress,
}: SweepRequest): Promise<SweepReport> {
  const now = data.clock();
  const rows = await data.database.read((db) => listTranscripts(db, scopes), []);
  const named = rules.sessionIDs ? new Set(rules.sessionIDs) : undefined;
  const report: SweepReport = {
    applied: apply,
    considered: 0,
    eligible: [],
    protected: [],
    removed: [],
    failed: [],
    unknown: [],
  };
  if (named) report.unknown = [...named].filter((id) => !rows.some((r) => r.sessionId === id));
  const byScope = new Map<string, TranscriptRow[]>();
  for (const row of rows) byScope.set(row.scope, [...(byScope.get(row.scope) ?? []), row]);

  const decisions: SweepDecision[] = [];
  for (const group of byScope.values()) {
    // The session used last comes first: keepRecent and maxSessions keep what the person used, not what was exported.
    group.sort((a, b) => lastActivity(b) - lastActivity(a) || b.createdAt - a.createdAt);
    group.forEach((row, rank) => {
      if (named && !named.has(row.sessionId)) return;
      decisions.push(decide(data, row, rank, rules, now, named !== undefined));
    });
  }
  report.considered = decisions.length;
  if (rules.orphaned) await markOrphans(source, decisions);
  for (const decision of decisions) {
    if (decision.reasons.length === 0) continue;
    const rank = byScope.get(decision.scope)?.findIndex((r) => r.sessionId === decision.sessionID) ?? 0;
    if (rank < rules.keepRecent) {
      decision.protectedBy = `among the ${rules.keepRecent} newest transcripts of its project (keepRecent)`;
      report.protected.push(decision);
    } else {
      report.eligible.push(decision);
    }
  }
  if (apply) {
    for (const [i, decision] of report.eligible.entries()) {
      await remove(data, decision, report);
      onProgress?.(i + 1, report.eligible.length);
    }
    if (report.removed.length > 0) await settleIndex(data);
  }
  return report;
}

function decide(
  data: DataContext,
  row: TranscriptRow,
  rank: number,
  rules: SweepRules,
  now: number,
  named: boolean,
): SweepDecision {
  let file: string;
  try {
    file = containedPath(data.transcriptsDir, row.path);
  } catch {
    file = "";
  }
  const decision: SweepDecision = {
    sessionID: row.sessionId,
    scope: row.scope,
    title: row.title ?? "",
    file,
    bytes: row.bytes,
    lastTouch: lastActivity(row),
    reasons: [],
  };
  if (named && !rules.deleted) decision.reasons.push("named for removal");
  if ((rules.deleted || rules.orphaned) && row.orphanedAt !== null) {
    decision.reasons.push(`OpenCode deleted this session (noticed ${new Date(row.orphanedAt).toISOString()})`);
  }
  const idle = Math.floor((now - lastActivity(row)) / DAY_MS);
  if (rules.retentionDays > 0 && now - lastActivity(row) > rules.retentionDays * DAY_MS) {
    decision.reasons.push(`not used for ${idle} days (retentionDays ${rules.retentionDays})`);
  }
  if (rules.maxSessions > 0 && rank >= rules.maxSessions) {
    decision.reasons.push(`beyond the newest ${rules.maxSessions} transcripts of its project (maxSessions)`);
  }
  if (rules.orphaned && (!file || !fs.existsSync(file))) decision.reasons.push("its transcript file is gone");
  return decision;
}

/** Asks the host about each session, a few at a time; a session it cannot answer for is left alone. */
async function markOrphans(source: SessionSource, decisions: SweepDecision[]): Promise<void> {
  const queue = [...decisions];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (next.reasons.some((r) => r.startsWith("OpenCode deleted"))) continue;
      const known = await source.session(next.sessionID, { directory: next.scope }).then(
        (info) => info !== undefined,
        () => true,
      );
      if (!known) next.reasons.push("OpenCode no longer has this session");
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** The search index forgets the session too; a failure is logged (doctor --fix rebuilds the index without it). */
async function forgetIndexed(data: DataContext, sessionID: string): Promise<void> {
  try {
    await data.indexer.forget(sessionID);
  } catch (error) {
    data.log.log("warn", `transcript ${sessionID}: not removed from the search index (${describeError(error)})`);
  }
}

/** The words of what was removed are taken out of the index file too (search-index.ts, settleRemovals). */
async function settleIndex(data: DataContext): Promise<void> {
  try {
    await data.indexer.settleRemovals();
  } catch (error) {
    data.log.log("warn", `search index: removed transcripts' words not merged out yet (${describeError(error)})`);
  }
}

async function remove(data: DataContext, decision: SweepDecision, report: SweepReport): Promise<void> {
  try {
    // Under the export lock, so a removal never interleaves with an export of the same session.
    await withExportLock(data, decision.sessionID, async () => {
      await data.database.write((_, connection) => {
        if (!getTranscript(connection, decision.sessionID)) return;
        deleteTranscript(connection, decision.sessionID);
        if (decision.file) {
          removeSketch(decision.file);
          fs.rmSync(decision.file, { force: true });
        }
      });
      await forgetIndexed(data, decision.sessionID);
    });
    report.removed.push(decision);
    data.log.log(
      "info",
      `transcript cleanup removed ${decision.sessionID} (${decision.bytes} bytes): ${decision.reasons.join("; ")}`,
    );
  } catch (error) {
    report.failed.push({ sessionID: decision.sessionID, error: describeError(error) });
  }
}

/**
 * The automatic sweep of one project by the `retention` options: only when autoSweep is on and a rule is set, and
 * applied (the options are the user's standing instruction). Never throws; problems go to the log.
 */
export async function autoSweep(
  data: DataContext,
  source: SessionSource,
  scope: string,
): Promise<SweepReport | undefined> {
  const { autoSweep: enabled, retentionDays, keepRecent, maxSessions } = data.options.retention;
  if (!enabled || (retentionDays === 0 && maxSessions === 0)) return undefined;
  try {
    const rules = { retentionDays, keepRecent, maxSessions, orphaned: false };
    return await sweepTranscripts({ data, source, scopes: [scope], rules, apply: true });
  } catch (error) {
    data.log.log("error", `transcript auto-sweep: ${describeError(error)}`);
    return undefined;
  }
}
