/**
 * memory_stats: how much is remembered, by kind and status, the trash, the store's size and its oldest live entry.
 * The call is ./run/memory-stats.ts.
 */

import { z } from "../zod.js";
import { READ_SCOPE_DESCRIPTION } from "./read-args.js";

/** What the agent is told of memory_stats, and its arguments. */
export const memoryStatsTool = {
  description: "Memory figures: entries by kind and status, the trash, size on disk.",
  args: () => ({
    scope: z.string().optional().describe(READ_SCOPE_DESCRIPTION),
  }),
};
