import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { namedDates } from "../../../src/search/ranked/named-dates.js";
import type { RankedTerm } from "../../../src/search/ranked/ranked-query.js";
import { parseRankedQuery } from "../../../src/search/ranked/ranked-query.js";
import { DEFAULT_PROFILE, type RankingProfile } from "../../../src/search/ranked/ranking-profile.js";
import {
  type LeftToRescore,
  maxBoost,
  rescore as rescoreWords,
  wantedWords,
} from "../../../src/search/ranked/rerank.js";
import { maxTermScore, termScore } from "../../../src/search/ranked/term-stats.js";
import type { Role } from "../../../src/transcripts/index/transcript-units.js";
import { unitWords } from "../../../src/transcripts/index/unit-words.js";

const NOW = Date.parse("2026-03-01T00:00:00Z");
const { boosts, units } = DEFAULT_PROFILE;

/** The second look at a unit given as its lines of text. */
function rescore(
  bm25: number,
  lines: readonly string[],
  role: Role,
  time: number | null,
  terms: readonly RankedTerm[],
  now: number,
  left?: LeftToRescore,
  profile: RankingProfile = DEFAULT_PROFILE,
) {
  const words = unitWords(lines, wantedWords(terms, left));
  return rescoreWords(bm25, words, lines.length, profile.units.roles[role], time, terms, now, profile, left);
}
const score = (lines: string[], query: string, profile?: RankingProfile) =>
  rescore(-1, lines, "assistant", null, parseRankedQuery(query).terms, NOW, undefined, profile);

