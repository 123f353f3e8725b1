import { z } from "../zod.js";

/** What the agent is told of memory_save, and its arguments. */
export const memorySaveTool = {
  description:
    "Save a decision, fact, preference, gotcha or lesson for later sessions. An existing title in the scope is rewritten. Secrets are refused.",
  args: () => ({
    kind: z.string().describe('"decision", "fact", "preference", "gotcha", "lesson" or another word'),
    title: z.string().describe("Short, unique in its scope (1-120 chars)"),
    body: z.string().describe("What holds, why, where (up to 8,000 chars)"),
    scope: z.string().optional().describe('"project" (default), "team" (shared through the repository) or "global"'),
    tags: z.array(z.string()).optional().describe("Up to 12 tags"),
    status: z.enum(["candidate", "active"]).optional().describe('"candidate": await review (default "active")'),
    supersedes: z.string().optional().describe("Id of the entry this replaces"),
    valid_from: z.string().optional().describe("ISO date it began to hold"),
    expires_at: z.string().optional().describe("ISO date after which it is deleted"),
  }),
};
