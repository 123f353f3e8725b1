/**
 * `/memory-cleanup` in the TUI: a dry run of the transcript retention sweep for this project by the `retention`
 * options (plus transcripts whose session OpenCode no longer has, or whose file is gone), shown to the person; on
 * confirmation exactly the transcripts that were listed are removed, never more.
 */

import { formatAge, formatBytes, plural } from "../human-units.js";
import { oneLine } from "../one-line.js";
import type { Options } from "../options.js";
import type { SweepDecision, SweepReport } from "../transcripts/retention/retention.js";
import type { Transcripts } from "../transcripts/transcripts.js";

/** Transcripts listed in the dialog; the rest are counted in a last line. */
export const CLEANUP_LIST_MAX = 12;

export interface CleanupPlan {
  /** The sessions the person is asked to remove. */
  sessionIDs: string[];
  bytes: number;
  /** The dialog's text: a summary line, one line per transcript (bounded), what is kept and why. */
  message: string;
}

type Retention = Pick<Options["retention"], "retentionDays" | "keepRecent" | "maxSessions">;

function rulesLine(r: Retention): string {
  const age = r.retentionDays > 0 ? `untouched > ${r.retentionDays} d` : "no age rule";
  const cap = r.maxSessions > 0 ? `at most ${r.maxSessions} per project` : "no cap";
  return `Rules: ${age}, ${cap}, sessions OpenCode no longer has; ${r.keepRecent === 1 ? "the newest one is" : `the newest ${r.keepRecent} are`} always kept.`;
}

function line(d: SweepDecision, now: number): string {
  const title = d.title ? ` "${oneLine(d.title, 40)}"` : "";
  return `${d.sessionID}${title} · ${formatBytes(d.bytes)} · ${formatAge(now - d.lastTouch)} ago · ${d.reasons.join("; ")}`;
}

function bounded(lines: string[], what: string): string[] {
  if (lines.length <= CLEANUP_LIST_MAX) return lines;
  return [...lines.slice(0, CLEANUP_LIST_MAX), `… and ${lines.length - CLEANUP_LIST_MAX} more ${what}`];
}

/** The dry run: nothing is removed. */
export async function planCleanup(
  transcripts: Pick<Transcripts, "sweep">,
  retention: Retention,
  project: string,
  now: number,
): Promise<CleanupPlan> {
  const report = await transcripts.sweep({
    scopes: [project],
    rules: { ...retention, orphaned: true },
    apply: false,
  });
  const bytes = report.eligible.reduce((n, d) => n + d.bytes, 0);
  const head =
    report.eligible.length === 0
      ? `Nothing to remove: ${plural(report.considered, "transcript", "transcripts")} of this project considered.`
      : `${plural(report.eligible.length, "transcript", "transcripts")} of ${report.considered} can go (${formatBytes(bytes)}):`;
  const kept =
    report.protected.length > 0
      ? [
          `${report.protected.length} more would qualify but ${report.protected.length === 1 ? "is" : "are"} among the newest (kept).`,
        ]
      : [];
  return {
    sessionIDs: report.eligible.map((d) => d.sessionID),
    bytes,
    message: [
      head,
      ...bounded(
        report.eligible.map((d) => line(d, now)),
        "transcripts",
      ),
      ...kept,
      rulesLine(retention),
    ].join("\n"),
  };
}

/** Removes the planned transcripts (each still protected by keepRecent) and says what happened. */
export async function applyCleanup(
  transcripts: Pick<Transcripts, "sweep">,
  plan: CleanupPlan,
  retention: Retention,
  project: string,
): Promise<{ report: SweepReport; message: string }> {
  if (plan.sessionIDs.length === 0) return { report: emptyReport(), message: "Nothing was removed." };
  const report = await transcripts.sweep({
    scopes: [project],
    rules: {
      retentionDays: 0,
      maxSessions: 0,
      keepRecent: retention.keepRecent,
      orphaned: false,
      sessionIDs: plan.sessionIDs,
    },
    apply: true,
  });
  const removed = report.removed.reduce((n, d) => n + d.bytes, 0);
  const parts = [`Removed ${plural(report.removed.length, "transcript", "transcripts")} (${formatBytes(removed)}).`];
  if (report.failed.length > 0) {
    parts.push(
      `${report.failed.length} could not be removed: ${report.failed.map((f) => `${f.sessionID}: ${f.error}`).join("; ")}`,
    );
  }
  const skipped = report.protected.length + report.unknown.length;
  if (skipped > 0) parts.push(`${skipped} changed since the list was made and ${skipped === 1 ? "was" : "were"} kept.`);
  return { report, message: parts.join(" ") };
}

function emptyReport(): SweepReport {
  return { applied: true, considered: 0, eligible: [], protected: [], removed: [], failed: [], unknown: [] };
}
