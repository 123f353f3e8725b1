/**
 * Walking back over complete lines in a scan buffer: the before-context of a match, and the last lines kept when the
 * buffer is about to drop them.
 */
import { prefixLength } from "../../transcripts/numbered-line.js";

/**
 * Shown texts of up to `want` lines ending just before `end` (a line start), nearest first, never reading before
 * `floor` (the first complete line the buffer holds). `show(textStart, lineEnd)` renders one line.
 */
export function linesBefore(
  bytes: Uint8Array,
  floor: number,
  end: number,
  want: number,
  show: (textStart: number, lineEnd: number) => string,
): string[] {
  const texts: string[] = [];
  let p = end;
  while (texts.length < want && p > floor) {
    // bytes[p - 1] is the newline of the line before; it starts after the newline before that, or at the floor.
    const start = p - 2 >= floor ? Math.max(floor, bytes.lastIndexOf(10, p - 2) + 1) : floor;
    texts.push(show(start + prefixLength(bytes, start, p - 1), p - 1));
    p = start;
  }
  return texts;
}
