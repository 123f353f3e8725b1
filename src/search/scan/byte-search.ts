/**
 * Kept by hand: no maintained package finds bytes case-folded in a Buffer without decoding; `Buffer.indexOf` cannot fold.
 *
 * Finds a byte string in a buffer, optionally folding ASCII case, without decoding anything. JavaScript has no
 * case-insensitive memmem and the engines' own `indexOf` slows down sharply when the needle starts with a common
 * byte, so the search reads four bytes at a time (an Int32Array over the same memory) and tests a rare adjacent pair
 * of needle bytes in all four positions at once (the "has a zero byte" word trick), then confirms the few candidates
 * byte by byte. Folding ORs 0x20 into letters, which maps 'A'..'Z' onto 'a'..'z' and nothing else onto them.
 * Buffers handed to `find` need 8 bytes of slack after `to`, readable through `words`. A buffer from
 * `allocScanBuffer` lives in WebAssembly memory where the runtime has SIMD, and then the same loops run sixteen bytes
 * at a time in the kernel (simd-kernel.ts); the candidates it yields are confirmed here the same way.
 */
import { kernelMemory, kernelOf, type SimdKernel } from "./simd-kernel.js";

/** Lower-case ASCII letters, every other byte unchanged. */
export const ASCII_LOWER = new Uint8Array(256).map((_, b) => (b >= 65 && b <= 90 ? b + 32 : b));

// Bytes of transcripts, most frequent first (measured on real OpenCode sessions, with the line number prefix).
const BY_FREQUENCY = " etosranicdlp/umgf-.h:\t\n`=yv\"kbwx1,_2)(3+*#4{}05[];>j6@7<89'q|?z$\\^!%&~";

function frequency(byte: number): number {
  const rank = BY_FREQUENCY.indexOf(String.fromCharCode(ASCII_LOWER[byte] as number));
  return rank < 0 ? 1e-4 : 0.15 / (1 + rank) ** 1.3;
}

/** Bytes outside the 24 most frequent in transcripts. */
export function isUncommon(byte: number): boolean {
  const rank = BY_FREQUENCY.indexOf(String.fromCharCode(ASCII_LOWER[byte] as number));
  return rank < 0 || rank >= 24;
}

const PIECE_BITS = 12;
const pieceHash = (word: number) => Math.imul(word, 0x9e3779b1) >>> (32 - PIECE_BITS);

