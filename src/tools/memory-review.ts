/**
 * memory_review: mark an entry active, superseded or rejected, with the reason kept in the audit log.
 * The call is ./run/memory-review.ts.
 */

import type { Options } from "../options.js";
import type { MemoryStore } from "../store/memory-store.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";

export interface MemoryReviewDeps {
  memory: MemoryStore;
  options: Pick<Options, "agentSaves">;
}

export const memoryReviewArgs = () => ({
  id: z.string().describe("Id of the entry to review."),
  status: z
    .enum(["active", "superseded", "rejected"])
    .describe('"active", "superseded" (give superseded_by) or "rejected".'),
  reason: z.string().optional().describe("Why, in a sentence; kept in the audit log."),
  superseded_by: z
    .string()
    .optional()
    .describe('With status "superseded": the id of the entry that replaced this one.'),
});

/** The `memory_review` tool over a memory store. */
export function createMemoryReviewTool(deps: MemoryReviewDeps) {
  return lazyTool({
    description:
      "Review a memory entry: mark it active (it holds), superseded (replaced by another entry) or rejected (wrong). The reason goes into the audit log.",
    args: memoryReviewArgs,
    load: () => import("./run/memory-review.js").then((m) => m.memoryReview(deps)),
  });
}
