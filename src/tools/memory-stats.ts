/**
 * memory_stats: how much is remembered, by kind and status, the trash, the store's size and its oldest live entry.
 * The call is ./run/memory-stats.ts.
 */

import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import type { MemoryDeps } from "./memory-deps.js";
import { READ_SCOPE_DESCRIPTION } from "./read-args.js";

export const memoryStatsArgs = () => ({
  scope: z.string().optional().describe(READ_SCOPE_DESCRIPTION),
});

/** The `memory_stats` tool over a memory store. */
export function createMemoryStatsTool(deps: MemoryDeps) {
  return lazyTool({
    description:
      "Summarise the saved memory: entries by kind and status, the trash, the total, the store's size on disk and the oldest live entry.",
    args: memoryStatsArgs,
    load: () => import("./run/memory-stats.js").then((m) => m.memoryStats(deps)),
  });
}
