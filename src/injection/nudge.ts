/**
 * Two lines in every session's system prompt that make the memory used: save as you go, search before asking.
 */
export const MEMORY_NUDGE = [
  "Memory (opencode-ledger): when a durable decision, fact, preference, gotcha or lesson emerges, save it with memory_save (one entry per idea, a clear title).",
  "Before asking the person to repeat anything, search memory_search (saved entries) and memory_session_search (exact past transcripts, also after a compaction).",
].join("\n");
