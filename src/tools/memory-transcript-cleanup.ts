/**
 * memory_transcript_cleanup: the retention sweep on demand. A dry run unless apply is true; reports what is eligible
 * and why, what is protected, and what was removed. The call is ./run/memory-transcript-cleanup.ts.
 */

import { MAX_ENTRIES } from "../bounded-output.js";
import type { Options } from "../options.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import type { TranscriptToolDeps } from "./memory-deps.js";

const count = () => z.number().int().min(0);

/** What the agent is told of memory_transcript_cleanup, and its arguments: both name the retention defaults that
 * apply when an argument is left out. */
export const transcriptCleanupTool = (defaults: Options["retention"]) => ({
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
    keepRecent: count().optional().describe(`Never remove the newest N of a project (default ${defaults.keepRecent})`),
    maxSessions: count().optional().describe(`Keep at most N per project (default ${defaults.maxSessions}; 0: no cap)`),
    orphaned: z.boolean().optional().describe("Eligible when OpenCode no longer has the session or the file is gone"),
  }),
});

export function createTranscriptCleanupTool(deps: TranscriptToolDeps) {
  return lazyTool(transcriptCleanupTool(deps.data.options.retention), () =>
    import("./run/memory-transcript-cleanup.js").then((m) => m.transcriptCleanup(deps)),
  );
}
