/**
 * The pointer travels from the `experimental.session.compacting` hook to the in-process model inside the compaction
 * prompt, between these markers, so the model needs no state of its own.
 */
export const POINTER_START = "<<<opencode-ledger:pointer>>>";
export const POINTER_END = "<<<opencode-ledger:end>>>";

export function wrapPointer(pointer: string): string {
  return `${POINTER_START}\n${pointer}\n${POINTER_END}`;
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
