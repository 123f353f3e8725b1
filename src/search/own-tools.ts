/**
 * The tools of this plugin, by the names the agent calls them. Their results are the transcripts' own lines read back
 * (a search's hits, a window of a transcript) or the memory's entries: a search that returned them would answer a
 * question with an earlier answer to it, so a ranked search never shows a hit on their calls or outputs.
 */
export const OWN_TOOLS: ReadonlySet<string> = new Set([
  "memory_save",
  "memory_search",
  "memory_list",
  "memory_forget",
  "memory_restore",
  "memory_review",
  "memory_history",
  "memory_stats",
  "memory_session_read",
  "memory_session_search",
  "memory_transcript_list",
  "memory_transcript_cleanup",
]);
