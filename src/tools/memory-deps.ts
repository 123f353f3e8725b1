/**
 * What a memory tool that needs nothing but the store is built over (`createMemorySearchTool({ memory })`).
 */
import type { MemoryStore } from "../store/memory-store.js";

export interface MemoryDeps {
  memory: MemoryStore;
}
