/** Every tool the plugin registers, sorted: one list for the tests that check what a host was given. */
export const PLUGIN_TOOLS = [
  "memory_forget",
  "memory_history",
  "memory_list",
  "memory_restore",
  "memory_review",
  "memory_save",
  "memory_search",
  "memory_session_read",
  "memory_session_search",
  "memory_stats",
  "memory_transcript_cleanup",
  "memory_transcript_list",
] as const;
