import { z } from "../zod.js";

/** What the agent is told of memory_save, and its arguments. */
export const memorySaveTool = {
  description:
    "Save a decision, fact, preference, gotcha or lesson for later sessions; saving a title again rewrites that entry.",
  args: () => ({
    kind: z.string().describe("decision, fact, preference, gotcha, lesson or other"),
    title: z.string().describe("Short, unique in its scope"),
    body: z.string().describe("What holds, why, where"),
    scope: z.string().optional().describe("project (default), team (shared by git) or global"),
    tags: z.array(z.string()).optional().describe("Up to 12 tags"),
    status: z.enum(["candidate", "active"]).optional().describe("Default active"),
    supersedes: z.string().optional().describe("Id of the entry replaced"),
    valid_from: z.string().optional().describe("ISO date it holds since"),
    expires_at: z.string().optional().describe("ISO date it is deleted"),
  }),
};
