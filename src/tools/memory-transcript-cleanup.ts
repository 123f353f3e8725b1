/**
 * memory_transcript_cleanup: the retention sweep on demand. A dry run unless apply is true; reports what is eligible
 * and why, what is protected, and what was removed.
 */

import { joinWithinBudget, MAX_ENTRIES, MAX_RESULT_BYTES } from "../bounded-output.js";
import type { DataContext } from "../data-context.js";
import { InvalidInputError } from "../errors.js";
import { formatAge, formatBytes } from "../human-units.js";
import { projectScope } from "../scope.js";
import { checkSessionId } from "../session-id.js";
import type { SweepDecision } from "../transcripts/retention/retention.js";
import type { Transcripts } from "../transcripts/transcripts.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";

const count = () => z.number().int().min(0);

export function createTranscriptCleanupTool({ data, transcripts }: { data: DataContext; transcripts: Transcripts }) {
  const defaults = data.options.retention;
  return lazyTool({
    description:
      "Remove old session transcripts by retention rules. A dry run unless apply=true: it lists what is eligible and why. " +
      `The newest keepRecent transcripts of a project (default ${defaults.keepRecent}) are never removed.`,
    args: () => ({
      dryRun: z.boolean().optional().describe("Only report what would be removed (the default)"),
      apply: z.boolean().optional().describe("Remove the eligible transcripts (file and index rows)"),
      allScopes: z.boolean().optional().describe("Sweep every project's transcripts, not only this project's"),
      sessionIDs: z
        .array(z.string())
        .max(MAX_ENTRIES)
        .optional()
        .describe("Only these sessions; each is eligible by being named"),
      retentionDays: count()
        .optional()
        .describe(
          `Eligible when untouched for longer than this many days (default ${defaults.retentionDays}; 0: no age rule)`,
        ),
      keepRecent: count()
        .optional()
        .describe(`Never remove the newest N of a project (default ${defaults.keepRecent})`),
      maxSessions: count()
        .optional()
        .describe(`Keep at most N per project (default ${defaults.maxSessions}; 0: no cap)`),
      orphaned: z.boolean().optional().describe("Eligible when OpenCode no longer has the session or the file is gone"),
    }),
    async execute(args, context) {
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
        `${d.sessionID} · ${formatBytes(d.bytes)} · last touch ${formatAge(now - d.lastTouch)} ago · ${why}`;
      const blocks = [
        apply
          ? `Removed ${report.removed.length} of ${report.eligible.length} eligible transcripts (${formatBytes(sum(report.removed))}); ${report.considered} considered.`
          : `Dry run: ${report.eligible.length} of ${report.considered} transcripts are eligible (${formatBytes(sum(report.eligible))}); nothing was removed. Run again with apply=true to remove them.`,
        ...report.eligible.map((d) =>
          line(d, `${apply && report.removed.includes(d) ? "removed" : "eligible"}: ${d.reasons.join("; ")}`),
        ),
        ...report.protected.map((d) => line(d, `kept: ${d.protectedBy} (would be: ${d.reasons.join("; ")})`)),
        ...report.failed.map((f) => `${f.sessionID} · not removed: ${f.error}`),
        ...(report.unknown.length ? [`Not in the index (nothing to remove): ${report.unknown.join(", ")}`] : []),
      ];
      return joinWithinBudget(blocks, MAX_RESULT_BYTES, "Narrow with sessionIDs or a stricter rule.");
    },
  });
}

const sum = (decisions: readonly SweepDecision[]) => decisions.reduce((n, d) => n + d.bytes, 0);
