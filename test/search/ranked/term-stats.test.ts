import { describe, expect, it } from "vitest";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import {
  countTerm,
  indexTotals,
  inverseFrequency,
  maxTermScore,
  termScore,
} from "../../../src/search/ranked/term-stats.js";
import { indexOfWords } from "../../helpers/index-rows.js";

/** The profile's way of counting, with a rare count of the test's own: the tests' indexes are small. */
const probing = (probeUnits: number) => ({ ...DEFAULT_PROFILE.reading, probeUnits });

/** 200 units, every one holding "unit", every other one "even" (the rest "odd"), unit 18 "rare". */
const evenOdd = () =>
  indexOfWords(Array.from({ length: 200 }, (_, i) => `unit ${i % 2 === 0 ? "even" : "odd"} ${i === 17 ? "rare" : ""}`));

describe("term stats", () => {
  it("reads the unit count and mean length from FTS5's totals, as counting would", async () => {
    const { connection, close } = await indexOfWords(["alpha beta gamma", "delta epsilon", "zeta"]);
    expect(indexTotals(connection)).toEqual({ units: 3, meanTokens: 2, ids: 3, newest: 3, oldest: 1 });
    close();
  });

  it("says an empty index has no units, without dividing by zero", async () => {
    const { connection, close } = await indexOfWords([]);
    expect(indexTotals(connection)).toEqual({ units: 0, meanTokens: 1, ids: 0, newest: 0, oldest: 0 });
    close();
  });

  it("counts a rare term exactly and estimates a common one from its newest units", async () => {
    const { connection, close } = await evenOdd();
    const totals = indexTotals(connection);
    expect(countTerm(connection, 'words : "rare"', totals, probing(10))).toEqual({ units: 1, exact: true });
    expect(countTerm(connection, 'words : "absent"', totals, probing(10))).toEqual({ units: 0, exact: true });
    const even = countTerm(connection, 'words : "even"', totals, probing(10));
    expect(even.exact).toBe(false);
    expect(even.units).toBeGreaterThan(80);
    expect(even.units).toBeLessThan(120);
    expect(countTerm(connection, 'words : "unit"', totals, probing(10))).toEqual({ units: 200, exact: false });
    close();
  });

  it("counts among the newest units alone when asked to, and calls that an estimate unless they are every unit", async () => {
    const { connection, close } = await evenOdd();
    const totals = indexTotals(connection);
    // The rare word stands in unit 18, before the window of units 101 to 200: not found there, and not called absent.
    expect(countTerm(connection, 'words : "rare"', totals, probing(1000), 101)).toEqual({ units: 0, exact: false });
    // Half the window holds "even": the estimate for the index is half of it.
    expect(countTerm(connection, 'words : "even"', totals, probing(1000), 101)).toEqual({ units: 100, exact: false });
    // A window from the oldest unit is the whole index: exact again.
    expect(countTerm(connection, 'words : "even"', totals, probing(1000), 1)).toEqual({ units: 100, exact: true });
    expect(countTerm(connection, 'words : "rare"', totals, probing(1000), totals.oldest)).toEqual({
      units: 1,
      exact: true,
    });
    close();
  });

  it("scores a term as FTS5's bm25() does, within the bound the search stops reading at", async () => {
    const texts = ["needle hay hay hay", "hay hay", "needle needle hay", "hay", "hay hay hay hay hay hay"];
    const { connection, close } = await indexOfWords(texts);
    const totals = indexTotals(connection);
    const idf = inverseFrequency(totals.units, 2);
    const rows = connection.all<{ rowid: number; score: number }>(
      "SELECT rowid, bm25(unit_text, 1.0, 1.5) AS score FROM unit_text WHERE unit_text MATCH 'words : \"needle\"'",
    );
    for (const row of rows) {
      const words = (texts[row.rowid - 1] as string).split(" ");
      const hits = words.filter((w) => w === "needle").length;
      expect(termScore(idf, hits, words.length, totals.meanTokens)).toBeCloseTo(-row.score, 9);
      expect(termScore(idf, hits, words.length, totals.meanTokens)).toBeLessThan(maxTermScore(idf));
    }
    expect(termScore(idf, 0, 4, totals.meanTokens)).toBe(0);
    // A term in most units weighs next to nothing, never less.
    expect(inverseFrequency(5, 4)).toBe(1e-6);
    close();
  });

  it("takes a term its newest units hold densely as common from a first look, and walks on for one that may be rare", async () => {
    // 6,000 units: "everywhere" in each, "quarter" in every 4th, "some" in 1,100 of them spread over the index.
    const texts = Array.from({ length: 6000 }, (_, i) =>
      ["everywhere", i % 4 === 0 ? "quarter" : "", i % 6000 < 5500 && i % 5 === 0 ? "some" : ""].join(" "),
    );
    const { connection, close } = await indexOfWords(texts);
    const totals = indexTotals(connection);
    // The mechanism with a first look of its own (the profile's may be swept): 1,000 units, 4 times the rare count.
    const probe = { probeUnits: 1200, firstLook: 1000, surelyCommon: 4 };
    // Dense enough in the newest 1,000 to be several times the rare count: taken as common from them.
    expect(countTerm(connection, 'words : "everywhere"', totals, probe)).toEqual({ units: 6000, exact: false });
    // 1,500 units: more than the rare count, but not surely from a first look; walked to it, and estimated.
    const quarter = countTerm(connection, 'words : "quarter"', totals, probe);
    expect(quarter.exact).toBe(false);
    expect(Math.abs(quarter.units - 1500)).toBeLessThan(60);
    // 1,100 units: under the rare count, so counted exactly, past the first look's 1,000.
    expect(countTerm(connection, 'words : "some"', totals, probe)).toEqual({ units: 1100, exact: true });
    close();
  });
});
