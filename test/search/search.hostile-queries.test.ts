/**
 * Any string is a safe query: as a memory query (memory_search, memory_forget) no FTS5 syntax leaks and nothing but
 * "no words to search for" is refused; as a transcript search it is found literally or refused with a reason; as a
 * user regex it is refused when it could run away, and otherwise stops at the time budget and says so. The budget is
 * asserted by what the search reports, never by a wall clock. (Store-level property: test/store/memory-query.test.ts.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byteLength } from "../../src/bounded-output.js";
import type { InvalidInputError } from "../../src/errors.js";
import { createRipgrepLocator } from "../../src/search/ripgrep/locate.js";
import type { createTranscriptSearch as CreateSearch } from "../../src/search/search.js";
import { hostileString } from "../helpers/hostile-input.js";
import { pluginParts } from "../helpers/plugin-parts.js";
import { isBun } from "../helpers/runtime-child.js";
import { writeTranscript } from "../helpers/transcript-files.js";

// What ships runs a user regex on a worker thread; under Node that is the compiled worker of dist/.
const { createTranscriptSearch } = (await import(
  isBun ? "../../src/search/search.js" : "../../dist/search/search.js"
)) as { createTranscriptSearch: typeof CreateSearch };
const rgFound = "found" in (await createRipgrepLocator(undefined)());

const FTS_LEAK = /fts5|syntax error|unexpected error|no such column|malformed MATCH/i;
const ftsSyntax = fc.constantFrom(
  '"',
  "*",
  "(",
  ")",
  ":",
  "^",
  "-",
  "+",
  "NEAR",
  "NEAR(",
  "OR",
  "AND",
  "NOT",
  "{",
  "}",
  ",",
  "title:",
  "body:",
  "\u0000",
  "'",
  ";",
  "--",
);
const memoryQuery = fc.oneof(
  hostileString,
  fc
    .array(fc.oneof(ftsSyntax, fc.string({ maxLength: 12, unit: "grapheme" }), fc.constant(" ")), { maxLength: 200 })
    .map((p) => p.join("")),
  fc.string({ minLength: 10_000, maxLength: 100_000, unit: "grapheme-ascii" }),
);

describe("memory queries", () => {
  it("memory_search and memory_forget accept any string: results, or 'no words', never an FTS error", async () => {
    const parts = pluginParts();
    const alpha = parts.project("alpha");
    for (let i = 0; i < 25; i++) {
      await alpha.call("memory_save", {
        kind: "fact",
        title: `Deploy note ${i}`,
        body: `deploy with care OR NOT ${i}`,
      });
    }
    await fc.assert(
      fc.asyncProperty(memoryQuery, fc.constantFrom("project", "all", "global"), async (query, scope) => {
        const found = await alpha.call("memory_search", { query, scope, status: "all" });
        expect(found).not.toMatch(FTS_LEAK);
        if (found.startsWith("Error: ")) expect(found).toMatch(/^Error: \[opencode-ledger\] query: has no words/);
        expect(byteLength(found)).toBeLessThanOrEqual(24_000);
        const forgot = await alpha.call("memory_forget", { query });
        expect(forgot).not.toMatch(FTS_LEAK);
        if (forgot.startsWith("Error: ")) {
          expect(forgot).toMatch(
            /^Error: \[opencode-ledger\] (query: has no words|id: give either|query ".*" matches)/s,
          );
        }
      }),
      { numRuns: 200 },
    );
    // Positive control: a plain query finds what was saved (unless a generated query happened to forget it).
    expect(await alpha.call("memory_search", { query: "deploy care", trashed: true, status: "all" })).not.toMatch(
      FTS_LEAK,
    );
    expect(await alpha.call("memory_stats", {})).toMatch(/ in all\./);
  }, 120_000);
});

describe("transcript search: literal queries", () => {
  for (const useRipgrep of rgFound ? [false, true] : [false]) {
    it(`memory_session_search accepts any string (${useRipgrep ? "ripgrep" : "built-in scanner"})`, async () => {
      const parts = pluginParts({ search: { useRipgrep } });
      const alpha = parts.project("alpha");
      writeTranscript(parts.data.transcriptsDir, alpha.scope, "ses_literal000000001", [
        "plain words and (parens) and [brackets] and $dollars ^carets \\backslashes",
        "a".repeat(50_000),
        "unicode: ÄÖÜ ß ǅ ſ K 日本語 😀 \u202e",
      ]);
      await fc.assert(
        fc.asyncProperty(hostileString, fc.boolean(), async (query, caseSensitive) => {
          const result = await alpha.call("memory_session_search", { query, mode: "literal", caseSensitive });
          expect(result).not.toMatch(/unexpected error/);
          if (result.startsWith("Error: ")) {
            expect(result).toMatch(/^Error: \[opencode-ledger\] query: /);
            expect(
              query.length === 0 || query.length > 1_000 || /[\r\n]/.test(query) || typeof query !== "string",
            ).toBe(true);
          } else {
            expect(result.split("\n").at(-1)).toMatch(/^\[search\] searched (?:\d+ of )?1 transcript/);
          }
          expect(byteLength(result)).toBeLessThanOrEqual(24_000);
        }),
        { numRuns: 150 },
      );
      // Positive control: regex metacharacters are literal text.
      expect(
        await alpha.call("memory_session_search", { query: "(parens) and [brackets]", mode: "literal" }),
      ).toContain("ses_literal000000001.md:1:");
    }, 120_000);
  }
});

// Pieces of regular expressions, harmless and dangerous, put together at random.
const regexPiece = fc.constantFrom(
  "a",
  "b",
  "x",
  " ",
  ".",
  "\\w",
  "\\s",
  "\\d",
  "\\S",
  "\\b",
  "[a-z]",
  "[^b]",
  "(",
  ")",
  "(?:",
  "(?=a)",
  "(?!b)",
  "(?<=a)",
  "|",
  "*",
  "+",
  "?",
  "*?",
  "{2,}",
  "{1,3}",
  "{0,100}",
  "^",
  "$",
  "\\1",
  "(a|aa)",
  "(a+)",
  "(.*)",
  "\\p{L}",
  "[",
  "]",
  "\\",
);

describe("transcript search: user regexes", () => {
  const timeBudgetMs = 100;

  function setup() {
    const parts = pluginParts();
    const alpha = parts.project("alpha");
    const lines = [
      ...Array.from({ length: 300 }, () => "a".repeat(16_000)),
      ...("word ".repeat(2_000).match(/.{1,4000}/g) ?? []),
      `${"ab".repeat(3_000)}c`,
    ];
    writeTranscript(parts.data.transcriptsDir, alpha.scope, "ses_regexregex000001", lines);
    const search = createTranscriptSearch({
      transcriptsDir: parts.data.transcriptsDir,
      useRipgrep: false,
      locateRipgrep: createRipgrepLocator(undefined),
    });
    return { alpha, search };
  }

  it("a regex that passes the backtracking check but is slow is stopped at the budget, and the result says so", async () => {
    const { alpha, search } = setup();
    const slow = await search({ query: "a.*b", regex: true, scope: alpha.scope, timeBudgetMs });
    expect(slow.result.timedOut).toBe(true);
    expect(slow.text).toMatch(/stopped after the time budget/);
    // Positive control: a fast regex over the same lines completes and says nothing of a budget.
    const fast = await search({ query: "^ab", regex: true, scope: alpha.scope, timeBudgetMs: 15_000 });
    expect(fast.result).toMatchObject({ timedOut: false, matches: 1 });
    expect(fast.text).not.toMatch(/time budget/);
  }, 60_000);

  it("any regex is refused with a reason, or runs, stops and reports", async () => {
    const { alpha, search } = setup();
    let refused = 0;
    let stopped = 0;
    let completed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(regexPiece, { minLength: 1, maxLength: 24 }), fc.boolean(), async (pieces, cs) => {
        const query = pieces.join("");
        let outcome: Awaited<ReturnType<typeof search>>;
        try {
          outcome = await search({ query, regex: true, caseSensitive: cs, scope: alpha.scope, timeBudgetMs });
        } catch (error) {
          // Under Node the search is dist's: its error classes are not src's, their codes and fields are the same.
          expect(error).toMatchObject({ code: "INVALID_INPUT", field: "query" });
          expect((error as InvalidInputError).message).toMatch(/^\[opencode-ledger\] query: /);
          refused++;
          return;
        }
        if (outcome.result.timedOut) {
          expect(outcome.text).toMatch(/stopped after the time budget/);
          stopped++;
        } else {
          expect(outcome.result.searched).toBe(1);
          completed++;
        }
        expect(byteLength(outcome.text)).toBeLessThanOrEqual(24_000);
      }),
      { numRuns: 120 },
    );
    // The generator reached both kinds of outcome (what ran may have completed or stopped).
    expect([refused > 0, stopped + completed > 0]).toEqual([true, true]);
  }, 120_000);
});
