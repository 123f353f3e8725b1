/**
 * One line longer than the scan buffer, seen as a run of segments. It is never held whole: the scanner keeps its
 * head (what the JavaScript test sees, and the preview of a context line), the window around its first match, and
 * the few bytes before the next segment that a needle or the window may straddle. The result is the same as if the
 * line had been read at once, whatever the buffer size.
 */

import { leadOf, matchWindowStart, prefixLength, wholeCharsEnd } from "../../transcripts/numbered-line.js";
import type { CompiledQuery } from "../compiled-query.js";
import type { ScanBuffer } from "./byte-search.js";

export class LongLine {
  /** Line-relative offset of buffer index 0. */
  private base = 0;
  /** Buffer index up to which bytes were taken in. */
  private fed = 0;
  /** Buffer index from which needle starts are still to be checked. */
  private searchFrom = 0;
  private readonly textStart: number;
  /** Grows as the head comes in, up to `headCap`: most long lines are far shorter than the cap. */
  private head = new Uint8Array(4_096);
  private readonly headCap: number;
  private headLength = 0;
  /** Text offset of the first hit of an exact finder, or -1. */
  hit = -1;
  /** A prefilter or special hit: the line goes through the JavaScript test. */
  candidate = false;
  private window: Uint8Array | undefined;
  private windowStart = 0;
  private windowLength = 0;

  constructor(
    readonly line: number,
    private readonly buffer: ScanBuffer,
    firstEnd: number,
    private readonly query: CompiledQuery,
    /** Whether the line's matches matter (not capped, and a ripgrep target when ripgrep chose the lines). */
    private readonly evaluate: boolean,
    private readonly windowBytes: number,
    headBytes: number,
  ) {
    this.textStart = prefixLength(buffer.bytes, 0, firstEnd);
    this.searchFrom = this.textStart;
    // The head holds what the test sees plus a window after it (a match near the end of what the test sees is
    // shown with the bytes that follow), and at least a whole window, so a line that fits one is shown whole.
    this.headCap = evaluate ? Math.max(headBytes, query.lineBytes + windowBytes) : headBytes;
  }

  /** Where the bytes the next segment still needs begin: needle starts not yet checked, and the window's lead. */
  keepFrom(): number {
    if (!this.evaluate || this.hit >= 0) return this.fed;
    return Math.max(0, Math.min(this.fed, this.searchFrom) - leadOf(this.windowBytes));
  }

  /** The buffer lost its first `n` bytes. */
  shift(n: number): void {
    this.base += n;
    this.fed -= n;
    this.searchFrom = Math.max(0, this.searchFrom - n);
  }

  /** Takes in buffer bytes up to `end` (the line's end when `final`). */
  feed(end: number, final: boolean): void {
    this.capture(this.fed, end);
    if (this.evaluate) this.search(end, final);
    this.fed = end;
  }

  private capture(from: number, to: number): void {
    const bytes = this.buffer.bytes;
    const text = (i: number) => this.base + i - this.textStart;
    const headFrom = Math.max(from, this.textStart - this.base + this.headLength);
    const headTo = Math.min(to, this.textStart - this.base + this.headCap);
    if (headTo > headFrom) {
      const length = text(headTo);
      if (length > this.head.length) {
        const grown = new Uint8Array(Math.min(this.headCap, Math.max(length, this.head.length * 2)));
        grown.set(this.head.subarray(0, this.headLength));
        this.head = grown;
      }
      this.head.set(bytes.subarray(headFrom, headTo), text(headFrom));
      this.headLength = length;
    }
    if (this.window) {
      const winFrom = Math.max(from, this.textStart - this.base + this.windowStart + this.windowLength);
      const winTo = Math.min(to, this.textStart - this.base + this.windowStart + this.window.length);
      if (winTo > winFrom) {
        this.window.set(bytes.subarray(winFrom, winTo), text(winFrom) - this.windowStart);
        this.windowLength = text(winTo) - this.windowStart;
      }
    }
  }

  private search(end: number, final: boolean): void {
    const { bytes, words } = this.buffer;
    const q = this.query;
    const from = Math.max(this.searchFrom, this.textStart - this.base);
    if (q.finder && this.hit < 0 && !(this.candidate && !q.exact)) {
      const s = q.finder.find(bytes, words, from, end);
      if (s >= 0 && q.exact) this.startWindow(s, end);
      else if (s >= 0) this.candidate = true;
    }
    if (!q.finder) this.candidate = true;
    if (!this.candidate && this.hit < 0) {
      this.candidate = q.specials.some((special) => special.find(bytes, words, from, end) >= 0);
    }
    const longest = Math.max(q.finder?.length ?? 1, ...q.specials.map((s) => s.length));
    this.searchFrom = final ? end : Math.max(from, end - longest + 1);
  }

  private startWindow(s: number, end: number): void {
    const at = this.base + s - this.textStart;
    this.hit = at;
    this.windowStart = Math.max(0, at - leadOf(this.windowBytes));
    this.window = new Uint8Array(this.windowBytes);
    this.windowLength = 0;
    // The window may begin before the bytes taken in so far: copy what the buffer holds now.
    const first = this.windowStart + this.textStart - this.base;
    const to = Math.min(end, first + this.windowBytes);
    this.window.set(this.buffer.bytes.subarray(first, to), 0);
    this.windowLength = to - first;
  }

  /** Text bytes of the line when it ends at buffer index `end`. */
  textLength(end: number): number {
    return this.base + end - this.textStart;
  }

  /**
   * The text offset of the first match, or -1, once the line has ended with `total` text bytes. The test sees the
   * first `lineBytes` of the text, cut back to whole characters, as for a line read at once.
   */
  decide(total: number, test: (head: Uint8Array, end: number) => number): number {
    if (!this.evaluate) return -1;
    if (this.hit >= 0) return this.hit;
    if (!this.candidate) return -1;
    const cut = total > this.query.lineBytes;
    return test(this.head, cut ? wholeCharsEnd(this.head, 0, this.query.lineBytes) : this.headLength);
  }

  /** Bytes of the shown window of a match at text offset `at` in a text of `total` bytes, and where they start. */
  matchWindow(at: number, total: number): { bytes: Uint8Array; start: number } {
    const start = matchWindowStart(at, total, this.windowBytes);
    if (this.window && at === this.hit && start === this.windowStart) {
      return { bytes: this.window.subarray(0, this.windowLength), start };
    }
    const end = Math.min(this.headLength, start + this.windowBytes);
    return { bytes: this.head.subarray(Math.min(start, end), end), start };
  }

  /** The head of the text, for a context line. */
  headBytes(max: number): Uint8Array {
    return this.head.subarray(0, Math.min(this.headLength, max));
  }
}
