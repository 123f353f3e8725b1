import { z } from "../zod.js";

/** What the agent is told of memory_forget, and its arguments. */
export const memoryForgetTool = {
  description: "Move wrong or stale memory entries to the trash (restorable), by id or by query.",
  args: () => ({
    id: z.string().optional().describe("Entry id"),
    query: z.string().optional().describe("Every entry with all these words (up to 20)"),
    reason: z.string().optional().describe("For the audit log"),
  }),
};
