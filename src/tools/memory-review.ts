import { z } from "../zod.js";

/** What the agent is told of memory_review, and its arguments. */
export const memoryReviewTool = {
  description: "Mark a memory entry active, superseded or rejected.",
  args: () => ({
    id: z.string().describe("Entry id"),
    status: z.enum(["active", "superseded", "rejected"]).describe("superseded: give superseded_by"),
    reason: z.string().optional().describe("For the audit log"),
    superseded_by: z.string().optional().describe("Id of the entry replacing it"),
  }),
};
