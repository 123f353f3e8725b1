/**
 * The eight memory tools, keyed by the names the agent sees: each one's definition (./memory-*.ts) with its call
 * (./run/memory-*.ts), loaded on the first call.
 */
import { lazyTool } from "./lazy-tool.js";
import type { MemoryToolsDeps } from "./memory-deps.js";
import { memoryForgetTool } from "./memory-forget.js";
import { memoryHistoryTool } from "./memory-history.js";
import { memoryListTool } from "./memory-list.js";
import { memoryRestoreTool } from "./memory-restore.js";
import { memoryReviewTool } from "./memory-review.js";
import { memorySaveTool } from "./memory-save.js";
import { memorySearchTool } from "./memory-search.js";
import { memoryStatsTool } from "./memory-stats.js";

export function createMemoryTools(deps: MemoryToolsDeps) {
  return {
    memory_save: lazyTool(memorySaveTool, () => import("./run/memory-save.js").then((m) => m.memorySave(deps))),
    memory_search: lazyTool(memorySearchTool, () => import("./run/memory-search.js").then((m) => m.memorySearch(deps))),
    memory_list: lazyTool(memoryListTool, () => import("./run/memory-list.js").then((m) => m.memoryList(deps))),
    memory_forget: lazyTool(memoryForgetTool, () => import("./run/memory-forget.js").then((m) => m.memoryForget(deps))),
    memory_restore: lazyTool(memoryRestoreTool, () =>
      import("./run/memory-restore.js").then((m) => m.memoryRestore(deps)),
    ),
    memory_review: lazyTool(memoryReviewTool, () => import("./run/memory-review.js").then((m) => m.memoryReview(deps))),
    memory_history: lazyTool(memoryHistoryTool, () =>
      import("./run/memory-history.js").then((m) => m.memoryHistory(deps)),
    ),
    memory_stats: lazyTool(memoryStatsTool, () => import("./run/memory-stats.js").then((m) => m.memoryStats(deps))),
  };
}
