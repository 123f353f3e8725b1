/**
 * A memory_restore call (../memory-restore.ts): the entry back in the scope it lived in.
 */

import type { CallOf } from "../lazy-tool.js";
import type { MemoryDeps } from "../memory-deps.js";
import type { memoryRestoreTool } from "../memory-restore.js";
import { entryRef } from "./render-entry.js";
import { agentActor, scopeLabel, sessionProject, writableScopes } from "./tool-scope.js";

export function memoryRestore({ memory }: MemoryDeps): CallOf<typeof memoryRestoreTool> {
  return async (args, ctx) => {
    const project = sessionProject(ctx);
    const { entry } = await memory.restore(args.id.trim(), agentActor(ctx), writableScopes(project));
    return `Restored ${entryRef(entry)} to ${scopeLabel(entry.scope, project)} (${entry.kind}, ${entry.status}).`;
  };
}
