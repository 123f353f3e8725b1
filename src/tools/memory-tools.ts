/**
 * The eight memory tools, keyed by the names the agent sees.
 */
import type { Options } from "../options.js";
import type { MemoryStore } from "../store/memory-store.js";
import { createMemoryForgetTool } from "./memory-forget.js";
import { createMemoryHistoryTool } from "./memory-history.js";
import { createMemoryListTool } from "./memory-list.js";
import { createMemoryRestoreTool } from "./memory-restore.js";
import { createMemoryReviewTool } from "./memory-review.js";
import { createMemorySaveTool } from "./memory-save.js";
import { createMemorySearchTool } from "./memory-search.js";
import { createMemoryStatsTool } from "./memory-stats.js";

export interface MemoryToolsDeps {
  memory: MemoryStore;
  options: Pick<Options, "agentSaves" | "retention">;
}

export function createMemoryTools(deps: MemoryToolsDeps) {
  return {
    memory_save: createMemorySaveTool(deps),
    memory_search: createMemorySearchTool(deps),
    memory_list: createMemoryListTool(deps),
    memory_forget: createMemoryForgetTool(deps),
    memory_restore: createMemoryRestoreTool(deps),
    memory_review: createMemoryReviewTool(deps),
    memory_history: createMemoryHistoryTool(deps),
    memory_stats: createMemoryStatsTool(deps),
  };
}
