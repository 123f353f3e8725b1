import { z } from "../zod.js";

/** What the agent is told of memory_forget, and its arguments. */
export const memoryForgetTool = {
  description:
    "Forget memory entries that are wrong or no longer useful: they move to the trash and can be restored. Give an id, or a query to forget the entries of this project, its team memory and global that match every word of it. A forgotten team entry leaves the team file.",
  args: () => ({
    id: z.string().optional().describe("Id of the entry to forget. Give either id or query."),
    query: z
      .string()
      .optional()
      .describe(
        "Forget the entries of this project, its team memory and global matching every word of this query (at most 20 at once). Give either id or query.",
      ),
    reason: z.string().optional().describe("Why it is forgotten, kept in the audit log."),
  }),
};
