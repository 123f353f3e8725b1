/**
 * What every search engine must do, as cases with their expected lines (hono's router cases are the model): the
 * built-in scanner on the calling thread and on worker threads, and ripgrep, each run the same cases through
 * `testEngine`. An engine takes numbered transcript files and a query and gives a `ScanResult`.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileQuery, type QueryInput } from "../../src/search/query.js";
import type { ScanOptions, ScanResult, ScanTarget } from "../../src/search/scan/scanner.js";
import { tempDir } from "../helpers/temp-dir.js";
import { numbered } from "../helpers/transcript-files.js";

export type Engine = (
  targets: readonly ScanTarget[],
  input: QueryInput,
  query: ReturnType<typeof compileQuery>,
  options: ScanOptions,
) => Promise<ScanResult>;

const FILES: readonly (readonly string[])[] = [
  [
    "# Session ses_engine00001", // 1
    "## user · 2026-01-01T10:00:00Z", // 2
    "Why does the OpenCode plugin time out? It said: timeout after 3000 ms", // 3
    "port 42 is open; 4242 is not", // 4
    "Grüße aus Köln, naïve café, ÉCOLE normale", // 5
    "-flag --option=value (parens) a|b a.b a*b", // 6
    "", // 7
    "## assistant · 2026-01-01T10:00:05Z", // 8
    `${"x".repeat(6_000)} needle in a long line ${"y".repeat(3_000)}`, // 9
    "日本語のテキスト and emoji 🙂 here", // 10
  ],
  ["# Session ses_engine00002", "opencode", "OPENCODE", "OpenCode", "open code", "nothing here"],
];

/** [file index, line] of every match line, in result order. */
function matchLines(result: ScanResult): [number, number][] {
  return result.files.flatMap((f) =>
    f.hits.lines.filter((l) => l.match).map((l) => [f.index, l.line] as [number, number]),
  );
}

interface Case {
  name: string;
  input: QueryInput;
  expected: [number, number][];
  options?: Partial<ScanOptions>;
}

const CASES: Case[] = [
  {
    name: "a literal, case folded",
    input: { query: "opencode" },
    expected: [
      [0, 3],
      [1, 2],
      [1, 3],
      [1, 4],
    ],
  },
  {
    name: "a literal, case sensitive",
    input: { query: "OpenCode", caseSensitive: true },
    expected: [
      [0, 3],
      [1, 4],
    ],
  },
  { name: "Unicode case folding", input: { query: "köln" }, expected: [[0, 5]] },
  { name: "accented capitals folded", input: { query: "école" }, expected: [[0, 5]] },
  { name: "never the line number: 42", input: { query: "42" }, expected: [[0, 4]] },
  { name: "regex metacharacters are literal", input: { query: "a|b" }, expected: [[0, 6]] },
  { name: "a literal dot is a dot", input: { query: "a.b" }, expected: [[0, 6]] },
  { name: "a leading dash is text", input: { query: "-flag" }, expected: [[0, 6]] },
  { name: "CJK and emoji", input: { query: "🙂" }, expected: [[0, 10]] },
  {
    name: "inside a line longer than a read",
    input: { query: "needle" },
    expected: [[0, 9]],
    options: { chunkBytes: 4096 },
  },
  { name: "no match", input: { query: "nothing matches this" }, expected: [] },
  {
    name: "a regex anchored at the text",
    input: { query: "^## (user|assistant)", regex: true },
    expected: [
      [0, 2],
      [0, 8],
    ],
  },
  {
    name: "a regex with classes and counts",
    input: { query: "timeout after \\d+ ms", regex: true },
    expected: [[0, 3]],
  },
  { name: "a regex for an empty line", input: { query: "^$", regex: true }, expected: [[0, 7]] },
  { name: "word boundaries", input: { query: "\\bport\\b", regex: true }, expected: [[0, 4]] },
  {
    name: "a case-sensitive regex",
    input: { query: "[A-Z]{5,}", regex: true, caseSensitive: true },
    expected: [[1, 3]],
  },
  {
    name: "the match limit keeps file order",
    input: { query: "code" },
    expected: [
      [0, 3],
      [1, 2],
    ],
    options: { maxMatches: 2 },
  },
];

const BASE: ScanOptions = {
  contextLines: 0,
  maxMatches: 50,
  matchLineBytes: 200,
  contextLineBytes: 80,
  timeBudgetMs: 30_000,
};

function corpus(): ScanTarget[] {
  const dir = tempDir("ledger-engine-");
  return FILES.map((lines, i) => {
    const file = path.join(dir, `ses_engine0000${i + 1}.md`);
    fs.writeFileSync(file, numbered(lines));
    return { path: file, size: fs.statSync(file).size };
  });
}

/**
 * Each case may start a process (ripgrep) and read a corpus: on a loaded 2-core machine that took past Bun's 5 s
 * default, so every case says how long it may take.
 */
const CASE_TIMEOUT_MS = 30_000;

/** Registers the cases for one engine; `available` false skips them (ripgrep absent), with the reason in the name. */
export function testEngine(name: string, engine: Engine, available = true): void {
  describe(`search engine conformance: ${name}`, () => {
    for (const c of CASES) {
      it.skipIf(!available)(
        c.name,
        async () => {
          const result = await engine(corpus(), c.input, compileQuery(c.input), { ...BASE, ...c.options });
          expect(matchLines(result)).toEqual(c.expected);
          expect(result.matches).toBe(c.expected.length);
          expect(result.capped).toBe(c.options?.maxMatches !== undefined && c.expected.length === c.options.maxMatches);
          expect(result.unreadable).toEqual([]);
        },
        CASE_TIMEOUT_MS,
      );
    }

    it.skipIf(!available)(
      "a long match line is shown as a window around the match, within its byte budget",
      async () => {
        const input = { query: "needle" };
        const result = await engine(corpus(), input, compileQuery(input), BASE);
        const line = result.files[0]?.hits.lines.find((l) => l.match);
        expect(line?.text).toContain("needle in a long line");
        expect(Buffer.byteLength(line?.text ?? "")).toBeLessThan(400);
      },
      CASE_TIMEOUT_MS,
    );

    it.skipIf(!available)(
      "context lines around a match, marked as context",
      async () => {
        const input = { query: "port 42" };
        const result = await engine(corpus(), input, compileQuery(input), { ...BASE, contextLines: 1 });
        expect(result.files[0]?.hits.lines.map((l) => [l.line, l.match])).toEqual([
          [3, false],
          [4, true],
          [5, false],
        ]);
        expect(result.files[0]?.hits.lines[1]?.text).toBe("port 42 is open; 4242 is not");
      },
      CASE_TIMEOUT_MS,
    );

    it.skipIf(!available)(
      "a file that vanished is reported and the others are searched",
      async () => {
        const targets = corpus();
        fs.rmSync((targets[0] as ScanTarget).path);
        const input = { query: "opencode" };
        const result = await engine(targets, input, compileQuery(input), BASE);
        expect(result.unreadable).toEqual([{ index: 0, error: "ENOENT" }]);
        expect(matchLines(result)).toEqual([
          [1, 2],
          [1, 3],
          [1, 4],
        ]);
      },
      CASE_TIMEOUT_MS,
    );
  });
}
