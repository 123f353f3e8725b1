import { z } from "../zod.js";

/** What the agent is told of memory_save, and its arguments. */
export const memorySaveTool = {
  description:
    "Save a durable memory entry: a decision, fact, preference, gotcha or lesson worth knowing in later sessions. Saving a title that already exists in the scope rewrites that entry and reports what changed. Never put credentials in memory: anything that looks like a secret is refused.",
  args: () => ({
    kind: z
      .string()
      .describe(
        'What sort of entry: "decision", "fact", "preference", "gotcha" or "lesson" (free-form, up to 40 characters).',
      ),
    title: z
      .string()
      .describe("A short title, 1-120 characters, unique in its scope; saving an existing title rewrites that entry."),
    body: z.string().describe("The content, up to 8,000 characters: what holds, why, and where it applies."),
    scope: z
      .string()
      .optional()
      .describe(
        '"project" (default: this project), "team" (this project\'s shared team memory: a file in its repository that teammates get through git; for decisions the whole team should know) or "global" (useful in every project). Another project\'s memory cannot be written.',
      ),
    tags: z
      .array(z.string())
      .optional()
      .describe("Up to 12 short tags (each up to 40 characters). Left out on a rewrite: the tags stay."),
    status: z
      .enum(["candidate", "active"])
      .optional()
      .describe(
        '"active" (default) or "candidate" (awaits a person\'s review). When memory takes agent saves as candidates, everything saved is a candidate.',
      ),
    supersedes: z
      .string()
      .optional()
      .describe(
        "Id of an entry this one replaces: it is marked superseded, linked to this one, and its validity closed.",
      ),
    valid_from: z
      .string()
      .optional()
      .describe('When the fact began to hold, ISO 8601 ("2025-06-30" or "2025-06-30T14:00:00Z"; no zone means UTC).'),
    expires_at: z
      .string()
      .optional()
      .describe("When the entry stops being useful, ISO 8601 (a future date); it is then deleted automatically."),
  }),
};
