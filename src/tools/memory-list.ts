/**
 * memory_list: the saved memory, newest first, filtered by scope, status and kind. The call is ./run/memory-list.ts.
 */

import { readArgs } from "./read-args.js";
import { LIST_DEFAULT_LIMIT } from "./tool-defaults.js";

/** What the agent is told of memory_list, and its arguments. */
export const memoryListTool = {
  description: "List the saved memory entries, newest first.",
  args: () => readArgs(LIST_DEFAULT_LIMIT),
};
