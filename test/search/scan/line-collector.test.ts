import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileQuery } from "../../../src/search/query.js";
import { allocScanBuffer } from "../../../src/search/scan/byte-search.js";
import { minBufferBytes } from "../../../src/search/scan/line-collector.js";
import { scanFileSync } from "../../../src/search/scan/scan-file.js";
import { referenceMatch, referenceSearch, splitLines } from "../../helpers/reference-search.js";
import { tempDir } from "../../helpers/temp-dir.js";

const TOKENS = [
  "a",
  "b",
  "A",
  "B",
  "k",
  "K",
  "\u212a",
  "s",
  "S",
  "\u017f",
  "é",
  "É",
  "日本",
  "ß",
  "ẞ",
  "x",
  " ",
  "\t",
  "0",
  "1",
  "42",
  "foo",
  "FOO",
  "Foo",
  "ab",
  "\u{1F600}",
  "-",
  ".",
  "=",
];
const REGEXES = [
  "fo+",
  "^foo",
  "a.b",
  "[0-9]+",
  "\\d\\d",
  "k$",
  "(foo|bar)x",
  "é",
  "\\bab\\b",
  "^\\s*$",
  "ß|ss",
  "[^a-z ]{2}",
  "^$",
  "\\S+=",
  "x?",
];

const token = fc.constantFrom(...TOKENS);
const text = fc.oneof(
  { weight: 8, arbitrary: fc.array(token, { maxLength: 14 }).map((t) => t.join("")) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.array(token, { minLength: 1, maxLength: 6 }), fc.integer({ min: 40, max: 700 }))
      .map(([t, n]) => t.join("").repeat(n)),
  },
  // A long line whose only interesting part sits far from its start, past the first buffer load.
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom("-", "é", " ", "0"),
        fc.integer({ min: 100, max: 3000 }),
        fc.array(token, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 400 }),
      )
      .map(([fill, n, t, after]) => fill.repeat(n) + t.join("") + fill.repeat(after)),
  },
);
const line = fc.tuple(text, fc.integer({ min: 0, max: 19 }));
const file = fc
  .array(line, { maxLength: 40 })
  .map(
    (lines) =>
      lines.map(([t, r], i) => (r === 0 ? t : `${String(i + 1).padStart(6)}\t${t}`)).join("\n") +
      (lines.length % 3 ? "\n" : ""),
  );
const literal = fc
  .array(token, { minLength: 1, maxLength: 4 })
  .map((t) => t.join(""))
  .filter((q) => q.trim() === q || q.length > 0);
/** A query, often a piece of the file itself so that matches are common. */
const fileAndQuery = file.chain((content) => {
  // A bounded sample keeps generation cheap with long lines.
  const chars = [...content.slice(0, 2_000).replace(/\n/g, "")];
  const piece = fc
    .tuple(fc.nat(Math.max(0, chars.length - 1)), fc.integer({ min: 1, max: 5 }))
    .map(([at, n]) => chars.slice(at, at + n).join(""))
    .filter((q) => q.length > 0);
  return fc.tuple(
    fc.constant(content),
    fc.oneof(
      (chars.length > 0 ? piece : literal).map((q) => ({ query: q, regex: false })),
      literal.map((q) => ({ query: q, regex: false })),
      fc.constantFrom(...REGEXES).map((q) => ({ query: q, regex: true })),
    ),
  );
});
const limits = fc.record({
  contextLines: fc.integer({ min: 0, max: 3 }),
  maxMatches: fc.integer({ min: 1, max: 8 }),
  matchLineBytes: fc.integer({ min: 12, max: 90 }),
  contextLineBytes: fc.integer({ min: 8, max: 60 }),
});

