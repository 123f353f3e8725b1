/**
 * memory_restore: bring a forgotten entry back from the trash, where it lived. The call is ./run/memory-restore.ts.
 */

import { z } from "../zod.js";

/** What the agent is told of memory_restore, and its arguments. */
export const memoryRestoreTool = {
  description: "Restore a forgotten memory entry from the trash.",
  args: () => ({
    id: z.string().describe("Entry id"),
  }),
};
