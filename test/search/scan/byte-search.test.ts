import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { afterNewlines, allocScanBuffer, ByteFinder, countNewlines } from "../../../src/search/scan/byte-search.js";

const lower = (b: number) => (b >= 65 && b <= 90 ? b + 32 : b);

function naive(hay: Uint8Array, needle: Uint8Array, fold: boolean, from: number, to: number): number {
  outer: for (let s = from; s + needle.length <= to; s++) {
    for (let t = 0; t < needle.length; t++) {
      const a = hay[s + t] as number;
      const b = needle[t] as number;
      if (fold ? lower(a) !== lower(b) : a !== b) continue outer;
    }
    return s;
  }
  return -1;
}

// Few distinct bytes, so that needles recur and near-misses are common; letters in both cases, a newline,
// bytes that collide with letters under a blind 0x20 fold ("@" and "`"), and non-ASCII bytes.
const alphabet = fc.constantFrom(...[..."aAbBkK@` \n"].map((c) => c.charCodeAt(0)), 0xc3, 0xa9, 0xe2, 0x84, 0xaa);
const haystack = fc.array(alphabet, { maxLength: 600, size: "max" });

// Every property runs on a buffer in WebAssembly memory (the SIMD kernel) and on plain memory (the JavaScript loops).
describe.each([
  ["the SIMD kernel", true],
  ["JavaScript", false],
])("byte search with %s", (_, simd) => {
  // One buffer for every run (a WebAssembly memory takes a while to make): bytes of earlier runs stay past the end,
  // where nothing may be found.
  const shared = allocScanBuffer(1_024, simd);
  const bufferWith = (bytes: readonly number[]) => {
    shared.bytes.fill(0x0a, bytes.length, bytes.length + 64);
    shared.bytes.set(bytes);
    return shared;
  };

  it("finds the first occurrence like a naive search, folded or exact, for needles of every length", () => {
    fc.assert(
      fc.property(
        haystack,
        fc.array(alphabet, { minLength: 1, maxLength: 20, size: "max" }),
        fc.boolean(),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (hay, rawNeedle, fold, a, b, pick) => {
          const buffer = bufferWith(hay);
          // Half the time the needle is a piece of the haystack, so that there is something to find.
          const start = hay.length > 0 ? pick % hay.length : 0;
          const piece = hay.slice(start, start + rawNeedle.length);
          const needle = Uint8Array.from(pick % 2 === 0 && piece.length > 0 ? piece : rawNeedle);
          const from = hay.length > 0 ? a % (hay.length + 1) : 0;
          const to = from + (hay.length - from > 0 ? b % (hay.length - from + 1) : 0);
          const finder = new ByteFinder(needle, fold);
          expect(finder.find(buffer.bytes, buffer.words, from, to)).toBe(naive(buffer.bytes, needle, fold, from, to));
        },
      ),
      { numRuns: 3000 },
    );
  }, 120_000);

  it("finds a single needle wherever it sits among bytes it does not contain, at every alignment", () => {
    const noise = fc.constantFrom(...[..."xyz019 -\n"].map((c) => c.charCodeAt(0)));
    fc.assert(
      fc.property(
        fc.array(noise, { maxLength: 300, size: "max" }),
        fc.array(alphabet, { minLength: 1, maxLength: 24, size: "max" }),
        fc.nat(),
        fc.boolean(),
        (hay, needle, at, fold) => {
          const p = hay.length > 0 ? at % (hay.length + 1) : 0;
          const bytes = [...hay.slice(0, p), ...needle, ...hay.slice(p)];
          const buffer = bufferWith(bytes);
          const finder = new ByteFinder(Uint8Array.from(needle), fold);
          const expected = naive(buffer.bytes, Uint8Array.from(needle), fold, 0, bytes.length);
          expect(expected).toBeLessThanOrEqual(p);
          expect(finder.find(buffer.bytes, buffer.words, 0, bytes.length)).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
  }, 120_000);

  it("counts newlines and finds the n-th", () => {
    fc.assert(
      fc.property(haystack, fc.nat(), fc.nat(), fc.integer({ min: 1, max: 50 }), (hay, a, b, n) => {
        const buffer = bufferWith(hay);
        const from = hay.length > 0 ? a % (hay.length + 1) : 0;
        const to = from + (hay.length - from > 0 ? b % (hay.length - from + 1) : 0);
        const positions = hay.flatMap((x, i) => (x === 10 && i >= from && i < to ? [i] : []));
        expect(countNewlines(buffer.bytes, buffer.words, from, to)).toBe(positions.length);
        const nth = positions[n - 1];
        expect(afterNewlines(buffer.bytes, buffer.words, from, to, n)).toBe(nth === undefined ? -1 : nth + 1);
      }),
      { numRuns: 2000 },
    );
  }, 120_000);
});
