/**
 * Reads one transcript in chunks and collects its matching lines with their numbers and context. Lines are never
 * decoded unless they are shown or tested: the byte finder jumps from candidate to candidate, newlines are counted
 * natively in between, and a line longer than the buffer is followed segment by segment (long-line.ts).
 *
 * The candidates come from the query's own finder, or from the line numbers ripgrep reported. Either way every
 * candidate is decided here by the same rules, so both engines give the same lines.
 */

import {
  decodeText,
  matchWindowStart,
  prefixLength,
  renderWindow,
  wholeCharsEnd,
} from "../../transcripts/numbered-line.js";
import type { CompiledQuery } from "../compiled-query.js";
import type { HitLine } from "../hit-line.js";
import { afterNewlines, countNewlines, type ScanBuffer } from "./byte-search.js";
import type { CollectLimits, FileHits } from "./collect-types.js";
import { linesBefore } from "./lines-before.js";
import { LongLine } from "./long-line.js";

const encoder = new TextEncoder();
const CHECK_EVERY = 256;

/** Smallest buffer that can carry a needle overlap and a window lead across segments of a long line. */
export function minBufferBytes(query: CompiledQuery, limits: CollectLimits): number {
  const needle = Math.max(query.finder?.length ?? 1, ...query.specials.map((s) => s.length));
  return 2 * (needle + limits.matchLineBytes) + 256;
}

export class LineCollector {
  private end = 0;
  private pos = 0;
  private lineNo = 1;
  private eof = false;
  /** First buffer index from which complete lines can be walked back for before-context. */
  private floor = 0;
  private readonly out: HitLine[] = [];
  private lastEmitted = 0;
  private afterLeft = 0;
  private matches = 0;
  private capped = false;
  private timedOut = false;
  private finished = false;
  /** Previews of the lines just before `floor`, oldest first. */
  private ring: string[] = [];
  private long: LongLine | undefined;
  private target = 0;
  private steps = 0;

  constructor(
    private readonly query: CompiledQuery,
    private readonly limits: CollectLimits,
    private readonly buffer: ScanBuffer,
    /** Ascending line numbers ripgrep reported; undefined: find candidates with the query's finder. */
    private readonly lines?: readonly number[],
  ) {}

  get done(): boolean {
    return this.finished;
  }

  /** Makes room and says where the next read goes and how much it may bring. */
  room(maxRead: number): { offset: number; length: number } {
    const keep = this.long ? this.long.keepFrom() : this.pos;
    if (keep > 0) {
      if (!this.long) this.remember(keep);
      this.buffer.bytes.copyWithin(0, keep, this.end);
      this.end -= keep;
      this.pos = Math.max(0, this.pos - keep);
      this.floor = Math.max(0, this.floor - keep);
      this.long?.shift(keep);
    }
    const length = Math.min(maxRead, this.buffer.capacity - this.end);
    if (length <= 0) throw new Error(`scan buffer of ${this.buffer.capacity} bytes is too small for this query`);
    return { offset: this.end, length };
  }

  /** `n` bytes were read where `room` said; 0 or `last` means the end of the file. */
  push(n: number, last = false): void {
    if (n === 0 || last) this.eof = true;
    this.end += n;
    this.process();
  }

  result(): FileHits {
    return { lines: this.out, matches: this.matches, capped: this.capped, timedOut: this.timedOut };
  }

