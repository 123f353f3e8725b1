import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileQuery, type QueryInput } from "../../../src/search/query.js";
import { createRipgrepLocator } from "../../../src/search/ripgrep/locate.js";
import { scanWithRipgrep } from "../../../src/search/ripgrep/ripgrep.js";
import { type ScanOptions, type ScanResult, scanFiles } from "../../../src/search/scan/scanner.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { numbered } from "../../helpers/transcript-files.js";

const lookup = await createRipgrepLocator(undefined)();
const rg = "found" in lookup ? lookup.found : undefined;
const inCI = Boolean(process.env.CI);

const SESSIONS = [
  [
    "# Session ses_parity0001",
    "## user · 2026-01-01T10:00:00Z",
    "Why does the OpenCode plugin time out? It said: timeout after 3000 ms",
    '[tool bash] {"command":"npm test -- parser","description":"Run the parser tests"}',
    "  FAIL test/parser.test.ts > parses 42 items",
    "Error: ECONNRESET while fetching https://example.com/api/v1",
    "port 42 is open; 4242 is not",
    "",
    "Grüße aus Köln — naïve café, ÉCOLE normale, Straße",
    "temperature 300 \u212a and me\u017fsage with a long s",
    "tabs\tinside\ttext and a trailing space ",
    "## assistant · 2026-01-01T10:00:05Z",
    `${"x".repeat(5_000)} needle in a long line ${"y".repeat(3_000)}`,
    "-flag --option=value (parens) [brackets] {braces} a|b a.b a*b",
    "日本語のテキスト and emoji 🙂 here",
  ],
  Array.from({ length: 400 }, (_, i) =>
    i % 50 === 7
      ? `line with OpenCode ${i} and timeout after ${i * 3} ms`
      : i % 13 === 0
        ? `numbers ${i} ${i * 7}`
        : `filler text ${i}`,
  ),
  ["# Session ses_parity0003", "opencode", "OPENCODE", "OpenCode", "open code", "k K \u212a s S \u017f"],
];

const QUERIES: QueryInput[] = [
  { query: "opencode" },
  { query: "OpenCode", caseSensitive: true },
  { query: "timeout after" },
  { query: "42" },
  { query: " 42" },
  { query: "\ttext" },
  { query: "köln" },
  { query: "ÉCOLE", caseSensitive: true },
  { query: "école" },
  { query: "straße" },
  { query: "message" },
  { query: "k" },
  { query: "300 k" },
  { query: "needle" },
  { query: "-flag" },
  { query: "a|b" },
  { query: "a.b" },
  { query: "(parens)" },
  { query: "日本語" },
  { query: "🙂" },
  { query: "nothing matches this" },
  { query: "timeout after \\d+ ms", regex: true },
  { query: "^## (user|assistant)", regex: true },
  { query: "^\\s*FAIL", regex: true },
  { query: "\\bport\\b", regex: true },
  { query: "\\d{4}", regex: true },
  { query: "[A-Z]{3,}", regex: true, caseSensitive: true },
  { query: "e.o", regex: true },
  { query: "^$", regex: true },
  { query: "space $", regex: true },
  { query: "caf[ée]", regex: true },
  { query: "\\w+@\\w+", regex: true },
  { query: "\\S+\\s\\S+", regex: true },
  { query: "open ?code", regex: true },
  { query: "x{3}", regex: true },
  { query: "(?:numbers|filler) \\d+$", regex: true },
  { query: "\\W\\W", regex: true },
];

function corpus(): { path: string; size: number }[] {
  const dir = tempDir();
  return SESSIONS.map((lines, i) => {
    const file = path.join(dir, `ses_parity000${i + 1}.md`);
    fs.writeFileSync(file, numbered(lines));
    return { path: file, size: fs.statSync(file).size };
  });
}

const shape = (r: ScanResult) => ({
  matches: r.matches,
  files: r.files,
  unreadable: r.unreadable,
  timedOut: r.timedOut,
});

// Each comparison starts ripgrep about 110 times: 5 s and more on a loaded 2-core machine, Bun's default timeout (at
// load 14 the first took 5.1 s). The timeouts below, as each test's third argument, hold under vitest and bun test.
describe("ripgrep and the built-in scanner give the same results", () => {
  it.skipIf(rg !== undefined || !inCI)("needs ripgrep in CI", () => {
    expect.fail(
      "ripgrep (rg) was not found on PATH; CI must install it (Debian package `ripgrep`) for the parity test",
    );
  });

  it.skipIf(rg === undefined)(
    "for literals and regexes, with and without context and limits",
    async () => {
      const targets = corpus();
      let compared = 0;
      for (const input of QUERIES) {
        const query = compileQuery(input);
        for (const [contextLines, maxMatches] of [
          [0, 50],
          [2, 50],
          [1, 3],
        ] as const) {
          const options: ScanOptions = {
            contextLines,
            maxMatches,
            matchLineBytes: 120,
            contextLineBytes: 60,
            timeBudgetMs: 30_000,
            threads: 0,
          };
          const builtIn = await scanFiles(targets, input, query, options);
          if (query.ripgrep.kind === "unsupported") continue;
          const viaRipgrep = await scanWithRipgrep(rg as NonNullable<typeof rg>, targets, query, options);
          expect({ input, contextLines, maxMatches, ...shape(viaRipgrep) }).toEqual({
            input,
            contextLines,
            maxMatches,
            ...shape(builtIn),
          });
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(100);
    },
    60_000,
  );

  it.skipIf(rg === undefined)(
    "when a transcript vanished before the search",
    async () => {
      const targets = corpus();
      fs.rmSync((targets[1] as { path: string }).path);
      const input = { query: "opencode" };
      const query = compileQuery(input);
      const options: ScanOptions = {
        contextLines: 1,
        maxMatches: 50,
        matchLineBytes: 120,
        contextLineBytes: 60,
        timeBudgetMs: 30_000,
        threads: 0,
      };
      const builtIn = await scanFiles(targets, input, query, options);
      const viaRipgrep = await scanWithRipgrep(rg as NonNullable<typeof rg>, targets, query, options);
      expect(builtIn.unreadable).toEqual([{ index: 1, error: "ENOENT" }]);
      expect(shape(viaRipgrep)).toEqual(shape(builtIn));
    },
    60_000,
  );
});
