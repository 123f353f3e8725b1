/**
 * The default tool set (option `tools: "core"`): saving, searching, reading in full and forgetting memory, and searching
 * and reading transcripts. Every definition rides on every request, and the twelve tools together cost about 2,100
 * tokens, over the budget of 1,500; listing, reviewing, restoring, figures and transcript housekeeping are curation
 * that the CLI and the TUI do for people, and `tools: "all"` offers them to the agent too.
 */
export const CORE_TOOLS = [
  "memory_save",
  "memory_search",
  "memory_history",
  "memory_forget",
  "memory_session_search",
  "memory_session_read",
] as const;

export function pickCoreTools<T>(tools: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(tools).filter(([name]) => (CORE_TOOLS as readonly string[]).includes(name)));
}
