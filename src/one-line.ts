/**
 * `text` on one line (every run of white space one space), cut to `max` characters with an ellipsis; the memory
 * block's tags in it are escaped (escapeBlockTags).
 */
export function oneLine(text: string, max: number): string {
  const flat = escapeBlockTags(text.replace(/\s+/g, " ").trim());
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

/**
 * Entry text shown to the model inside or beside the plugin's `<memory source="opencode-ledger">` block: a title or
 * body that holds the block's own tags (`</memory>`, `<memory …>`) would close it early, and what follows would read as
 * the plugin's words. The `<` of such a tag is shown as `‹`; nothing else of the text changes.
 */
const MEMORY_TAG = /<(?=\s*\/?\s*memory\b)/gi;

export function escapeBlockTags(text: string): string {
  return text.includes("<") ? text.replace(MEMORY_TAG, "‹") : text;
}

/**
 * A title from elsewhere (a session's, which OpenCode takes from the model or the user) on one line, its control
 * characters shown as U+FFFD: an escape sequence in it would recolour, move the cursor or retitle the terminal that a
 * search's output is printed to (the command line prints it as it is).
 */
export function visibleTitle(text: string): string {
  return text.replace(/\s+/g, " ").replace(/[\p{Cc}\u2028\u2029]/gu, "\uFFFD");
}
