/**
 * Two lines in every session's system prompt that make the memory used: save as you go, search before asking.
 */
export const MEMORY_NUDGE = [
  "Memory: save each durable decision, fact, preference, gotcha or lesson with memory_save (one idea, a clear title).",
  "Before asking the person to repeat anything, search memory_search (saved entries) and memory_session_search (past transcripts, also after a compaction).",
].join("\n");