describe("the second look at a unit's lines", () => {
  it("weighs a unit that asks a question below one that states the same words", () => {
    const asking = score(["Do you still paint sunsets by the lake?"], "does she still paint sunsets")?.score ?? 0;
    const stating = score(["I still paint sunsets by the lake."], "does she still paint sunsets")?.score ?? 0;
    expect(stating).toBeGreaterThan(0);
    expect(asking).toBeCloseTo(stating * units.asking, 10);
    // The same unit under a profile that weighs asking as much as stating scores as the statement does.
    const even = { ...DEFAULT_PROFILE, units: { ...units, asking: 1 } };
    expect(score(["Do you still paint sunsets by the lake?"], "does she still paint sunsets", even)?.score).toBeCloseTo(
      stating,
      10,
    );
    // Only its last line of text counts: a question answered in the same message is an answer.
    const question = "does she still paint sunsets";
    const answered = score(["Do you still paint sunsets?", "Yes, by the lake."], question)?.score;
    expect(answered).toBeCloseTo(score(["Do you still paint sunsets", "Yes, by the lake."], question)?.score ?? 0, 10);
  });

  it("shows the line that holds most of the query's words, folded as the index folds them", () => {
    const lines = ["nothing here", "the ECONNRESET came back", "ECONNRESET after 3 retries", "done"];
    expect(score(lines, "econnreset retries")?.bestLine).toBe(2);
    // The words of the question's setting ("after the schema migration") weigh less than the words asked: the line
    // naming the migration twice is not the one that answers which tests failed.
    const report = ["The schema migration ran; after the schema migration we reran the suite.", "3 tests failed"];
    expect(score(report, "which tests failed after the schema migration?")?.bestLine).toBe(1);
    const even = { ...DEFAULT_PROFILE, boosts: { ...boosts, setting: 1 } };
    expect(score(report, "which tests failed after the schema migration?", even)?.bestLine).toBe(0);
    // KELVIN SIGN folds to k, as the scan and the index fold it.
    expect(score(["one", "the \u212Aafka broker"], "kafka")?.bestLine).toBe(1);
  });

  it("splits lines with letters beyond ASCII as the index does", () => {
    const lines = ["plain line", "Grüße aus München: das Café ist zu", "café au lait"];
    expect(score(lines, "münchen café")?.bestLine).toBe(1);
    expect(score(lines, '"das café"')).toBeDefined();
    expect(score(lines, '"das café"')?.bestLine).toBe(1);
    // A character outside the Basic Multilingual Plane: an emoji splits words, a letter belongs to one.
    expect(score(["nothing", "ping \u{1F600}retry now"], "retry")?.bestLine).toBe(1);
    expect(score(["nothing", "the \u{10428}\u{10429} word"], "\u{10428}\u{10429}")?.bestLine).toBe(1);
  });

  it("matches a short word only as itself, a longer one with its endings", () => {
    const lines = ["the dbx file", "open the db now", "retrying the request"];
    expect(score(lines, "db")?.bestLine).toBe(1);
    expect(score(lines, "retries")?.bestLine).toBe(2);
  });

  it("leaves out words longer than the index keeps, so a phrase around one is still in a row", () => {
    const long = "x".repeat(41);
    const withLong = score([`alpha ${long} beta`], "alpha beta");
    const plain = score(["alpha gamma beta"], "alpha beta");
    // In a row (the phrase boost) only where the long word is left out.
    expect((withLong?.score ?? 0) > (plain?.score ?? 0)).toBe(true);
  });

  it("finds a phrase across a line break, and no hit where a phrase it must hold is missing", () => {
    const lines = ["we chose the token", "bucket for the limiter"];
    const left = { scoredAlone: [], mustHold: parseRankedQuery('"token bucket"').terms, meanTokens: 5 };
    const terms = parseRankedQuery('"token bucket"').terms;
    expect(rescore(-1, lines, "assistant", null, terms, NOW, left)).toBeDefined();
    expect(rescore(-1, ["token", "no bucket"], "assistant", null, terms, NOW, left)).toBeUndefined();
  });

  it("weighs a unit by the share of the query's terms it holds, the rarer weighing more", () => {
    const terms = parseRankedQuery("knee swimming suggestion").terms;
    const weights = new Map(terms.map((t, i) => [t, [3, 2, 1][i] as number]));
    const left = { scoredAlone: [], mustHold: [], meanTokens: 8, weights };
    const at = (line: string) => rescore(-4, [line], "assistant", null, terms, NOW, left)?.score ?? 0;
    const all = at("for the knee, my suggestion is swimming");
    const two = at("for the knee, my suggestion is rest");
    const rare = at("the knee again");
    const common = at("thanks for the suggestion");
    // BM25's 4, the three words close together (the proximity boost), all of the weight held (1 + coverage).
    expect(all).toBeCloseTo(4 * boosts.proximity * (1 + boosts.coverage), 5);
    expect(all > two && two > rare && rare > common).toBe(true);
    // One term alone lifts a unit by its share of the weight: the rarest 3 of 6, the commonest 1 of 6.
    expect(rare / common).toBeCloseTo((1 + boosts.coverage * (3 / 6)) / (1 + boosts.coverage * (1 / 6)), 5);
  });

  it("scores a compound the index left to it with the profile's column weights, as FTS5 would", () => {
    const [term] = parseRankedQuery("rate_limit").terms as [RankedTerm];
    expect(term.compound).toBe("rate_limit");
    const left = { scoredAlone: [{ term, idf: 1.5 }], mustHold: [], meanTokens: 6 };
    const lines = ["the router calls rate_limit first"];
    const at = (profile: RankingProfile) => rescore(0, lines, "assistant", null, [], NOW, left, profile)?.score ?? 0;
    const count = unitWords(lines, wantedWords([], left)).count;
    const { words, whole } = DEFAULT_PROFILE.columns;
    expect(at(DEFAULT_PROFILE)).toBeCloseTo(termScore(1.5, words + whole, count, 6), 9);
    const wordsOnly = { ...DEFAULT_PROFILE, columns: { words, whole: 0 } };
    expect(at(wordsOnly)).toBeCloseTo(termScore(1.5, words, count, 6), 9);
    expect(at(wordsOnly)).toBeLessThan(at(DEFAULT_PROFILE));
  });

  it("never scores a unit above the ceiling the search stops reading at", () => {
    const vocabulary = ["retry", "budget", "dead", "letter", "queue", "caf\u00e9", "\u{1F600}x", "the", "on"];
    const roles = Object.keys(units.roles) as Role[];
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(...vocabulary), { maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.constantFrom(...vocabulary.slice(0, 6)), { minLength: 1, maxLength: 4 }),
        fc.nat({ max: 3 }),
        fc.double({ min: 0.1, max: 20, noNaN: true }),
        fc.constantFrom(...roles),
        fc.option(fc.integer({ min: NOW - 90 * 86_400_000, max: NOW }), { nil: null }),
        fc.boolean(),
        (words, asked, alone, bm25, role, time, dated) => {
          const terms = parseRankedQuery(asked.join(" ")).terms;
          const scoredAlone = terms.slice(0, alone).map((term) => ({ term, idf: 1.5 }));
          const dates = dated ? namedDates("on 2026-02-20", NOW) : [];
          const left = { scoredAlone, mustHold: [], meanTokens: 6, dates };
          const lines = words.map((w) => w.join(" "));
          const got = rescore(-bm25, lines, role, time, terms, NOW, left);
          const more = scoredAlone.reduce((sum, w) => sum + maxTermScore(w.idf), 0);
          const ceiling = (more + bm25) * units.roles[role] * maxBoost(terms, time, NOW, dates, boosts);
          expect(got?.score ?? 0).toBeLessThanOrEqual(ceiling * (1 + 1e-9));
        },
      ),
      { numRuns: 300 },
    );
  });
});