  private process(): void {
    const bytes = this.buffer.bytes.subarray(0, this.end);
    while (!this.finished) {
      if (this.long) {
        if (!this.continueLong(bytes)) return;
        continue;
      }
      if ((this.capped || (this.lines && this.target >= this.lines.length)) && this.afterLeft === 0) break;
      if (this.pos >= this.end) {
        if (this.eof) break;
        return;
      }
      const nl = bytes.indexOf(10, this.pos);
      if (nl < 0) {
        if (this.eof) {
          this.handleLine(bytes, this.pos, this.end);
          this.pos = this.end;
        } else if (this.pos === 0 && this.end === this.buffer.capacity) this.startLong();
        else return;
        continue;
      }
      if (this.afterLeft > 0) {
        this.handleLine(bytes, this.pos, nl);
        this.pos = nl + 1;
        continue;
      }
      if (++this.steps % CHECK_EVERY === 0 && performance.now() > this.limits.deadline) {
        this.timedOut = true;
        break;
      }
      const limit = this.eof ? this.end : bytes.lastIndexOf(10, this.end - 1) + 1;
      const candidate = this.nextCandidate(bytes, this.pos, limit);
      if (candidate < 0) {
        // At the end of the file no line number is needed any more: the lines after the last match go uncounted.
        if (!this.eof) this.lineNo += countNewlines(bytes, this.buffer.words, this.pos, limit);
        this.pos = limit;
        continue;
      }
      const start = candidate === this.pos ? candidate : bytes.lastIndexOf(10, candidate - 1) + 1;
      const lineStart = Math.max(this.pos, start);
      this.lineNo += countNewlines(bytes, this.buffer.words, this.pos, lineStart);
      const lineEnd = bytes.indexOf(10, lineStart);
      const stop = lineEnd < 0 ? this.end : lineEnd;
      this.handleLine(bytes, lineStart, stop);
      this.pos = stop + 1;
    }
    this.finished = true;
  }

  private nextCandidate(bytes: Uint8Array, from: number, limit: number): number {
    if (this.lines) {
      const wanted = this.lines[this.target];
      if (wanted === undefined) return -1;
      if (wanted <= this.lineNo) return from;
      const p = afterNewlines(bytes, this.buffer.words, from, limit, wanted - this.lineNo);
      return p >= 0 && p < limit ? p : -1;
    }
    const finder = this.query.finder;
    if (!finder) return from;
    const words = this.buffer.words;
    let hit = finder.find(bytes, words, from, limit);
    for (const special of this.query.specials) {
      const to = hit < 0 ? limit : Math.min(limit, hit + special.length);
      const h = special.find(bytes, words, from, to);
      if (h >= 0 && (hit < 0 || h < hit)) hit = h;
    }
    return hit;
  }

  /** Whether line `n` is one to decide (ripgrep mode: one it reported). */
  private isCandidate(n: number): boolean {
    if (this.capped) return false;
    if (!this.lines) return true;
    while ((this.lines[this.target] ?? Infinity) < n) this.target++;
    if (this.lines[this.target] !== n) return false;
    this.target++;
    return true;
  }

  private handleLine(bytes: Uint8Array, start: number, end: number): void {
    const n = this.lineNo++;
    const textStart = start + prefixLength(bytes, start, end);
    const at = this.isCandidate(n) ? this.locate(bytes, textStart, end) : -1;
    if (at >= 0) {
      const total = end - textStart;
      const from = matchWindowStart(at, total, this.limits.matchLineBytes);
      const to = Math.min(total, from + this.limits.matchLineBytes);
      this.emitMatch(n, bytes, start, renderWindow(bytes.subarray(textStart + from, textStart + to), from, total));
    } else if (this.afterLeft > 0) {
      this.emit(n, this.preview(bytes, textStart, end), false);
      this.afterLeft--;
    }
  }

  /** Text offset of the first match in the text bytes[textStart, end), or -1. */
  private locate(bytes: Uint8Array, textStart: number, end: number): number {
    const { finder, exact, specials } = this.query;
    const words = this.buffer.words;
    if (finder) {
      const hit = finder.find(bytes, words, textStart, end);
      if (exact && hit >= 0) return hit - textStart;
      const special = specials.some((s) => s.find(bytes, words, textStart, end) >= 0);
      if (!special && (exact || hit < 0)) return -1;
    }
    const cut = end - textStart > this.query.lineBytes;
    const stop = cut ? wholeCharsEnd(bytes, textStart, textStart + this.query.lineBytes) : end;
    return this.test(bytes.subarray(textStart, stop));
  }

