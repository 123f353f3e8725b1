/**
 * The search sketch of one transcript: a filter that can say "no line of these bytes contains this text" without
 * reading them. It is a list of segments, each a Bloom-style bitset of hashed byte grams (case-folded) of the text of
 * a run of whole lines; the last segment takes the grams of appended lines until it is full, then a new one is
 * opened. A needle can only be in a line, and a line is in one segment, so a transcript may contain the needle only
 * if some segment holds every gram of it. Grams never cross a line, and never include the `<number>\t` prefix (a
 * search matches the text only), so numbers and line ends do not fill the bitsets.
 *
 * Folding maps 'A'..'Z' onto 'a'..'z', and the two non-ASCII characters that Unicode simple case folding maps onto
 * ASCII letters (K KELVIN SIGN onto k, ſ LONG S onto s) onto those letters, so a case-insensitive needle of ASCII
 * letters finds its grams in every line it matches. A case-sensitive needle is folded the same way: whatever matches
 * it exactly folds to the same grams.
 */
import { prefixLength } from "../numbered-line.js";

export interface SketchParams {
  /** Bytes per gram (up to 4). */
  gram: number;
  /** Bits set per gram. */
  hashes: number;
  /** log2 of the bits of the smallest and of the largest segment. */
  minLog2: number;
  maxLog2: number;
  /** A segment takes no more lines once this share of its bits is set. */
  fillMax: number;
  /** Bits of a new segment per byte of the transcript so far (with the lines being added). */
  bitsPerByte: number;
}

/**
 * The parameters of format version 1, chosen by measuring on real text (node_modules sources and docs, real sessions;
 * figures in bench/results/transcript-search.md): about 2% of the transcripts' size, and an identifier of 6 to 25
 * characters that a transcript does not contain still lets about one transcript in ten through (one in seventeen
 * for rare identifiers). 3-byte grams let 35 to 50% through (their grams are found apart in most text); two or three
 * bits per gram did no better at the same size.
 */
export const SKETCH_PARAMS: SketchParams = {
  gram: 4,
  hashes: 1,
  minLog2: 10,
  maxLog2: 21,
  fillMax: 0.6,
  bitsPerByte: 0.3,
};

export interface Segment {
  log2: number;
  /** Bit p is bit (p & 7) of byte p >> 3: the same on every machine. */
  bits: Uint8Array;
  /** Bits set. */
  set: number;
}

const KELVIN = [0xe2, 0x84, 0xaa];
const LONG_S = [0xc5, 0xbf];

/** The byte at `i` folded; 0x100 is added for the Kelvin sign (3 bytes long) and 0x200 for long s (2 bytes). */
function foldAt(bytes: Uint8Array, i: number, end: number): number {
  const b = bytes[i] as number;
  if (b >= 0x41 && b <= 0x5a) return b | 0x20;
  if (b === 0xe2 && i + 2 < end && bytes[i + 1] === KELVIN[1] && bytes[i + 2] === KELVIN[2]) return 0x16b;
  if (b === 0xc5 && i + 1 < end && bytes[i + 1] === LONG_S[1]) return 0x273;
  return b;
}

/** The folded bytes of `bytes` (a needle). */
export function foldBytes(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; ) {
    const f = foldAt(bytes, i, bytes.length);
    out.push(f & 0xff);
    i += f === 0x16b ? 3 : f === 0x273 ? 2 : 1;
  }
  return Uint8Array.from(out);
}

