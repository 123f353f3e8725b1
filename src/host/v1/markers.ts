/**
 * The pointer travels from the `experimental.session.compacting` hook to the in-process model inside the compaction
 * prompt, between these markers, so the model needs no state of its own.
 */
export const POINTER_START = "<<<opencode-ledger:pointer>>>";
export const POINTER_END = "<<<opencode-ledger:end>>>";

/**
 * The pointer between the markers. A marker inside it (a session map quotes user requests, which may hold anything)
 * loses one bracket each side, so the model cannot be made to answer with a text someone planted after it.
 */
export function wrapPointer(pointer: string): string {
  const inert = pointer
    .replaceAll(POINTER_START, POINTER_START.slice(1, -1))
    .replaceAll(POINTER_END, POINTER_END.slice(1, -1));
  return `${POINTER_START}\n${inert}\n${POINTER_END}`;
}

/** The text between the last pair of markers, or undefined when there is none. */
export function extractPointer(text: string): string | undefined {
  const start = text.lastIndexOf(POINTER_START);
  if (start < 0) return undefined;
  const end = text.indexOf(POINTER_END, start);
  if (end < 0) return undefined;
  const pointer = text.slice(start + POINTER_START.length, end).trim();
  return pointer || undefined;
}