const isLetter = (b: number) => b >= 97 && b <= 122;
/** The word trick reads byte 0 as the low byte; a big-endian machine takes the plain loop. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const ONES = 0x01010101;
const HIGHS = 0x80808080 | 0;

export class ByteFinder {
  readonly length: number;
  private readonly needle: Uint8Array;
  private readonly fold: boolean;
  /** The pair (k, k+1) tested four positions at a time; k = 0 for a one-byte needle. */
  private readonly k: number;
  private readonly fold1: number;
  private readonly fold2: number;
  private readonly pat1: number;
  private readonly pat2: number;
  /** Exact needles that start with an uncommon byte go to the engine's own search, which is fast for them. */
  private readonly native: Buffer | undefined;
  /** Needles of 7 bytes or more: hashes of their 4-byte pieces, and how many words may be skipped between looks. */
  private readonly pieces: Uint8Array | undefined;
  private readonly stride: number;
  /** The pair for the SIMD kernel: its bytes and the case bits ORed into each (a one-byte needle's second always matches). */
  private readonly kb1: number;
  private readonly kb2: number;
  private readonly kf1: number;
  private readonly kf2: number;

  /** `needle` as bytes; with `foldAscii`, ASCII letters match either case (the needle may be given in any case). */
  constructor(needle: Uint8Array, foldAscii: boolean) {
    if (needle.length === 0) throw new Error("empty needle");
    this.fold = foldAscii;
    this.needle = foldAscii ? needle.map((b) => ASCII_LOWER[b] as number) : Uint8Array.from(needle);
    this.length = needle.length;
    let best = 0;
    for (let i = 1; i + 1 < this.length; i++) {
      const score = frequency(this.needle[i] as number) * frequency(this.needle[i + 1] as number);
      const bestScore = frequency(this.needle[best] as number) * frequency(this.needle[best + 1] as number);
      if (score < bestScore) best = i;
    }
    this.k = best;
    const b1 = this.needle[best] as number;
    const b2 = (this.needle[best + 1] ?? b1) as number;
    this.fold1 = foldAscii && isLetter(b1) ? 0x20202020 : 0;
    this.fold2 = foldAscii && isLetter(b2) ? 0x20202020 : 0;
    this.kb1 = b1;
    this.kf1 = this.fold1 & 0xff;
    [this.kb2, this.kf2] = this.length === 1 ? [0xff, 0xff] : [b2, this.fold2 & 0xff];
    this.pat1 = Math.imul(b1, ONES) | 0;
    this.pat2 = Math.imul(b2, ONES) | 0;
    const first = this.needle[0] as number;
    this.native = !foldAscii && isUncommon(first) ? Buffer.from(this.needle) : undefined;
    this.stride = Math.max(1, (this.length - 3) >> 2);
    if (this.length >= 7) {
      this.pieces = new Uint8Array(1 << PIECE_BITS);
      const n = this.needle;
      for (let o = 0; o + 4 <= this.length; o++) {
        const piece =
          (n[o] as number) | ((n[o + 1] as number) << 8) | ((n[o + 2] as number) << 16) | ((n[o + 3] as number) << 24);
        this.pieces[pieceHash(piece | this.foldAll)] = 1;
      }
    }
  }

  /** ORed into every byte of a word when folding: letters fold exactly, other bytes may collide, which is checked. */
  private get foldAll(): number {
    return this.fold ? 0x20202020 : 0;
  }

  /** True when the needle is at `s` in `bytes`. */
  matchesAt(bytes: Uint8Array, s: number): boolean {
    const needle = this.needle;
    const m = this.length;
    if (this.fold) {
      for (let t = 0; t < m; t++) if (ASCII_LOWER[bytes[s + t] as number] !== needle[t]) return false;
    } else {
      for (let t = 0; t < m; t++) if (bytes[s + t] !== needle[t]) return false;
    }
    return true;
  }

  /** First start position `s` in [from, to - length] where the needle is, or -1. */
  find(bytes: Uint8Array, words: Int32Array, from: number, to: number): number {
    const last = to - this.length;
    if (last < from) return -1;
    if (this.native) {
      const at = Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).indexOf(this.native);
      return at < 0 ? -1 : from + at;
    }
    const kernel = kernelOf(bytes);
    if (kernel && last - from >= 16) return this.findKernel(bytes, kernel, from, last);
    if (last - from < 16 || !LITTLE_ENDIAN) {
      for (let s = from; s <= last; s++) if (this.matchesAt(bytes, s)) return s;
      return -1;
    }
    if (this.pieces) return this.findPieces(bytes, words, from, to);
    return this.length === 1 ? this.findOne(bytes, words, from, last) : this.findPair(bytes, words, from, last);
  }

  /** Candidates of the pair from the kernel, each confirmed whole; the pair sits at offset k of the needle. */
  private findKernel(bytes: Uint8Array, kernel: SimdKernel, from: number, last: number): number {
    const k = this.k;
    const to = last + k + 1;
    for (let p = from + k; ; p++) {
      p = kernel.pair(p, to, this.kb1, this.kb2, this.kf1, this.kf2);
      if (p < 0) return -1;
      if (this.matchesAt(bytes, p - k)) return p - k;
    }
  }

  /**
   * A needle of m ≥ 7 bytes covers at least (m - 3) / 4 whole aligned words wherever it sits, so looking at every
   * `stride`-th word is enough: a word that is none of the needle's 4-byte pieces (a table lookup of its hash) rules
   * out every start around it. The first match comes first: a later start seen at an earlier word also covers it.
   */
  private findPieces(bytes: Uint8Array, words: Int32Array, from: number, to: number): number {
    const pieces = this.pieces as Uint8Array;
    const fold = this.foldAll;
    const stride = this.stride;
    const m = this.length;
    const last = to - m;
    const end = to >> 2;
    let i = Math.ceil((from >> 2) / stride) * stride;
    for (; i < end; i += stride) {
      if (pieces[pieceHash((words[i] as number) | fold)] === 0) continue;
      const word = i << 2;
      for (let s = Math.max(from, word - (m - 4)), e = Math.min(word, last); s <= e; s++) {
        if (this.matchesAt(bytes, s)) return s;
      }
    }
    return -1;
  }

  private findOne(bytes: Uint8Array, words: Int32Array, from: number, last: number): number {
    const f1 = this.fold1;
    const p1 = this.pat1;
    const end = last >> 2;
    for (let i = from >> 2; i <= end; i++) {
      const x = ((words[i] as number) | f1) ^ p1;
      if (((x - ONES) & ~x & HIGHS) === 0) continue;
      for (let s = i << 2, e = s + 4; s < e; s++) {
        if (s >= from && s <= last && this.matchesAt(bytes, s)) return s;
      }
    }
    return -1;
  }

  private findPair(bytes: Uint8Array, words: Int32Array, from: number, last: number): number {
    const k = this.k;
    const f1 = this.fold1;
    const f2 = this.fold2;
    const p1 = this.pat1;
    const p2 = this.pat2;
    const end = (last + k) >> 2;
    let i = (from + k) >> 2;
    let cur = (words[i] as number) | 0;
    for (; i <= end; i++) {
      const next = (words[i + 1] as number) | 0;
      const x1 = (cur | f1) ^ p1;
      const x2 = ((cur >>> 8) | (next << 24) | f2) ^ p2;
      cur = next;
      if (((x1 - ONES) & ~x1 & (x2 - ONES) & ~x2 & HIGHS) === 0) continue;
      for (let s = (i << 2) - k, e = s + 4; s < e; s++) {
        if (s >= from && s <= last && this.matchesAt(bytes, s)) return s;
      }
    }
    return -1;
  }
}

