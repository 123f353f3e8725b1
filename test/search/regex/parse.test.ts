import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRegex } from "../../../src/search/regex/parse.js";
import { nullable } from "../../../src/search/regex/syntax.js";

// Pieces that join into valid and invalid patterns alike: every construct of the `u` syntax the model knows.
const piece = fc.constantFrom(
  ..."ab.|*?^$(){}]".split(""),
  "+?",
  "{2}",
  "{1,3}",
  "{2,}",
  "(?:",
  "(?=",
  "(?!",
  "(?<=",
  "(?<!",
  "(?<n>",
  "\\d",
  "\\W",
  "\\s",
  "\\b",
  "\\B",
  "\\1",
  "\\k<n>",
  "\\p{Lu}",
  "\\P{L}",
  "[a-z]",
  "[^\\d_]",
  "[\\b]",
  "[^]",
  "[]",
  "[\\s-]",
  "\\u{1F600}",
  "\\uD83D\\uDE00",
  "\\x41",
  "\\cA",
  "\\0",
  "\\.",
  "\\/",
  "\\n",
  "é",
  "😀",
);

const accepted = (source: string) => {
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
};

describe("parseRegex (regexpp into the analysis's model)", () => {
  it("reads each construct into the model, with the offsets of the top-level items", () => {
    expect(parseRegex("a\\d+?[^x-z\\W\\p{L}]")).toEqual({
      root: {
        type: "alt",
        branches: [
          [
            { type: "char", cp: 0x61 },
            {
              type: "repeat",
              min: 1,
              max: Infinity,
              lazy: true,
              body: { type: "set", negated: false, items: [{ kind: "class", name: "d" }] },
            },
            {
              type: "set",
              negated: true,
              items: [{ kind: "range", lo: 0x78, hi: 0x7a }, { kind: "class", name: "W" }, { kind: "property" }],
            },
          ],
        ],
      },
      spans: [
        [0, 1],
        [1, 5],
        [5, 18],
      ],
    });
    const [branch] = parseRegex("^(?<n>.)(?<!\\b)\\k<n>\\B$").root.branches;
    expect(branch).toEqual([
      { type: "assert", kind: "start" },
      { type: "group", body: { type: "alt", branches: [[{ type: "any" }]] } },
      {
        type: "look",
        behind: true,
        negated: true,
        body: { type: "alt", branches: [[{ type: "assert", kind: "word" }]] },
      },
      { type: "backref" },
      { type: "assert", kind: "nonword" },
      { type: "assert", kind: "end" },
    ]);
    expect(parseRegex("\\u{1F600}|[\\b]").root.branches).toEqual([
      [{ type: "char", cp: 0x1f600 }],
      [{ type: "set", negated: false, items: [{ kind: "range", lo: 8, hi: 8 }] }],
    ]);
    expect(parseRegex("a|b").spans).toEqual([]);
  });

  it("parses every pattern the engine accepts, and the model never calls a pattern that matches '' non-empty", () => {
    let parsed = 0;
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 10 }), (pieces) => {
        const source = pieces.join("");
        if (!accepted(source)) return;
        const { root } = parseRegex(source);
        parsed++;
        if (new RegExp(`^(?:${source})$`, "u").test("")) expect(nullable(root)).toBe(true);
      }),
      { numRuns: 3_000 },
    );
    expect(parsed).toBeGreaterThan(100);
  });

  it("takes duplicate group names in separate branches, which Bun accepts", () => {
    expect(parseRegex("(?<n>a)|(?<n>b)").root.branches).toHaveLength(2);
  });

  it("refuses flag modifiers, naming them, and what is not a pattern at all", () => {
    expect(() => parseRegex("(?i:a)b")).toThrow(/flag modifiers i are not supported/);
    expect(() => parseRegex("(?-s:.)")).toThrow(/flag modifiers -s are not supported/);
    expect(() => parseRegex("(unclosed")).toThrow(/Invalid regular expression/);
    expect(() => parseRegex("\\-")).toThrow(/Invalid regular expression/);
  });
});
