/**
 * The smaller tool set (option `tools: "core"`): saving, searching memory, and searching and reading transcripts.
 * Listing, forgetting, reviewing and cleaning up stay with the CLI and the TUI; every tool definition left out is
 * bytes off every request.
 */
export const CORE_TOOLS = ["memory_save", "memory_search", "memory_session_search", "memory_session_read"] as const;

export function pickCoreTools<T>(tools: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(tools).filter(([name]) => (CORE_TOOLS as readonly string[]).includes(name)));
}
