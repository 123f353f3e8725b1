/**
 * memory_search: full-text search over the memory, best first. Entries matching every word come first, then those
 * whose words start with the query words, then those matching some of them; this project above global at equal rank.
 * The call is ./run/memory-search.ts.
 */

import { z } from "../zod.js";
import { readArgs } from "./read-args.js";
import { SEARCH_DEFAULT_LIMIT } from "./tool-defaults.js";

/** What the agent is told of memory_search, and its arguments. */
export const memorySearchTool = {
  description:
    "Search the saved memory (decisions, facts, preferences, gotchas, lessons) by keywords, best match first. Looks in this project and global unless a scope is given. Superseded, rejected and trashed entries only when asked for.",
  args: () => ({
    query: z.string().describe("Keywords to look for; any text is fine (punctuation and operators are ignored)."),
    ...readArgs(SEARCH_DEFAULT_LIMIT),
  }),
};
