/**
 * memory_restore: bring a forgotten entry back from the trash, where it lived. The call is ./run/memory-restore.ts.
 */

import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import type { MemoryDeps } from "./memory-deps.js";

export const memoryRestoreArgs = () => ({
  id: z.string().describe("Id of the trashed entry to restore."),
});

/** The `memory_restore` tool over a memory store. */
export function createMemoryRestoreTool(deps: MemoryDeps) {
  return lazyTool({
    description:
      "Restore a forgotten memory entry from the trash to the scope it lived in (memory_list with trashed: true shows the trash).",
    args: memoryRestoreArgs,
    load: () => import("./run/memory-restore.js").then((m) => m.memoryRestore(deps)),
  });
}
