/**
 * memory_history: the audit trail of one entry (with the entry in full), or the recent changes in this project and
 * global. The call is ./run/memory-history.ts.
 */

import { z } from "../zod.js";
import { limitArg } from "./read-args.js";
import { LIST_DEFAULT_LIMIT } from "./tool-defaults.js";

/** What the agent is told of memory_history, and its arguments. */
export const memoryHistoryTool = {
  description: "A memory entry in full with its audit trail; without id, the recent changes.",
  args: () => ({
    id: z.string().optional().describe("Entry id"),
    limit: limitArg(`Default ${LIST_DEFAULT_LIMIT}`),
  }),
};
