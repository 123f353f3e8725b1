/**
 * A transcript changed outside opencode-ledger: a user deleting a pasted secret, an editor saving the file, a tail
 * cut off, text appended by hand. The last export recorded the file's length, its last number and a hash of its last
 * bytes; when the file no longer fits them, the next export keeps the file as it is and reads the numbers written at
 * the start of its lines to learn what happened, so the note it writes is true and no number it writes is one the
 * file (or an earlier export) already used.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { MAX_PREFIX_BYTES, writtenNumber } from "./numbered-line.js";

/** The bytes before the end that the tail hash covers. */
export const TAIL_HASH_BYTES = 4_096;
/** Ranges of removed numbers a note names; the rest are counted. */
const MAX_RANGES = 5;
const CHUNK = 1 << 16;
const NEWLINE = 0x0a;

/** SHA-256 (hex) of the up to 4 KiB of `fd` that end at `end`. */
export function tailHash(fd: number, end: number): string {
  const length = Math.min(TAIL_HASH_BYTES, end);
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const n = fs.readSync(fd, buffer, read, length - read, end - length + read);
    if (n <= 0) break;
    read += n;
  }
  return createHash("sha256").update(buffer.subarray(0, read)).digest("hex");
}

/**
 * Calls `visit` with the first bytes of each line of `fd` in [from, to) (the last one may have no newline:
 * `complete` false). Only the first bytes of a line are kept, so a long line costs no memory.
 */
export function walkLineHeads(
  fd: number,
  from: number,
  to: number,
  visit: (head: Buffer, complete: boolean) => void,
): void {
  const buffer = Buffer.alloc(CHUNK);
  const head = Buffer.alloc(MAX_PREFIX_BYTES);
  let headLength = 0;
  let open = false;
  for (let position = from; position < to; ) {
    const read = fs.readSync(fd, buffer, 0, Math.min(CHUNK, to - position), position);
    if (read <= 0) break;
    position += read;
    const chunk = buffer.subarray(0, read);
    for (let start = 0; start < read; ) {
      const at = chunk.indexOf(NEWLINE, start);
      const end = at === -1 ? read : at;
      if (headLength < MAX_PREFIX_BYTES) {
        headLength += chunk.copy(head, headLength, start, Math.min(end, start + MAX_PREFIX_BYTES - headLength));
      }
      open = true;
      if (at === -1) break;
      visit(head.subarray(0, headLength), true);
      headLength = 0;
      open = false;
      start = at + 1;
    }
  }
  if (open) visit(head.subarray(0, headLength), false);
}

/** What a file changed by hand holds, read from the numbers of its lines. */
export interface HandEdit {
  /** Ranges of the numbers 1..`known` that no line carries any more, in order. */
  removed: Array<[number, number]>;
  /** Lines with no number, or with a number an earlier line already has. */
  foreign: number;
  /** Lines numbered past what the index knew. */
  beyond: number;
  /** Highest number any line carries (0 when none does): the next export numbers from past it. */
  highest: number;
  /** The file's last line had no line end (one is added, so what follows starts a line of its own). */
  unterminated: boolean;
}

/** Reads every line's number of a file the index knew up to number `known`; the whole file is read once. */
export function surveyNumbers(fd: number, size: number, known: number): HandEdit {
  const seen = new Uint8Array(known + 1);
  const edit: HandEdit = { removed: [], foreign: 0, beyond: 0, highest: 0, unterminated: false };
  walkLineHeads(fd, 0, size, (head, complete) => {
    if (!complete) edit.unterminated = true;
    const n = writtenNumber(head);
    if (n === undefined || (n <= known && seen[n] === 1)) {
      edit.foreign++;
      return;
    }
    if (n > known) edit.beyond++;
    else seen[n] = 1;
    edit.highest = Math.max(edit.highest, n);
  });
  for (let n = 1; n <= known; n++) {
    if (seen[n]) continue;
    let last = n;
    while (last < known && !seen[last + 1]) last++;
    edit.removed.push([n, last]);
    n = last;
  }
  return edit;
}

/**
 * Whether [from, to) holds only lines an export writes after number `last`: numbered `last + 1`, `last + 2`, … and
 * maybe a torn last line that starts as the next one would. Anything else was added by hand.
 */
export function ownLinesAfter(fd: number, from: number, to: number, last: number): boolean {
  let next = last + 1;
  let own = true;
  walkLineHeads(fd, from, to, (head, complete) => {
    if (!own) return;
    if (complete) {
      own = writtenNumber(head) === next;
      next++;
      return;
    }
    const prefix = Buffer.from(`${String(next).padStart(6)}\t`);
    const length = Math.min(prefix.length, head.length);
    own = head.subarray(0, length).equals(prefix.subarray(0, length));
  });
  return own;
}

/** What the note of an export that found a hand edit says was found. */
export function describeHandEdit(edit: HandEdit): string {
  const found: string[] = [];
  const lines = (n: number) => (n === 1 ? "1 line" : `${n} lines`);
  const were = (n: number) => (n === 1 ? "was" : "were");
  if (edit.removed.length > 0) {
    const ranges = edit.removed.slice(0, MAX_RANGES).map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`));
    const rest = edit.removed.length - MAX_RANGES;
    const more = rest > 0 ? ` and ${rest} more ${rest === 1 ? "range" : "ranges"}` : "";
    const single = edit.removed.length === 1 && edit.removed[0]?.[0] === edit.removed[0]?.[1];
    found.push(`${single ? "line" : "lines"} ${ranges.join(", ")}${more} ${single ? "was" : "were"} removed`);
  }
  if (edit.foreign > 0) {
    found.push(`${lines(edit.foreign)} without a number of their own ${were(edit.foreign)} added`);
  }
  if (edit.beyond > 0) found.push(`${lines(edit.beyond)} numbered past what was recorded ${were(edit.beyond)} found`);
  if (found.length === 0) found.push("the text of lines it had was changed in place; every number is still there");
  if (edit.unterminated) found.push("its last line had no line end, and one was added");
  return found.join("; ");
}