/** A buffer readable both as bytes and as 32-bit words, with the slack `ByteFinder.find` reads past the end. */
export interface ScanBuffer {
  bytes: Uint8Array;
  words: Int32Array;
  /** Usable bytes (the slack is extra). */
  capacity: number;
}

/** With `simd` (the default), in WebAssembly memory with its kernel where the runtime can run it. */
export function allocScanBuffer(capacity: number, simd = true): ScanBuffer {
  const size = (capacity + 11) & ~3;
  const memory = (simd ? kernelMemory(size) : undefined) ?? new ArrayBuffer(size);
  return { bytes: new Uint8Array(memory, 0, size), words: new Int32Array(memory, 0, size >> 2), capacity };
}

const NEWLINES = 0x0a0a0a0a;

/** Newlines in a word, by the exact zero-byte trick and a multiply that adds the four byte flags. */
function newlinesIn(word: number): number {
  const x = word ^ NEWLINES;
  const zero = ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f);
  return Math.imul((zero >>> 7) & ONES, ONES) >>> 24;
}

/** Newlines in bytes[from, to), four bytes at a time. */
export function countNewlines(bytes: Uint8Array, words: Int32Array, from: number, to: number): number {
  const kernel = kernelOf(bytes);
  if (kernel) return from < to ? kernel.count(from, to) : 0;
  let count = 0;
  let i = from;
  for (; i < to && (i & 3) !== 0; i++) if (bytes[i] === 10) count++;
  const endWord = LITTLE_ENDIAN ? to >> 2 : 0;
  for (let w = i >> 2; w < endWord; w++) count += newlinesIn(words[w] as number);
  for (i = Math.max(i, endWord << 2); i < to; i++) if (bytes[i] === 10) count++;
  return count;
}

/** The position just after the `n`-th newline (n ≥ 1) in bytes[from, to), or -1 when there are fewer. */
export function afterNewlines(bytes: Uint8Array, words: Int32Array, from: number, to: number, n: number): number {
  const kernel = kernelOf(bytes);
  if (kernel && n >= 1) return from < to ? kernel.after(from, to, n) : -1;
  let left = n;
  let i = from;
  const byte = (p: number) => {
    if (bytes[p] === 10 && --left === 0) return p + 1;
    return -1;
  };
  for (; i < to && (i & 3) !== 0; i++) if (byte(i) >= 0) return i + 1;
  const endWord = LITTLE_ENDIAN ? to >> 2 : 0;
  for (let w = i >> 2; w < endWord; w++) {
    const c = newlinesIn(words[w] as number);
    if (c < left) {
      left -= c;
      continue;
    }
    for (let p = w << 2; p < (w << 2) + 4; p++) if (byte(p) >= 0) return p + 1;
  }
  for (i = Math.max(i, endWord << 2); i < to; i++) if (byte(i) >= 0) return i + 1;
  return -1;
}
