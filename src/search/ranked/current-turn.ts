/**
 * The turn a search is asked from: the asking session's user message that started it, and everything after. Its
 * lines (the question itself, the searches of this turn) echo the question's words and answer nothing, so a ranked
 * search shows none of them. The turn is known by the asking message's own marker line in the transcript
 * (`## assistant · msg_… · …`): a transcript exported before the turn began does not hold it, and loses nothing.
 */
import type { NumberedLine, ReadRange } from "./tool-call-lines.js";

/** Bytes of the transcript's end looked through for the asking message: a longer turn is not found. */
export const TURN_BYTES = 1024 * 1024;

const USER = /^## user · /;

/**
 * The line of the user message that started the turn holding `messageID`, looked for in the last TURN_BYTES of a
 * transcript of `size` bytes; undefined when the message is not there.
 */
export function currentTurnStart(read: ReadRange, size: number, messageID: string): number | undefined {
  const asking = `## assistant · ${messageID} · `;
  const start = Math.max(0, size - TURN_BYTES);
  const lines = read(start, size);
  // A window that starts inside a line cuts its first: its number cannot be trusted.
  const whole: NumberedLine[] = start === 0 ? lines : lines.slice(1);
  let found = false;
  for (let i = whole.length - 1; i >= 0; i--) {
    const l = whole[i] as NumberedLine;
    if (!found) found = l.text.startsWith(asking);
    else if (USER.test(l.text)) return Number.isFinite(l.line) ? l.line : undefined;
  }
  return undefined;
}
