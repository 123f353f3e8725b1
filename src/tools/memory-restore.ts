/**
 * memory_restore: bring a forgotten entry back from the trash, where it lived.
 */

import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import type { MemoryDeps } from "./memory-deps.js";
import { entryRef } from "./render-entry.js";
import { agentActor, scopeLabel, sessionProject, writableScopes } from "./tool-scope.js";

/** The `memory_restore` tool over a memory store. */
export function createMemoryRestoreTool({ memory }: MemoryDeps) {
  return lazyTool({
    description:
      "Restore a forgotten memory entry from the trash to the scope it lived in (memory_list with trashed: true shows the trash).",
    args: () => ({
      id: z.string().describe("Id of the trashed entry to restore."),
    }),
    async execute(args, ctx) {
      const project = sessionProject(ctx);
      const { entry } = await memory.restore(args.id.trim(), agentActor(ctx), writableScopes(project));
      return `Restored ${entryRef(entry)} to ${scopeLabel(entry.scope, project)} (${entry.kind}, ${entry.status}).`;
    },
  });
}