  /** Runs the JavaScript test on text bytes; the byte offset of its match, or -1. */
  private test(text: Uint8Array): number {
    // Checked before every test: one test of a slow pattern on a long line can take a good part of a second.
    if (performance.now() > this.limits.deadline) {
      this.timedOut = true;
      this.finished = true;
      return -1;
    }
    const string = decodeText(text, 0, text.length);
    const re = this.query.test;
    re.lastIndex = 0;
    const m = re.exec(string);
    return m ? encoder.encode(string.slice(0, m.index)).length : -1;
  }

  private preview(bytes: Uint8Array, textStart: number, end: number): string {
    const total = end - textStart;
    return renderWindow(bytes.subarray(textStart, textStart + Math.min(total, this.limits.contextLineBytes)), 0, total);
  }

  private emitMatch(n: number, bytes: Uint8Array, lineStart: number, text: string): void {
    this.emitBefore(n, bytes, lineStart);
    this.emit(n, text, true);
    this.matches++;
    this.afterLeft = this.limits.contextLines;
    if (this.matches >= this.limits.maxMatches) this.capped = true;
  }

  private emit(line: number, text: string, match: boolean): void {
    this.out.push({ line, text, match });
    this.lastEmitted = line;
  }

  /** Context before line `n` (starting at `lineStart`): from the buffer, then from the remembered lines. */
  private emitBefore(n: number, bytes: Uint8Array, lineStart: number): void {
    const want = Math.min(this.limits.contextLines, n - 1 - this.lastEmitted);
    if (want <= 0) return;
    const show = (textStart: number, end: number) => this.preview(bytes, textStart, end);
    const texts = linesBefore(bytes, this.floor, lineStart, want, show);
    texts.push(...this.ring.slice(Math.max(0, this.ring.length - (want - texts.length))).reverse());
    texts.reverse();
    for (const [i, text] of texts.entries()) this.emit(n - texts.length + i, text, false);
  }

  /** Keeps previews of the last lines before buffer index `keep`, which is about to be dropped. */
  private remember(keep: number): void {
    const want = this.limits.contextLines;
    if (want === 0 || keep <= this.floor) return;
    const bytes = this.buffer.bytes.subarray(0, this.end);
    const texts = linesBefore(bytes, this.floor, keep, want, (textStart, end) => this.preview(bytes, textStart, end));
    this.ring = [...this.ring, ...texts.reverse()].slice(-want);
  }

  private startLong(): void {
    const evaluate = this.isCandidate(this.lineNo);
    const head = Math.max(this.limits.contextLineBytes, this.limits.matchLineBytes);
    this.long = new LongLine(
      this.lineNo,
      this.buffer,
      this.end,
      this.query,
      evaluate,
      this.limits.matchLineBytes,
      head,
    );
  }

  /** Follows a long line; true when it ended and normal scanning resumes. */
  private continueLong(bytes: Uint8Array): boolean {
    const long = this.long as LongLine;
    const nl = bytes.indexOf(10, this.pos);
    const end = nl >= 0 ? nl : this.end;
    long.feed(end, nl >= 0 || this.eof);
    this.pos = end;
    if (nl < 0 && !this.eof) return false;
    const total = long.textLength(end);
    const at = long.decide(total, (head, stop) => this.test(head.subarray(0, stop)));
    this.lineNo = long.line + 1;
    if (at >= 0) {
      const window = long.matchWindow(at, total);
      this.emitMatch(long.line, bytes, 0, renderWindow(window.bytes, window.start, total));
    } else if (this.afterLeft > 0) {
      this.emit(long.line, this.longPreview(long, total), false);
      this.afterLeft--;
    }
    if (this.limits.contextLines > 0) {
      this.ring = [...this.ring, this.longPreview(long, total)].slice(-this.limits.contextLines);
    }
    this.long = undefined;
    this.pos = nl >= 0 ? nl + 1 : this.end;
    this.floor = this.pos;
    return true;
  }

  private longPreview(long: LongLine, total: number): string {
    return renderWindow(long.headBytes(this.limits.contextLineBytes), 0, total);
  }
}
