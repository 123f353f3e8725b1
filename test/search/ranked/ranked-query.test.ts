import { describe, expect, it } from "vitest";
import { fallbackPattern } from "../../../src/search/ranked/ranked-mode.js";
import { parseRankedQuery } from "../../../src/search/ranked/ranked-query.js";
import { compoundsOf, wordsOf } from "../../../src/transcripts/index/index-tokens.js";
import { columnsByLine } from "../../helpers/index-rows.js";

describe("index tokens", () => {
  it("reads a 1 MB word in one pass (a compound is only tried where a word starts)", () => {
    const huge = `HUGE-REQUEST ${"x".repeat(1_000_000)} and src/a.ts`;
    expect(compoundsOf(huge)).toEqual(["src/a.ts"]);
    expect(compoundsOf(`é${huge}`)).toEqual(["src/a.ts"]);
    expect(wordsOf(huge)).toEqual(["huge", "request", "and", "src", "a", "ts"]);
  }, 5_000);

  it("keep compound tokens whole beside their words, folded like the scan folds", () => {
    const line = "Failed: ERR_SOCKET_TIMEOUT in src/net/pool.ts (v1.18.33), user@host:22 \u212aelvin ſtyle.";
    expect(compoundsOf(line)).toEqual(["err_socket_timeout", "src/net/pool.ts", "v1.18.33", "user@host:22"]);
    expect(wordsOf(line)).toEqual([
      "failed",
      "err",
      "socket",
      "timeout",
      "in",
      "src",
      "net",
      "pool",
      "ts",
      "v1",
      "18",
      "33",
      "user",
      "host",
      "22",
      "kelvin",
      "style",
    ]);
    expect(wordsOf(`${"q".repeat(41)} ok`)).toEqual(["ok"]);
    expect(columnsByLine(["a-b c_d", "", "e"])).toEqual({ words: "a b c d\ne", whole: "c_d" });
  });
});

describe("ranked queries", () => {
  it("drop common words, keep phrases required and compounds whole", () => {
    const q = parseRankedQuery('what did we decide about the "token bucket" for ERR_RATE_LIMITED?');
    expect(q.dropped).toEqual(["what", "did", "we", "about", "the", "for"]);
    expect(q.terms.map((t) => t.text)).toEqual(["token bucket", "decide", "ERR_RATE_LIMITED?"]);
    expect(q.match).toBe(
      'words : "token bucket" AND (words : "token bucket" OR words : "decide" OR (whole : "err_rate_limited" OR words : "err rate limited"))',
    );
  });

  it("keep common words when nothing else is left, and never let query syntax through", () => {
    expect(parseRankedQuery("what is it").match).toBe('words : "what" OR words : "is" OR words : "it"');
    // Every clause is a quoted phrase: operators and column names typed by the user are only words.
    expect(parseRankedQuery('NEAR(a b) OR "x" AND col:y').match).toBe(
      'words : "x" AND (words : "x" OR words : "near a" OR words : "b" OR (whole : "col:y" OR words : "col y"))',
    );
    expect(parseRankedQuery('quote "he said ""no"""').terms.map((t) => t.words)).toEqual([
      ["he", "said"],
      ["no"],
      ["quote"],
    ]);
  });

  it("read a word before an apostrophe's ending, and drop question words and negations as common", () => {
    const q = parseRankedQuery(
      "Why didn't Caroline\u2019s build pass, and can't they're told how many specific tests?",
    );
    expect(q.terms.map((t) => t.text)).toEqual(["Caroline", "build", "pass,", "tests?"]);
    expect(q.dropped).toEqual(["Why", "did", "and", "can", "they", "told", "how", "many", "specific"]);
    // A word that only looks like a contraction stays whole.
    expect(parseRankedQuery("rock'n'roll o'clock").terms.map((t) => t.words)).toEqual([
      ["rock", "n", "roll"],
      ["o", "clock"],
    ]);
  });

  it("mark the words of a setting clause, which says when, not what is asked", () => {
    const setting = (query: string) =>
      parseRankedQuery(query)
        .terms.filter((t) => t.setting)
        .map((t) => t.text);
    expect(setting("which port did the server bind to after we moved the db config?")).toEqual([
      "moved",
      "db",
      "config?",
      "database",
    ]);
    expect(setting("How much memory had the server taken while the import ran?")).toEqual(["import", "ran?"]);
    expect(setting("which test kept timing out during the nightly build?")).toEqual(["during", "nightly", "build?"]);
    // Closed by a comma, the clause may open the question; opening it otherwise, "when" asks when.
    expect(setting("Before we rolled back, how many rows had the migration copied?")).toEqual(["rolled", "back,"]);
    expect(setting("When did we move the config?")).toEqual([]);
    // A question asking when may still have a setting, later.
    expect(setting("When is the canary rollout, after the backup is done?")).toEqual(["backup"]);
    expect(setting("When we deployed, which port did the server take?")).toEqual(["deployed,"]);
    // With fewer than two words of its own beside it, the question asks about the setting itself.
    expect(setting("what happened when I ran the typecheck script?")).toEqual([]);
    expect(setting('what "exit code" came back after the deploy?')).toEqual(["deploy?"]);
    // The clause ends at a comma, a semicolon or a question mark.
    expect(setting("which tests failed after the merge, and which passed?")).toEqual(["merge,"]);
    // And at a dash between spaces or a colon: what follows it is asked ("- what type error came up?").
    expect(setting("The first build after the audit failed - what type error came up?")).toEqual(["audit", "failed"]);
    expect(setting("the run before the upgrade: which test hung?")).toEqual(["upgrade:"]);
    expect(setting("which test hung after the pre-release upgrade?")).toEqual(["pre-release", "upgrade?"]);
    // The clause as written, for the explanation; none where the words weigh as asked.
    expect(parseRankedQuery("which port did the server bind to after we moved the db config?").setting).toBe(
      "after we moved the db config",
    );
    expect(parseRankedQuery("When did we move the config?").setting).toBeUndefined();
    expect(parseRankedQuery("what happened when I ran the typecheck script?").setting).toBeUndefined();
    // Its words stay terms, in the order written, only weighing less.
    expect(
      parseRankedQuery("which port did the server bind to after we moved the db config?").terms.map((t) => t.text),
    ).toEqual(["port", "server", "bind", "moved", "db", "config?", "database"]);
  });

  it("refuses an empty query, one of punctuation only, and one that is too long", () => {
    expect(() => parseRankedQuery("   ")).toThrow(/^\[opencode-ledger\] query: is empty/);
    expect(() => parseRankedQuery("?! -- ..")).toThrow(/holds no word to look for/);
    expect(() => parseRankedQuery("a".repeat(1_001))).toThrow(/the limit is 1000/);
  });

  it("become a pattern of escaped literals for the scan", () => {
    expect(fallbackPattern('rate limiter "token bucket" v1.2')).toBe("token bucket|rate|limiter|v1\\.2");
  });
});
