import { z } from "../zod.js";

/** What the agent is told of memory_review, and its arguments. */
export const memoryReviewTool = {
  description:
    "Review a memory entry: mark it active (it holds), superseded (replaced by another entry) or rejected (wrong). The reason goes into the audit log.",
  args: () => ({
    id: z.string().describe("Id of the entry to review."),
    status: z
      .enum(["active", "superseded", "rejected"])
      .describe('"active", "superseded" (give superseded_by) or "rejected".'),
    reason: z.string().optional().describe("Why, in a sentence; kept in the audit log."),
    superseded_by: z
      .string()
      .optional()
      .describe('With status "superseded": the id of the entry that replaced this one.'),
  }),
};
