import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type UnitWords, unitWords, unitWordsOfBytes } from "../../../src/transcripts/index/unit-words.js";

/** Lines as a transcript holds them: each with its number prefix (from `first`), ended by a newline. */
const numbered = (lines: readonly string[], first: number) =>
  Buffer.from(lines.map((text, i) => `${String(first + i).padStart(6)}\t${text}\n`).join(""), "utf8");

const plain = (unit: UnitWords) => ({
  count: unit.count,
  asks: unit.asks,
  kept: unit.at.map((at) => [at, unit.word.get(at), unit.line.get(at)]),
});

/** `lines` read from their bytes (numbered from `first`), checked to give the words the text reading gives. */
function readBoth(lines: readonly string[], wanted: readonly string[], first = 1) {
  const bytes = numbered(lines, first);
  const read = unitWordsOfBytes(bytes, bytes.length, wanted);
  expect(plain(read.words)).toEqual(plain(unitWords(lines, wanted)));
  return read;
}

describe("a unit's words read from its bytes", () => {
  it("counts every word and keeps those that may be wanted, with their lines, as the text reading does", () => {
    const lines = [
      "The ECONNRESET came back after 3 retries",
      "Grüße aus München: das Café — ist zu",
      "the \u212Aafka broker, ping \u{1F600}retry, \u{10428}\u{10429} word",
      `İstanbul ${"x".repeat(41)} ok`,
      // A capital sigma folds by what stands around it (final after a letter and an apostrophe).
      "a'Σ ΟΔΟΣ.Α",
    ];
    const wanted = [
      "econnreset",
      "retries",
      "münchen",
      "café",
      "kafka",
      "retry",
      "i",
      "\u{10428}\u{10429}",
      "ok",
      "ς",
      "οδοσ",
    ];
    const read = readBoth(lines, wanted, 17);
    expect(read.lines).toBe(5);
    expect(read.firstLine).toBe(17);
    expect(read.words.word.get(read.words.at[0] as number)).toBe("econnreset");
    expect([...read.words.word.values()]).toContain("münchen");
    expect([...read.words.word.values()]).toContain("kafka");
  });

  it("reads only the lines ended before `end`, and says when the first line has no number", () => {
    const bytes = Buffer.concat([numbered(["one two", "three"], 5), Buffer.from("no newline here")]);
    const read = unitWordsOfBytes(bytes, bytes.length, ["three"]);
    expect(read.lines).toBe(2);
    expect(read.words.count).toBe(3);
    const unnumbered = Buffer.from("just text\n", "utf8");
    expect(read).toMatchObject({ firstLine: 5, lastLine: 6 });
    expect(unitWordsOfBytes(unnumbered, unnumbered.length, [])).toMatchObject({ firstLine: 0, lastLine: 0 });
    expect(unitWordsOfBytes(unnumbered, unnumbered.length, []).words.count).toBe(2);
  });

  it("says whether the unit's last line holding text ends with a question mark", () => {
    const asks = (lines: string[]) => readBoth(lines, []).words.asks;
    expect(asks(["I bought a kayak.", "Did you take it out on the lake yet?"])).toBe(true);
    expect(asks(["Did you take it out?  \t", "", "   "])).toBe(true);
    expect(asks(["Did you take it out?", "We stayed home."])).toBe(false);
    expect(asks(["Is it the ¿ or the ? that counts", "(it is the last one)"])).toBe(false);
    expect(asks([""])).toBe(false);
  });

  it("reads a letter beyond the BMP before an ASCII camelCase run as part of its word, as the bytes do", () => {
    // `𐐨aaZ` is one word: its `aaZ` is no identifier standing apart (the text reading once saw only the second half
    // of `𐐨`, a lone surrogate, before it; fast-check's seed 101853222 found it).
    expect(readBoth(["\u{10428}aaZ", ""], []).words.count).toBe(1);
    expect(readBoth(["x \u{10428} aaZ"], []).words.count).toBe(5);
  });

  it("gives the text reading's words for any text", () => {
    const char = fc.constantFrom(..."aZ9 _-./:·—éÉßİΣσ\u212A\u017f\u{1F600}\u{10428}'?\u00a0\t\r".split(/(?:)/u));
    const line = fc.array(char, { maxLength: 60 }).map((chars) => chars.join(""));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.array(line, { maxLength: 4 }), (lines, asked) => {
        readBoth(lines, [
          ...asked.flatMap((w) => w.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []),
          "a",
          "zz",
          "é",
          "ß9a",
        ]);
      }),
      { numRuns: 500 },
    );
  });

  it("splits camelCase identifiers into the text reading's parts, whatever their capitals and digits", () => {
    const char = fc.constantFrom(..."aAbBzZ9Q0 _.·é".split(/(?:)/u));
    const line = fc.array(char, { maxLength: 50 }).map((chars) => chars.join(""));
    const head = fc.array(fc.constantFrom(..."abzq9".split("")), { minLength: 1, maxLength: 6 }).map((c) => c.join(""));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), fc.array(head, { maxLength: 6 }), (lines, wanted) => {
        readBoth(lines, wanted);
      }),
      { numRuns: 1000 },
    );
    const lines = [
      "createLogysiaWriter, readHTTPConfig and iPhone",
      "ResolveTargetError at parseURLPath2x",
      "SignalScorer, HTTPConfig and YouTube",
    ];
    const wanted = [
      "create",
      "writer",
      "http",
      "config",
      "iphone",
      "phone",
      "resolve",
      "error",
      "parse",
      "url",
      "path2x",
      "signal",
      "scorer",
      "tube",
    ];
    const read = readBoth(lines, wanted);
    expect([...read.words.word.values()]).toEqual(
      expect.arrayContaining([
        "create",
        "writer",
        "http",
        "config",
        "resolve",
        "error",
        "parse",
        "url",
        "path2x",
        "signal",
        "scorer",
      ]),
    );
    // Names written that way are not split (`YouTube`: a part of three letters).
    expect([...read.words.word.values()]).not.toContain("phone");
    expect([...read.words.word.values()]).not.toContain("tube");
  });

  it("pass over terminal escape sequences, as the index does: a coloured version is its words", () => {
    // As a terminal's output holds them (cargo, git diff --color, a release script): SGR, a charset, an OSC title.
    const lines = [
      "\u001b[38;5;41m2.0.0-rc.3\u001b[0m released",
      "\u001b[91;1merror[E0433]\u001b[39m: failed to resolve",
      "\u001b(B\u001b[m \u001b]0;title\u0007done",
    ];
    const wanted = ["2", "0", "rc", "3", "error", "e0433", "41m2", "1merror", "done", "title"];
    const words = [...readBoth(lines, wanted).words.word.values()];
    expect(words).toEqual(["2", "0", "0", "rc", "3", "error", "e0433", "done"]);
  });
});
