/**
 * memory_transcript_cleanup: the retention sweep on demand. A dry run unless apply is true; reports what is eligible
 * and why, what is protected, and what was removed. The call is ./run/memory-transcript-cleanup.ts.
 */

import { MAX_ENTRIES } from "../bounded-output.js";
import type { Options } from "../options.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import type { TranscriptToolDeps } from "./memory-deps.js";
import { MAX_COUNT } from "./tool-defaults.js";

const count = () => z.number().int().min(0).max(MAX_COUNT);

/** What the agent is told of memory_transcript_cleanup, and its arguments: both name the retention defaults that
 * apply when an argument is left out. */
export const transcriptCleanupTool = (defaults: Options["retention"]) => ({
  description: "Remove old session transcripts by retention rules; a dry run unless apply is true.",
  args: () => ({
    dryRun: z.boolean().optional().describe("The default"),
    apply: z.boolean().optional().describe("Remove what is eligible"),
    allScopes: z.boolean().optional().describe("Every project's"),
    sessionIDs: z.array(z.string()).max(MAX_ENTRIES).optional().describe("Only these"),
    retentionDays: count().optional().describe(`Days unused (default ${defaults.retentionDays}; 0: no rule)`),
    keepRecent: count().optional().describe(`Default ${defaults.keepRecent}`),
    maxSessions: count().optional().describe(`Per project (default ${defaults.maxSessions}; 0: no cap)`),
    orphaned: z.boolean().optional().describe("Sessions OpenCode no longer has"),
  }),
});

export function createTranscriptCleanupTool(deps: TranscriptToolDeps) {
  return lazyTool(transcriptCleanupTool(deps.data.options.retention), () =>
    import("./run/memory-transcript-cleanup.js").then((m) => m.transcriptCleanup(deps)),
  );
}
