/**
 * How many of the query's terms a line read beside a unit holds (hit-lines.ts termsIn), or their weight: its shortcut,
 * which skips a line holding no term's first four letters, counts what looking at every word of the line counts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { termsIn } from "../../../src/search/ranked/hit-lines.js";
import type { RankedTerm } from "../../../src/search/ranked/ranked-query.js";
import { sameTerm } from "../../../src/search/ranked/rerank.js";

/** The count without the shortcut: every word of the line against every word of each term. */
function everyWord(text: string, terms: readonly RankedTerm[]): number {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  return terms.filter((t) => t.words.every((w) => words.some((word) => sameTerm(word, w)))).length;
}

const term = (words: string[]): RankedTerm => ({ text: words.join(" "), words, phrase: false });

describe("the query's terms a line holds", () => {
  it("counts a term by its words with other endings, and none the line does not hold", () => {
    const line = "Retrying the upload: ECONNRESET after 3 retries (uploads_dir=/tmp/x)";
    const terms = [term(["retry"]), term(["upload"]), term(["econnreset"]), term(["dir"]), term(["timeout"])];
    // "retry" as Retrying and retries, "upload" as upload and uploads_dir's word; "dir" only inside uploads_dir.
    expect(termsIn(line, terms)).toBe(3);
    expect(termsIn(line, [term(["uploads_dir"])])).toBe(1);
    expect(termsIn("nothing here", terms)).toBe(0);
    // A word of the term's first four letters with another ending: "retries" for "retry".
    expect(termsIn("two retries", [term(["retry"])])).toBe(1);
  });

  it("weighs the terms it holds as it is told (their inverse document frequency, as the unit's own lines)", () => {
    const line = "Retrying the upload: ECONNRESET after 3 retries";
    const weights = new Map([
      ["retry", 0.5],
      ["econnreset", 7.25],
      ["timeout", 4],
    ]);
    const terms = [term(["retry"]), term(["econnreset"]), term(["timeout"])];
    expect(termsIn(line, terms, (t) => weights.get(t.text) ?? 0)).toBe(7.75);
    expect(termsIn("nothing here", terms, (t) => weights.get(t.text) ?? 0)).toBe(0);
  });

  it("counts what every word of the line counts, for any line and terms", () => {
    const letters = "abcdeéRSTİ_1".split("");
    const word = fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 8 }).map((cs) => cs.join(""));
    const terms = fc.array(fc.array(word, { minLength: 1, maxLength: 2 }).map(term), { minLength: 1, maxLength: 4 });
    // The line: the terms' words with their ends cut or written another way, among other words and separators.
    const line = (ts: RankedTerm[]) =>
      fc
        .array(
          fc.oneof(
            word,
            fc
              .tuple(fc.constantFrom(...ts.flatMap((t) => t.words)), fc.nat(4), word)
              .map(([w, cut, end]) => w.slice(0, Math.max(0, w.length - cut)) + end),
          ),
          { maxLength: 8 },
        )
        .chain((words) => fc.constantFrom(" ", "-", ": ", "/").map((sep) => words.join(sep)));
    fc.assert(
      fc.property(
        terms.chain((ts) => fc.tuple(fc.constant(ts), line(ts))),
        ([ts, text]) => {
          expect(termsIn(text, ts)).toBe(everyWord(text, ts));
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
