/**
 * The report of `/memory-cleanup`: the retention sweep of this project's transcripts by the `retention` options, a dry run unless
 * applied, rendered as a short bounded report.
 */
import { joinWithinBudget, MAX_RESULT_BYTES } from "../bounded-output.js";
import type { DataContext } from "../data-context.js";
import { formatAge, formatBytes, them } from "../human-units.js";
import type { SweepDecision } from "../transcripts/retention/retention.js";
import { eligibleOf, removedOf } from "../transcripts/retention/sweep-headline.js";
import type { Transcripts } from "../transcripts/transcripts.js";

export interface CleanupReportDeps {
  data: DataContext;
  transcripts: Pick<Transcripts, "sweep" | "scope">;
}

const total = (decisions: readonly SweepDecision[]) => decisions.reduce((n, d) => n + d.bytes, 0);

/** What applying does, in the number of what it would remove: nothing to say when nothing is eligible. */
const applyHint = (eligible: number) => (eligible === 0 ? "" : ` /memory-cleanup apply removes ${them(eligible)}.`);

const newestKept = (keep: number) =>
  keep === 1 ? "the newest one is always kept" : `the newest ${keep} are always kept`;

export function createCleanupReport({ data, transcripts }: CleanupReportDeps): (apply: boolean) => Promise<string> {
  return async (apply) => {
    const { retentionDays, keepRecent, maxSessions } = data.options.retention;
    if (retentionDays === 0 && maxSessions === 0) {
      return "No retention rule is set (the options retention.retentionDays and retention.maxSessions are 0), so no transcript is eligible and nothing was removed.";
    }
    const rules = { retentionDays, keepRecent, maxSessions, orphaned: false };
    const report = await transcripts.sweep({ scopes: [transcripts.scope], rules, apply });
    const now = data.clock();
    const line = (d: SweepDecision, what: string) =>
      `- ${d.sessionID} "${d.title.slice(0, 60)}" · ${formatBytes(d.bytes)} · last used ${formatAge(now - d.lastTouch)} ago · ${what}`;
    const head = apply
      ? `${removedOf(report.removed.length, report.eligible.length)} of this project (${formatBytes(total(report.removed))}); ${report.considered} considered.`
      : `Dry run: ${eligibleOf(report.eligible.length, report.considered, "of this project")} (${formatBytes(total(report.eligible))}); nothing was removed.${applyHint(report.eligible.length)}`;
    const limits = [
      retentionDays > 0 ? `not used for over ${retentionDays} day${retentionDays === 1 ? "" : "s"}` : "",
      maxSessions > 0 ? `beyond the newest ${maxSessions}` : "",
    ].filter(Boolean);
    const rulesLine = `Rules (retention options): eligible when ${limits.join(" or ")}; ${newestKept(keepRecent)}.`;
    const blocks = [
      head,
      rulesLine,
      ...report.eligible.map((d) =>
        line(d, `${apply && report.removed.includes(d) ? "removed" : "eligible"}: ${d.reasons.join("; ")}`),
      ),
      ...report.protected.map((d) => line(d, `kept: ${d.protectedBy}`)),
      ...report.failed.map((f) => `- ${f.sessionID} · not removed: ${f.error}`),
    ];
    return joinWithinBudget(
      blocks,
      MAX_RESULT_BYTES,
      // The tool is offered only with `tools: "all"`; the command line narrows the sweep whatever the tool set.
      `Narrow the sweep with "opencode-ledger transcripts cleanup" (or the memory_transcript_cleanup tool${data.options.tools === "all" ? "" : ', offered with the option tools: "all"'}).`,
    );
  };
}