/** A 32-bit mix of a gram (murmur3's finaliser). */
export function mixGram(g: number): number {
  let h = Math.imul(g ^ (g >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Bit positions of a mixed gram in a segment of 2^log2 bits (double hashing, the step odd). */
export function positionsOf(h: number, log2: number, hashes: number, out: number[]): void {
  const shift = 32 - log2;
  const h1 = h >>> shift;
  const h2 = (Math.imul(h, 0x9e3779b1) >>> shift) | 1;
  const mask = (1 << log2) - 1;
  for (let i = 0; i < hashes; i++) out.push((h1 + i * h2) & mask);
}

/** A growable list of 32-bit values, reused from line to line. */
/** The bytes of a line whose grams are made at once, and how far a piece starts before its place (a gram's bytes). */
const GRAM_PIECE_BYTES = 1024 * 1024;
const PIECE_OVERLAP = 16;

class Words {
  data = new Uint32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
}

/** Every mixed gram of the folded text bytes[start, end), in order (repeats included), appended to `out`. */
export function gramsOf(
  bytes: Uint8Array,
  start: number,
  end: number,
  gram: number,
  out: { push(v: number): void },
): void {
  const mask = gram >= 4 ? -1 : (1 << (8 * gram)) - 1;
  let g = 0;
  let have = 0;
  for (let i = start; i < end; ) {
    let b = bytes[i] as number;
    if (b < 0x80) {
      if (b >= 0x41 && b <= 0x5a) b |= 0x20;
      i++;
    } else {
      const f = foldAt(bytes, i, end);
      i += f === 0x16b ? 3 : f === 0x273 ? 2 : 1;
      b = f & 0xff;
    }
    g = ((g << 8) | b) & mask;
    if (++have >= gram) out.push(mixGram(g >>> 0));
  }
}

export class Sketch {
  readonly segments: Segment[] = [];
  /** Bytes of the transcript described (always the end of a line, or 0). */
  coveredBytes = 0;
  coveredLines = 0;
  private readonly grams = new Words();
  private readonly fresh = new Words();
  private sizeHint = 0;

  constructor(readonly params: SketchParams = SKETCH_PARAMS) {}

  /** A sketch read back from its file (the segments' bits are used as given, not copied). */
  static restore(params: SketchParams, segments: Segment[], coveredBytes: number, coveredLines: number): Sketch {
    const sketch = new Sketch(params);
    sketch.segments.push(...segments);
    sketch.coveredBytes = coveredBytes;
    sketch.coveredLines = coveredLines;
    return sketch;
  }

  /**
   * Adds the complete lines of bytes[start, end), which are the transcript's bytes from `coveredBytes` on; returns
   * where the last complete line ends (a partial last line is left for later). `upTo` is the transcript's size once
   * this batch is added, when known (a new segment is sized by it).
   */
  addLines(bytes: Uint8Array, start: number, end: number, upTo = this.coveredBytes + (end - start)): number {
    this.sizeHint = upTo;
    let pos = start;
    for (;;) {
      const nl = bytes.indexOf(10, pos);
      if (nl < 0 || nl >= end) break;
      this.addText(bytes, pos + prefixLength(bytes, pos, nl), nl);
      this.coveredBytes += nl + 1 - pos;
      this.coveredLines++;
      pos = nl + 1;
    }
    return pos;
  }

  /** Adds the grams of one line's text, all into one segment: the open one, or a new one when it would overfill. */
  private addText(bytes: Uint8Array, start: number, end: number): void {
    const { gram, hashes, maxLog2, fillMax } = this.params;
    if (end - start < gram) return;
    const grams = this.grams;
    const fresh = this.fresh;
    let open = this.segments.at(-1) ?? this.openSegment(this.nextLog2(0));
    for (;;) {
      fresh.length = 0;
      const bits = open.bits;
      const shift = 32 - open.log2;
      const mask = (1 << open.log2) - 1;
      // A long line's grams are made a piece at a time (each piece starting a few bytes early, so no gram across two
      // is missed): held whole, a 30 MB line's grams were 120 MB. `fresh` holds at most the segment's bits.
      for (let from = start; from < end; from += GRAM_PIECE_BYTES) {
        grams.length = 0;
        gramsOf(
          bytes,
          from === start ? start : from - PIECE_OVERLAP,
          Math.min(end, from + GRAM_PIECE_BYTES),
          gram,
          grams,
        );
        for (let i = 0; i < grams.length; i++) {
          const h = grams.data[i] as number;
          const h1 = h >>> shift;
          const h2 = (Math.imul(h, 0x9e3779b1) >>> shift) | 1;
          for (let j = 0; j < hashes; j++) {
            const p = (h1 + j * h2) & mask;
            const byte = bits[p >> 3] as number;
            const bit = 1 << (p & 7);
            if ((byte & bit) === 0) {
              bits[p >> 3] = byte | bit;
              fresh.push(p);
            }
          }
        }
      }
      open.set += fresh.length;
      if (open.set <= fillMax * 2 ** open.log2) return;
      const alone = open.set === fresh.length;
      // A line that fills the largest segment on its own stays there: it makes the filter answer "maybe".
      if (alone && open.log2 >= maxLog2) return;
      for (let i = 0; i < fresh.length; i++) {
        const p = fresh.data[i] as number;
        bits[p >> 3] = (bits[p >> 3] as number) & ~(1 << (p & 7));
      }
      open.set -= fresh.length;
      if (alone) this.segments.pop();
      open = this.openSegment(alone ? Math.min(maxLog2, open.log2 + 1) : this.nextLog2(open.log2));
    }
  }

  /** A new segment's size: by the transcript's size so far, never smaller than the one before. */
  private nextLog2(previous: number): number {
    const { minLog2, maxLog2, bitsPerByte } = this.params;
    const wanted = Math.round(Math.log2(Math.max(1, this.sizeHint * bitsPerByte)));
    return Math.min(maxLog2, Math.max(minLog2, previous, wanted));
  }

  private openSegment(log2: number): Segment {
    const segment = { log2, bits: new Uint8Array(2 ** (log2 - 3)), set: 0 };
    this.segments.push(segment);
    return segment;
  }

  /** Whether some segment holds every gram of every needle of `probe`. */
  mayContain(probe: SketchProbe): boolean {
    for (const segment of this.segments) if (probe.inSegment(segment.log2, segment.bits)) return true;
    return false;
  }

  /** Bytes of the bitsets. */
  get bitBytes(): number {
    return this.segments.reduce((sum, s) => sum + s.bits.length, 0);
  }
}

/**
 * What a search asks of sketches: folded needles that every matching line contains, as bit positions per segment
 * size (computed once per size). Needles shorter than a gram are left out; with none left there is no probe.
 */
export class SketchProbe {
  private readonly mixed: number[] = [];
  private readonly bySize = new Map<number, Int32Array>();

  private constructor(
    private readonly params: SketchParams,
    needles: readonly Uint8Array[],
  ) {
    const grams = new Set<number>();
    for (const needle of needles) {
      const out: number[] = [];
      gramsOf(needle, 0, needle.length, params.gram, out);
      for (const g of out) grams.add(g);
    }
    this.mixed = [...grams];
  }

  /** A probe for needles given as UTF-8 bytes (folded here); undefined when no needle is as long as a gram. */
  static of(needles: readonly Uint8Array[], params: SketchParams = SKETCH_PARAMS): SketchProbe | undefined {
    const usable = needles.map(foldBytes).filter((n) => n.length >= params.gram);
    return usable.length > 0 ? new SketchProbe(params, usable) : undefined;
  }

  get grams(): number {
    return this.mixed.length;
  }

  inSegment(log2: number, bits: Uint8Array): boolean {
    let spots = this.bySize.get(log2);
    if (!spots) {
      const out: number[] = [];
      for (const h of this.mixed) positionsOf(h, log2, this.params.hashes, out);
      spots = Int32Array.from(out);
      this.bySize.set(log2, spots);
    }
    for (let i = 0; i < spots.length; i++) {
      const p = spots[i] as number;
      if (((bits[p >> 3] as number) & (1 << (p & 7))) === 0) return false;
    }
    return true;
  }
}
