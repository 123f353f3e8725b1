/**
 * The pointer's one line about curated memory: how much this project and the global scope hold, so the agent knows
 * there is something to search after a compaction. Empty when nothing is saved yet.
 */
import { GLOBAL_SCOPE, teamScope } from "../scope.js";
import type { MemoryStore } from "../store/memory-store.js";

export function createMemoryInventory(memory: Pick<MemoryStore, "stats">, scope: string): () => Promise<string> {
  return async () => {
    const stats = await memory.stats([scope, teamScope(scope), GLOBAL_SCOPE]);
    if (stats.live === 0) return "";
    const lessons = stats.byKind.lesson ?? 0;
    const candidates = stats.byStatus.candidate;
    const parts = [
      `${stats.byStatus.active} active ${stats.byStatus.active === 1 ? "entry" : "entries"}`,
      lessons > 0 ? `${lessons} ${lessons === 1 ? "lesson" : "lessons"}` : "",
      candidates > 0 ? `${candidates} awaiting review` : "",
    ].filter(Boolean);
    return `Curated memory: ${parts.join(", ")} (memory_search).`;
  };
}
