/**
 * What the tools are built over: the memory tools (the store, and the options some of them follow) and the transcript
 * tools (list, cleanup).
 */
import type { DataContext } from "../data-context.js";
import type { Options } from "../options.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { Transcripts } from "../transcripts/transcripts.js";

export interface MemoryDeps {
  memory: MemoryStore;
}

/**
 * The memory tools whose calls follow options too: save and review (agentSaves), forget (the trash's days), and save
 * and forget name memory_review and memory_restore only when the tool set (`tools`) offers them.
 */
export interface MemoryToolsDeps extends MemoryDeps {
  options: Pick<Options, "agentSaves" | "retention" | "tools">;
}

export interface TranscriptToolDeps {
  data: DataContext;
  transcripts: Transcripts;
}
