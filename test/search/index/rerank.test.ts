import { describe, expect, it } from "vitest";
import { parseRankedQuery } from "../../../src/search/index/ranked-query.js";
import { rescore } from "../../../src/search/index/rerank.js";

const NOW = Date.parse("2026-03-01T00:00:00Z");
const score = (lines: string[], query: string) =>
  rescore(-1, lines, "assistant", null, parseRankedQuery(query).terms, NOW);

describe("the second look at a unit's lines", () => {
  it("shows the line that holds most of the query's words, folded as the index folds them", () => {
    const lines = ["nothing here", "the ECONNRESET came back", "ECONNRESET after 3 retries", "done"];
    expect(score(lines, "econnreset retries")?.bestLine).toBe(2);
    // KELVIN SIGN folds to k, as the scan and the index fold it.
    expect(score(["one", "the \u212Aafka broker"], "kafka")?.bestLine).toBe(1);
  });

  it("splits lines with letters beyond ASCII as the index does", () => {
    const lines = ["plain line", "Grüße aus München: das Café ist zu", "café au lait"];
    expect(score(lines, "münchen café")?.bestLine).toBe(1);
    expect(score(lines, '"das café"')).toBeDefined();
    expect(score(lines, '"das café"')?.bestLine).toBe(1);
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
});
