/**
 * What the tools are built over: the memory tools that need nothing but the store (`createMemorySearchTool({ memory
 * })`), and the transcript tools (list, cleanup).
 */
import type { DataContext } from "../data-context.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { Transcripts } from "../transcripts/transcripts.js";

export interface MemoryDeps {
  memory: MemoryStore;
}

export interface TranscriptToolDeps {
  data: DataContext;
  transcripts: Transcripts;
}
