/**
 * Every tool result is bounded by us, in count and in bytes, and says what it left out and how to get it: the host
 * cuts long output silently.
 */

/** Default byte budget of one tool result. */
export const MAX_RESULT_BYTES = 24_000;
/** Most entries one memory tool result lists. */
export const MAX_ENTRIES = 50;
/** Characters of a body shown in a list or search result. */
export const BODY_PREVIEW_CHARS = 500;

const encoder = new TextEncoder();

export function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/** `text` cut to `max` characters with a visible marker of how much was left out. */
export function preview(text: string, max = BODY_PREVIEW_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [${text.length - max} more chars]`;
}

/** The leading blocks that fit in `maxBytes`, each counted with the newline that joins it; the first that does not fit ends them. */
export function blocksWithin(blocks: readonly string[], maxBytes: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const block of blocks) {
    const size = byteLength(block) + 1;
    if (used + size > maxBytes) break;
    kept.push(block);
    used += size;
  }
  return kept;
}

/**
 * Joins blocks under a byte budget. Blocks that do not fit are dropped whole, and the last line says how many were
 * left out, followed by `hint` (how to get them).
 */
export function joinWithinBudget(blocks: readonly string[], maxBytes: number, hint: string): string {
  const kept = blocksWithin(blocks, maxBytes);
  const omitted = blocks.length - kept.length;
  if (omitted > 0) kept.push(`… ${omitted} more not shown (output limit ${maxBytes} bytes). ${hint}`);
  return kept.join("\n");
}
