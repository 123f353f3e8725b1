import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileQuery } from "../../../src/search/query.js";
import { decodeSketch, encodeSketch, HEADER_BYTES } from "../../../src/transcripts/sketch/codec.js";
import { readSketch, removeSketch, sketchPathOf, writeSketch } from "../../../src/transcripts/sketch/file.js";
import { SKETCH_PARAMS, Sketch, SketchProbe } from "../../../src/transcripts/sketch/sketch.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { numbered } from "../../helpers/transcript-files.js";

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text);

function sketchOf(lines: readonly string[]): Sketch {
  const sketch = new Sketch();
  const bytes = bytesOf(numbered(lines));
  sketch.addLines(bytes, 0, bytes.length);
  return sketch;
}

const may = (sketch: Sketch, ...needles: string[]) => {
  const probe = SketchProbe.of(needles.map(bytesOf));
  if (!probe) throw new Error(`no probe for ${needles.join(", ")}`);
  return sketch.mayContain(probe);
};

const isAscii = (text: string) => [...text].every((c) => (c.codePointAt(0) as number) < 0x80);
const swapCase = (text: string) =>
  [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");

const TOKENS = ["a", "B", "k", "K", "\u212a", "s", "S", "\u017f", "é", "É", "日本", "ß", " ", "\t", "0", "42", "foo"];
const line = fc.array(fc.constantFrom(...TOKENS, "alpha", "Beta", "gamma"), { maxLength: 30 }).map((t) => t.join(""));

describe("the search sketch", () => {
  it("holds every piece of 4 bytes or more of every line's text, in either case (no false negatives)", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.nat(), fc.nat(), (lines, pick, at) => {
        const sketch = sketchOf(lines);
        const text = lines[pick % lines.length] as string;
        const chars = [...text];
        for (let len = 4; len <= Math.min(12, chars.length); len++) {
          const start = at % Math.max(1, chars.length - len + 1);
          const piece = chars.slice(start, start + len).join("");
          if (bytesOf(piece).length < SKETCH_PARAMS.gram) continue;
          expect(may(sketch, piece)).toBe(true);
          // ASCII letters fold; a non-ASCII letter in another case is another byte string (the query splits there).
          if (isAscii(piece)) expect(may(sketch, swapCase(piece))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("holds every line's pieces across many segments, whatever batches the lines were appended in", () => {
    const word = fc.stringMatching(/^[a-zA-Z0-9_]{1,9}$/);
    fc.assert(
      fc.property(
        fc.array(fc.array(word, { minLength: 1, maxLength: 12 }), { minLength: 200, maxLength: 1500 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
        (words, cuts) => {
          const lines = words.map((w) => w.join(" "));
          const bytes = bytesOf(numbered(lines));
          const sketch = new Sketch();
          let at = 0;
          for (const cut of [...cuts.sort(), 1]) {
            at = sketch.addLines(bytes, at, Math.max(at, Math.round(cut * bytes.length)));
          }
          expect(sketch.coveredBytes).toBe(bytes.length);
          expect(sketch.coveredLines).toBe(lines.length);
          for (const [i, text] of lines.entries()) {
            if (i % 7 !== 0 || text.length < SKETCH_PARAMS.gram) continue;
            expect(may(sketch, text), `line ${i + 1}`).toBe(true);
            expect(may(sketch, swapCase(text.slice(-SKETCH_PARAMS.gram)))).toBe(true);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("holds every piece of a line of megabytes, those across the places where its grams are made a piece at a time", () => {
    // Distinct words so that every needle is a gram the line alone holds; Kelvin signs and long s shift the bytes.
    const words = Array.from({ length: 400_000 }, (_, i) => `w${i.toString(36)}${i % 7 === 0 ? "\u212a\u017f" : ""}`);
    const text = words.join(" ");
    const sketch = sketchOf([text]);
    const bytes = bytesOf(text);
    const mib = 1024 * 1024;
    for (let piece = mib; piece < bytes.length; piece += mib) {
      // The needles that straddle a piece's start (the text's bytes, after the line's number).
      for (let at = piece - 20; at < piece + 20; at++) {
        const needle = new TextDecoder().decode(bytes.subarray(at - 4, at + 4));
        if (!needle.includes("\ufffd")) expect(may(sketch, needle), `${at}: ${needle}`).toBe(true);
      }
    }
    expect(may(sketch, "zzzzzzzz")).toBe(false);
  });

  it("folds the Kelvin sign onto k and long s onto s, as case-insensitive matching does", () => {
    const sketch = sketchOf(["temperature 300 \u212aelvin", "the me\u017fsage was sent"]);
    expect(may(sketch, "kelvin")).toBe(true);
    expect(may(sketch, "KELVIN")).toBe(true);
    expect(may(sketch, "message")).toBe(true);
    expect(may(sketch, "\u212aelvin")).toBe(true);
  });

  it("says 'cannot contain' for text on no line, across two lines, or in the line number", () => {
    const sketch = sketchOf(["the quick brown fox", "jumps over the lazy dog"]);
    expect(may(sketch, "quick brown")).toBe(true);
    expect(may(sketch, "ECONNRESET")).toBe(false);
    expect(may(sketch, "fox jumps")).toBe(false);
    expect(may(sketch, "     1\tthe")).toBe(false);
  });

  // Long markers: a segment is filled up to 60% of its bits, so each absent gram has a 60% chance of looking present.
  const ALPHA = "alpha-one-marker: quixotic zebras wavelength";
  const BETA = "beta-two-marker: jukebox of frigid vortices";
  it("needs every required piece in one segment: pieces seen in two different segments are not enough", () => {
    const sketch = new Sketch();
    const filler = (from: number) =>
      Array.from({ length: 400 }, (_, i) => `${(from + i) * 2654435761}`.replace(/\d{4}/g, (d) => `${d}-`));
    for (const [marker, from] of [
      [ALPHA, 0],
      [BETA, 1000],
    ] as const) {
      const bytes = bytesOf(numbered([marker, ...filler(from)]));
      sketch.addLines(bytes, 0, bytes.length);
    }
    expect(sketch.segments.length).toBeGreaterThan(1);
    expect(may(sketch, ALPHA)).toBe(true);
    expect(may(sketch, BETA)).toBe(true);
    expect(may(sketch, ALPHA, BETA)).toBe(false);
  });

  it("has no probe for a query without a literal piece as long as a gram", () => {
    expect(SketchProbe.of([bytesOf("abc")])).toBeUndefined();
    expect(SketchProbe.of(compileQuery({ query: "a.c", regex: true }).required)).toBeUndefined();
    expect(SketchProbe.of(compileQuery({ query: "timeout|retry", regex: true }).required)).toBeUndefined();
    expect(SketchProbe.of(compileQuery({ query: "econn\\w+ after \\d+ retries", regex: true }).required)).toBeDefined();
  });

  it("takes appended lines into the open segment, and opens larger ones as the transcript grows", () => {
    const sketch = new Sketch();
    let text = "";
    for (let batch = 0; batch < 40; batch++) {
      const lines = Array.from(
        { length: 200 },
        (_, i) => `batch ${batch} line ${i} token${(batch * 7919 + i * 104729) % 1000003}`,
      );
      const bytes = bytesOf(lines.map((l) => `${l}\n`).join(""));
      sketch.addLines(bytes, 0, bytes.length);
      text += lines.join("\n");
    }
    expect(sketch.segments.length).toBeGreaterThan(1);
    const sizes = sketch.segments.map((s) => s.log2);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    for (const segment of sketch.segments)
      expect(segment.set).toBeLessThanOrEqual(SKETCH_PARAMS.fillMax * 2 ** segment.log2);
    expect(may(sketch, "batch 0 line 0 ")).toBe(true);
    expect(may(sketch, "batch 39 line 199")).toBe(true);
    expect(sketch.bitBytes).toBeLessThan(0.05 * text.length);
  });

  it("keeps a partial last line for later and counts covered bytes and lines", () => {
    const sketch = new Sketch();
    const bytes = bytesOf("     1\tfirst line\n     2\tsecond, not finis");
    expect(sketch.addLines(bytes, 0, bytes.length)).toBe(18);
    expect([sketch.coveredBytes, sketch.coveredLines]).toEqual([18, 1]);
    expect(may(sketch, "second")).toBe(false);
  });
});

describe("the sketch file", () => {
  const sample = () => sketchOf(["the build uses Bun 1.3", "ECONNRESET after 3 retries", "café au lait"]);

  it("round-trips through its bytes", () => {
    const original = sample();
    const bytes = encodeSketch(original, 4242);
    const decoded = decodeSketch(bytes, bytes.length);
    if ("unusable" in decoded) throw new Error(decoded.unusable);
    expect(decoded.ino).toBe(4242);
    expect(decoded.sketch.coveredBytes).toBe(original.coveredBytes);
    expect(decoded.sketch.coveredLines).toBe(3);
    expect(decoded.sketch.segments.map((s) => [s.log2, s.set])).toEqual(original.segments.map((s) => [s.log2, s.set]));
    expect(may(decoded.sketch, "econnreset")).toBe(true);
  });

  it("is unusable after any change of one byte, a cut, an extension, or another version", () => {
    const bytes = encodeSketch(sample(), 1);
    for (let i = 0; i < bytes.length; i += Math.max(1, Math.floor(bytes.length / 97))) {
      for (const flip of [0x01, 0x80, 0xff]) {
        const damaged = bytes.slice();
        damaged[i] = (damaged[i] as number) ^ flip;
        // A byte in the reserved part of the header is not read; everything else is checked.
        if (i >= 48 && i < 60) continue;
        expect("unusable" in decodeSketch(damaged, damaged.length), `byte ${i} ^ ${flip}`).toBe(true);
      }
    }
    expect(decodeSketch(bytes, bytes.length - 4)).toHaveProperty("unusable");
    const longer = new Uint8Array(bytes.length + 8);
    longer.set(bytes);
    expect(decodeSketch(longer, longer.length)).toHaveProperty("unusable");
    expect(decodeSketch(bytes, HEADER_BYTES - 1)).toEqual({ unusable: "too short" });
    const other = bytes.slice();
    other[8] = 2;
    expect(decodeSketch(other, other.length)).toEqual({ unusable: "format version 2, not 1" });
  });

  it("is written 0600 beside the transcript, replaced whole, and removed with it", () => {
    const dir = tempDir();
    const transcript = path.join(dir, "ses_sketchfile01.md");
    fs.writeFileSync(transcript, numbered(["one"]));
    expect(readSketch(transcript)).toEqual({ unusable: "missing" });
    writeSketch(transcript, encodeSketch(sample(), 7));
    writeSketch(transcript, encodeSketch(sketchOf(["other text entirely"]), 7));
    expect(fs.statSync(sketchPathOf(transcript)).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir).sort()).toEqual(["ses_sketchfile01.md", "ses_sketchfile01.md.sketch"]);
    const read = readSketch(transcript);
    if ("unusable" in read) throw new Error(read.unusable);
    expect(may(read.sketch, "other text")).toBe(true);
    expect(may(read.sketch, "ECONNRESET")).toBe(false);
    removeSketch(transcript);
    expect(fs.readdirSync(dir)).toEqual(["ses_sketchfile01.md"]);
  });

  it("is never written through a link planted in its place", () => {
    const dir = tempDir();
    const transcript = path.join(dir, "ses_sketchfile02.md");
    const elsewhere = path.join(dir, "elsewhere");
    fs.writeFileSync(elsewhere, "keep me");
    fs.symlinkSync(elsewhere, `${sketchPathOf(transcript)}.tmp`);
    expect(() => writeSketch(transcript, encodeSketch(sample(), 1))).toThrow();
    expect(fs.readFileSync(elsewhere, "utf8")).toBe("keep me");
    fs.symlinkSync(elsewhere, sketchPathOf(transcript));
    expect(readSketch(transcript)).toHaveProperty("unusable");
  });
});
