/**
 * A transcript line longer than LONG_LINE_BYTES (a big paste, a minified file read back) as the search index and the
 * ranked search's second look read it: its first and last LONG_LINE_BYTES / 2 bytes (whole characters) around a
 * mark where the rest stood (`[…]`). The index and the second look read the same bytes, so memory follows this bound and not
 * the line: a 30 MB line held whole took a ranked search to 850 MB (Node) and 1.7 GB (Bun). The literal and regex
 * searches and `memory_session_read` still read the whole line, as a window.
 */
import fs from "node:fs";

export const LONG_LINE_BYTES = 64 * 1024;
const SIDE_BYTES = LONG_LINE_BYTES / 2;
/**
 * Where the bytes left out stood: no letter nor digit, so it adds no word to the index and never draws a hit's window
 * (a count of the bytes would be a word that every long line holds).
 */
export const CUT_MARK = " […] ";
const CUT_NOTE = new TextEncoder().encode(CUT_MARK);

/** Whether a byte continues a UTF-8 character. */
const continues = (b: number | undefined) => b !== undefined && (b & 0xc0) === 0x80;

/**
 * The condensed line (ended by a newline) of a long line, given at least its first SIDE_BYTES bytes
 * (`head`, from the line's start: its number prefix is kept) and its last SIDE_BYTES bytes before the newline (`tail`).
 */
export function condensedLine(head: Uint8Array, tail: Uint8Array): Uint8Array {
  let headEnd = Math.min(head.length, SIDE_BYTES);
  while (headEnd > 0 && continues(head[headEnd])) headEnd--;
  let tailStart = Math.max(0, tail.length - SIDE_BYTES);
  while (tailStart < tail.length && continues(tail[tailStart])) tailStart++;
  const note = CUT_NOTE;
  const out = new Uint8Array(headEnd + note.length + tail.length - tailStart + 1);
  out.set(head.subarray(0, headEnd), 0);
  out.set(note, headEnd);
  out.set(tail.subarray(tailStart), headEnd + note.length);
  out[out.length - 1] = 0x0a;
  return out;
}

/**
 * The condensed form of the one line at bytes [start, end) of the open file `fd` (`end` after its newline); a line
 * of at most LONG_LINE_BYTES is read whole. Throws on a read error.
 */
export function readCondensedLine(fd: number, start: number, end: number): Uint8Array {
  const length = end - start;
  if (length <= LONG_LINE_BYTES) {
    const whole = new Uint8Array(length);
    return whole.subarray(0, fs.readSync(fd, whole, 0, length, start));
  }
  const head = new Uint8Array(SIDE_BYTES + 4);
  const tail = new Uint8Array(SIDE_BYTES + 4);
  const headRead = fs.readSync(fd, head, 0, head.length, start);
  const tailRead = fs.readSync(fd, tail, 0, tail.length, end - 1 - tail.length);
  return condensedLine(head.subarray(0, headRead), tail.subarray(0, tailRead));
}
