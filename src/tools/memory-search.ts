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
  description: "Search the saved memory by keywords, best first.",
  args: () => ({
    query: z.string().describe("Keywords"),
    ...readArgs(SEARCH_DEFAULT_LIMIT),
  }),
};