// 600 and 300 runs, each writing and scanning a file: 19 s of CPU for the first under Bun, which took 58 s alone and
// 183 s beside another suite at load 14. The timeouts catch a hang, not a loaded machine.
describe("the streaming collector agrees with the obvious line-by-line search", () => {
  it("for random transcripts, queries, chunk sizes and limits", () => {
    const dir = tempDir();
    const target = path.join(dir, "t.md");
    fc.assert(
      fc.property(
        fileAndQuery,
        fc.boolean(),
        limits,
        fc.integer({ min: 1, max: 700 }),
        fc.boolean(),
        ([content, q], caseSensitive, lim, read, roomy) => {
          fs.writeFileSync(target, content);
          const compiled = compileQuery({ ...q, caseSensitive });
          const full = { ...lim, deadline: Number.POSITIVE_INFINITY };
          const capacity = Math.max(read, minBufferBytes(compiled, full)) * (roomy ? 8 : 1);
          const got = scanFileSync(target, compiled, full, allocScanBuffer(capacity), read);
          const want = referenceSearch(Buffer.from(content), { ...q, caseSensitive }, lim);
          expect(got.hits?.lines ?? []).toEqual(want);
        },
      ),
      { numRuns: 600 },
    );
  }, 600_000);

  it("when ripgrep names the candidate lines, including lines that do not match", () => {
    const dir = tempDir();
    const target = path.join(dir, "t.md");
    fc.assert(
      fc.property(
        fileAndQuery,
        fc.boolean(),
        limits,
        fc.integer({ min: 1, max: 700 }),
        fc.array(fc.integer({ min: 1, max: 45 })),
        ([content, q], caseSensitive, lim, read, extra) => {
          fs.writeFileSync(target, content);
          const compiled = compileQuery({ ...q, caseSensitive });
          const full = { ...lim, deadline: Number.POSITIVE_INFINITY };
          const lines = splitLines(Buffer.from(content));
          const matching = lines.flatMap((l, i) => {
            const textStart = /^ {0,32}[0-9]{1,31}\t/.exec(Buffer.from(l).toString("latin1"))?.[0].length ?? 0;
            return referenceMatch(l.subarray(textStart), { ...q, caseSensitive }) >= 0 ? [i + 1] : [];
          });
          const candidates = [...new Set([...matching, ...extra])].sort((a, b) => a - b);
          const capacity = Math.max(read, minBufferBytes(compiled, full));
          const got = scanFileSync(target, compiled, full, allocScanBuffer(capacity), read, candidates);
          const want = referenceSearch(Buffer.from(content), { ...q, caseSensitive }, lim);
          expect(got.hits?.lines ?? []).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  }, 300_000);

  it("reads a file whose first read holds a hit once, and one whose hit comes later again from its start", () => {
    const dir = tempDir();
    const target = path.join(dir, "t.md");
    const body = Array.from({ length: 40 }, (_, i) => `${String(i + 1).padStart(6)}\tline ${i + 1} of plain text`);
    const q = { query: "needle" };
    const compiled = compileQuery({ ...q, caseSensitive: false });
    const lim = { contextLines: 1, maxMatches: 5, matchLineBytes: 80, contextLineBytes: 80 };
    const full = { ...lim, deadline: Number.POSITIVE_INFINITY };
    for (const at of [2, 35]) {
      const lines = [...body];
      lines[at] = `${String(at + 1).padStart(6)}\ta Needle here`;
      const content = `${lines.join("\n")}\n`;
      fs.writeFileSync(target, content);
      const size = Buffer.byteLength(content);
      const read = 256;
      const got = scanFileSync(
        target,
        compiled,
        full,
        allocScanBuffer(Math.max(read, minBufferBytes(compiled, full))),
        read,
      );
      expect(got.hits?.lines ?? []).toEqual(referenceSearch(Buffer.from(content), { ...q, caseSensitive: false }, lim));
      const hitOffset = Buffer.from(content).indexOf("Needle");
      if (hitOffset < read) expect(got.bytesRead).toBe(size);
      else expect(got.bytesRead).toBeGreaterThan(size);
    }
  });
});
