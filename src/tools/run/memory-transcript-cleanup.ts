/**
 * A memory_transcript_cleanup call (../memory-transcript-cleanup.ts): the sweep's report, each transcript with why it
 * is eligible, kept or removed.
 */

import { joinWithinBudget, MAX_RESULT_BYTES } from "../../bounded-output.js";
import { InvalidInputError } from "../../errors.js";
import { formatAge, formatBytes, them } from "../../human-units.js";
import { projectScope } from "../../scope.js";
import { checkSessionId } from "../../session-id.js";
import type { SweepDecision } from "../../transcripts/retention/retention.js";
import { eligibleOf, removedOf } from "../../transcripts/retention/sweep-headline.js";
import type { CallOf } from "../lazy-tool.js";
import type { TranscriptToolDeps } from "../memory-deps.js";
import type { transcriptCleanupTool } from "../memory-transcript-cleanup.js";

export function transcriptCleanup({
  data,
  transcripts,
}: TranscriptToolDeps): CallOf<ReturnType<typeof transcriptCleanupTool>> {
  const defaults = data.options.retention;
  return async (args, context) => {
    if (args.apply === true && args.dryRun === true) {
      throw new InvalidInputError("apply", "dryRun and apply were both set; set apply alone to remove");
    }
    const sessionIDs = args.sessionIDs?.map((id) => checkSessionId(id, "sessionIDs"));
    const rules = {
      retentionDays: args.retentionDays ?? defaults.retentionDays,
      keepRecent: args.keepRecent ?? defaults.keepRecent,
      maxSessions: args.maxSessions ?? defaults.maxSessions,
      orphaned: args.orphaned === true,
      sessionIDs,
    };
    if (!sessionIDs && !rules.orphaned && rules.retentionDays === 0 && rules.maxSessions === 0) {
      return "No rule is set, so nothing is eligible: pass retentionDays, maxSessions, orphaned or sessionIDs (or set them under the retention option).";
    }
    const apply = args.apply === true;
    const report = await transcripts.sweep({
      scopes: args.allScopes ? undefined : [projectScope(context.worktree, context.directory)],
      rules,
      apply,
    });
    const now = data.clock();
    const line = (d: SweepDecision, why: string) =>
      `${d.sessionID} · ${formatBytes(d.bytes)} · last used ${formatAge(now - d.lastTouch)} ago · ${why}`;
    const blocks = [
      apply
        ? `${removedOf(report.removed.length, report.eligible.length)} (${formatBytes(sum(report.removed))}); ${report.considered} considered.`
        : `Dry run: ${eligibleOf(report.eligible.length, report.considered)} (${formatBytes(sum(report.eligible))}); nothing was removed.${report.eligible.length > 0 ? ` Run again with apply=true to remove ${them(report.eligible.length)}.` : ""}`,
      ...report.eligible.map((d) =>
        line(d, `${apply && report.removed.includes(d) ? "removed" : "eligible"}: ${d.reasons.join("; ")}`),
      ),
      ...report.protected.map((d) => line(d, `kept: ${d.protectedBy} (would be: ${d.reasons.join("; ")})`)),
      ...report.failed.map((f) => `${f.sessionID} · not removed: ${f.error}`),
      ...(report.unknown.length ? [`Not in the index (nothing to remove): ${report.unknown.join(", ")}`] : []),
    ];
    return joinWithinBudget(blocks, MAX_RESULT_BYTES, "Narrow with sessionIDs or a stricter rule.");
  };
}

const sum = (decisions: readonly SweepDecision[]) => decisions.reduce((n, d) => n + d.bytes, 0);
