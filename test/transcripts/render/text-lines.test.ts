import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutHeadTail, textLines } from "../../../src/transcripts/render/text-lines.js";

const bytes = (text: string) => Buffer.byteLength(text);

function sliceBytes(line: string, max: number, from: "start" | "end"): string {
  const take = (chars: number) => {
    const part = from === "start" ? line.slice(0, chars) : line.slice(line.length - chars);
    // Never half of a surrogate pair: the character goes whole or not at all.
    if (from === "start" && /[\uD800-\uDBFF]$/.test(part)) return part.slice(0, -1);
    if (from === "end" && /^[\uDC00-\uDFFF]/.test(part)) return part.slice(1);
    return part;
  };
  let chars = Math.min(line.length, max);
  let part = take(chars);
  while (bytes(part) > max && chars > 0) {
    chars = Math.floor(chars * 0.9);
    part = take(chars);
  }
  return part;
}

/** The obvious version: every line made, then whole lines taken from each end while they fit half the budget. */
function reference(text: string, maxBytes: number) {
  if (text.length <= maxBytes / 3 || bytes(text) <= maxBytes) {
    return { head: textLines(text), tail: [], cutBytes: 0, cutLines: 0 };
  }
  const lines = textLines(text);
  const half = Math.floor(maxBytes / 2);
  const head: string[] = [];
  let used = 0;
  let first = 0;
  for (; first < lines.length; first++) {
    const size = bytes(lines[first] as string) + 1;
    if (used + size > half) break;
    head.push(lines[first] as string);
    used += size;
  }
  if (head.length === 0) head.push(sliceBytes(lines[0] as string, half, "start"));
  const tail: string[] = [];
  used = 0;
  let last = lines.length - 1;
  for (; last >= first; last--) {
    const size = bytes(lines[last] as string) + 1;
    if (used + size > half) break;
    tail.unshift(lines[last] as string);
    used += size;
  }
  if (tail.length === 0 && last >= first) tail.push(sliceBytes(lines[last] as string, half, "end"));
  const kept = [...head, ...tail].reduce((n, l) => n + bytes(l) + 1, 0);
  return {
    head,
    tail,
    cutBytes: Math.max(0, bytes(text) - kept),
    cutLines: Math.max(0, lines.length - head.length - tail.length),
  };
}

const piece = fc.oneof(
  fc.string({ maxLength: 40, unit: "grapheme" }),
  fc.constantFrom("\n", "\r\n", "\r", "\0", "\n\n", "é", "😀", "日本"),
  fc.integer({ min: 100, max: 3_000 }).map((n) => "x".repeat(n)),
);

describe("cutHeadTail", () => {
  it("cuts exactly as the obvious split-every-line version does, without making every line", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 400 }), fc.integer({ min: 60, max: 4_000 }), (pieces, maxBytes) => {
        const text = pieces.join("");
        expect(cutHeadTail(text, maxBytes)).toEqual(reference(text, maxBytes));
      }),
      { numRuns: 1_000 },
    );
  });

  it("keeps the head and tail of a 20 MB output within the budget and counts the lines cut", () => {
    const line = `${"y".repeat(99)}\n`;
    const text = line.repeat(200_000);
    const cut = cutHeadTail(text, 50_000);
    expect(cut).toEqual(reference(text, 50_000));
    expect(cut.head.length + cut.tail.length + cut.cutLines).toBe(200_001);
    expect([...cut.head, ...cut.tail].reduce((n, l) => n + bytes(l) + 1, 0)).toBeLessThanOrEqual(50_000);
  });

  it("never cuts a character in half: a line of 4-byte characters is cut between them, at both ends", () => {
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    for (let maxBytes = 60; maxBytes < 200; maxBytes++) {
      for (const text of ["\u{10000}".repeat(100), `a${"\u{1F600}".repeat(100)}`, `${"\u{1F600}".repeat(100)}b`]) {
        const cut = cutHeadTail(text, maxBytes);
        for (const part of [...cut.head, ...cut.tail]) expect(part).not.toMatch(lone);
        expect(cut).toEqual(reference(text, maxBytes));
      }
    }
  });
});
