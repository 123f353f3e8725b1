import { describe, expect, it } from "vitest";
import { dateWeight, namedDates } from "../../../src/search/ranked/named-dates.js";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";

const NAMED_DATE_BOOST = DEFAULT_PROFILE.boosts.namedDate;

const NOW = Date.parse("2024-01-15T12:00:00Z");
const DAY = 86_400_000;
/** The dates named, as their text and their span in ISO days. */
const named = (query: string) =>
  namedDates(query, NOW).map((d) => [
    d.text,
    new Date(d.from).toISOString().slice(0, 10),
    new Date(d.to).toISOString().slice(0, 10),
  ]);

describe("the dates a ranked query names", () => {
  it("reads a day in each way it is written, widened by a day on either side", () => {
    expect(named("What did Maria do on 31 July, 2023?")).toEqual([["31 July, 2023", "2023-07-30", "2023-08-01"]]);
    expect(named("what failed on October 13, 2023")).toEqual([["October 13, 2023", "2023-10-12", "2023-10-14"]]);
    expect(named("the outage of 2026-03-12")).toEqual([["2026-03-12", "2026-03-11", "2026-03-13"]]);
    expect(named("on the 3rd of June, 2023")).toEqual([["3rd of June, 2023", "2023-06-02", "2023-06-04"]]);
    expect(named("Sept 4th 2023 deploy")).toEqual([["Sept 4th 2023", "2023-09-03", "2023-09-05"]]);
  });

  it("reads a month with its year, and a month alone as the latest one not after the query", () => {
    expect(named("the migration in July 2023")).toEqual([["July 2023", "2023-06-30", "2023-08-01"]]);
    expect(named("what broke in December?")).toEqual([["in December", "2023-11-30", "2024-01-01"]]);
    expect(named("what broke in January?")).toEqual([["in January", "2023-12-31", "2024-02-01"]]);
  });

  it("reads each date once, and several dates in one query", () => {
    expect(named("between 3 June, 2023 and July 2023")).toEqual([
      ["3 June, 2023", "2023-06-02", "2023-06-04"],
      ["July 2023", "2023-06-30", "2023-08-01"],
    ]);
  });

  it("names no date in words that only look like one", () => {
    for (const query of [
      "the may release",
      "march the migration forward",
      "version 2023 of the schema",
      "error 31 in july.ts",
      "2026-13-40",
      "build 1999-02-30",
    ]) {
      expect(named(query), query).toEqual([]);
    }
    // A day the month does not have is no day; the month and year around it still are a month.
    expect(named("31 June 2023")).toEqual([["June 2023", "2023-05-31", "2023-07-01"]]);
  });

  it("weighs a unit written in a named date, and no other", () => {
    const dates = namedDates("on 31 July, 2023", NOW);
    const day = Date.parse("2023-07-31T10:00:00Z");
    expect(dateWeight(dates, day, NAMED_DATE_BOOST)).toBe(NAMED_DATE_BOOST);
    expect(dateWeight(dates, day + DAY, NAMED_DATE_BOOST)).toBe(NAMED_DATE_BOOST);
    expect(dateWeight(dates, day + 3 * DAY, NAMED_DATE_BOOST)).toBe(1);
    expect(dateWeight(dates, null, NAMED_DATE_BOOST)).toBe(1);
    expect(dateWeight([], day, NAMED_DATE_BOOST)).toBe(1);
  });
});
