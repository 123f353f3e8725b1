/**
 * memory_list: the saved memory, newest first, filtered by scope, status and kind. The call is ./run/memory-list.ts.
 */

import { lazyTool } from "./lazy-tool.js";
import type { MemoryDeps } from "./memory-deps.js";
import { readArgs } from "./read-args.js";
import { LIST_DEFAULT_LIMIT } from "./tool-defaults.js";

export const memoryListArgs = () => readArgs(LIST_DEFAULT_LIMIT);

/** The `memory_list` tool over a memory store. */
export function createMemoryListTool(deps: MemoryDeps) {
  return lazyTool({
    description:
      "List the saved memory entries, newest first: this project and global unless a scope is given. Filter by status, kind, or look in the trash.",
    args: memoryListArgs,
    load: () => import("./run/memory-list.js").then((m) => m.memoryList(deps)),
  });
}
