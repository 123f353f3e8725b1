/**
 * memory_forget: move entries to the trash, never destroy them. By id anywhere (ids are unique); by query only in
 * this project and global, never another project's. The call is ./run/memory-forget.ts.
 */

import type { Options } from "../options.js";
import type { MemoryStore } from "../store/memory-store.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";

export interface MemoryForgetDeps {
  memory: MemoryStore;
  options: Pick<Options, "retention">;
}

export const memoryForgetArgs = () => ({
  id: z.string().optional().describe("Id of the entry to forget. Give either id or query."),
  query: z
    .string()
    .optional()
    .describe(
      "Forget the entries of this project, its team memory and global matching every word of this query (at most 20 at once). Give either id or query.",
    ),
  reason: z.string().optional().describe("Why it is forgotten, kept in the audit log."),
});

/** The `memory_forget` tool over a memory store. */
export function createMemoryForgetTool(deps: MemoryForgetDeps) {
  return lazyTool({
    description:
      "Forget memory entries that are wrong or no longer useful: they move to the trash and can be restored. Give an id, or a query to forget the entries of this project, its team memory and global that match every word of it. A forgotten team entry leaves the team file.",
    args: memoryForgetArgs,
    load: () => import("./run/memory-forget.js").then((m) => m.memoryForget(deps)),
  });
}
