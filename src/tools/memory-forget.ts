import { z } from "../zod.js";

/** What the agent is told of memory_forget, and its arguments. */
export const memoryForgetTool = {
  description:
    "Move wrong or stale memory entries to the trash (restorable): by id, or every entry matching all words of query.",
  args: () => ({
    id: z.string().optional().describe("Entry id (or give query)"),
    query: z.string().optional().describe("Words every entry to forget matches (at most 20 entries)"),
    reason: z.string().optional().describe("For the audit log"),
  }),
};
