/**
 * The analysis a user regex goes through before it runs (parse, backtracking check, required literal, ripgrep
 * translation), before and after its parser moved to regexpp. In the same run: the hand-written parser it replaced
 * (read from git at the commit before the change) as the baseline, regexpp's, and the whole analysis, over
 * real patterns (the fallback regexes the ranked search builds from the recall questions, and patterns people type)
 * and hostile ones (the refused shapes, and long ones at the query limit). Then a regex search over a generated
 * transcript set (LEDGER_BENCH_MB, default 20 MB) with the built-in scanner, to show what share of a search the
 * analysis is, against a literal search over the same set. Line counts of the analysis, before and after.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileQuery, type QueryInput } from "../src/search/query.js";
import { fallbackPattern } from "../src/search/ranked/ranked-mode.js";
import { parseRegex } from "../src/search/regex/parse.js";
import { type ScanOptions, scanFiles } from "../src/search/scan/scanner.js";
import { CORPUS_CASES } from "./recall-cases.js";
import { loadAverage, median, table, timeRuns, writeFigures, writeSection } from "./report.js";
import { ensureCorpus } from "./transcript-corpus.js";

/** The last commit with the hand-written parser (src/search/regex/syntax.ts, 291 lines, no imports). */
const BEFORE = "ec4daa16c6db4e95e757ff33f8dfb3f7c373cf5a";
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const git = (...args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8" });

const oldFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ledger-regex-")), "syntax.ts");
fs.writeFileSync(oldFile, git("show", `${BEFORE}:src/search/regex/syntax.ts`));
const old = (await import(oldFile)) as { parseRegex: (source: string) => unknown };

const typed = [
  "timeout after \\d+ ms",
  "ECONNRESET.*retr(y|ies)",
  "^## (user|assistant)",
  "\\bport\\b \\d{2,5}",
  '"name":\\s*"[^"]+"',
  "(?<file>[\\w./-]+\\.ts):(\\d+)",
  "error|warn(ing)?",
  "https?://[^\\s)]+",
  "\\p{Lu}{3,}",
  "foo(?=bar)|(?<!x)baz",
];
const real = [...CORPUS_CASES.map((c) => fallbackPattern(c.query)), ...typed];
const hostile = [
  "(a+)+$",
  "(\\w+\\s?)*x",
  "(.*a){12}",
  "(a|ab)+c",
  "(x|)+z",
  "\\w+\\s*\\w+=",
  ".*.*x",
  `(${"ab|".repeat(199)}ab)+`,
  `[${"a-c".repeat(300)}]+x`,
  "(((((((((((a)))))))))))*".repeat(40),
];

const ROUNDS = 31;
// Each timed run goes over its set REPEAT times: one pass is a fraction of a millisecond.
const REPEAT = 50;
function each(patterns: readonly string[], fn: (source: string) => unknown): () => number {
  return () => {
    let n = 0;
    for (let r = 0; r < REPEAT; r++)
      for (const p of patterns) {
        try {
          if (fn(p)) n++;
        } catch {
          n--;
        }
      }
    return n;
  };
}
const load = loadAverage();
const rows: (string | number)[][] = [];
const figures: Record<string, number> = {};
for (const [label, patterns] of [
  [`real: ${real.length} patterns`, real],
  [`hostile: ${hostile.length} patterns`, hostile],
] as const) {
  const before = median(await timeRuns(ROUNDS, each(patterns, old.parseRegex)));
  const after = median(await timeRuns(ROUNDS, each(patterns, parseRegex)));
  const whole = median(
    await timeRuns(
      ROUNDS,
      each(patterns, (p) => compileQuery({ query: p, regex: true })),
    ),
  );
  figures[label.split(":")[0] as string] = after / before;
  const us = (ms: number) => `${((ms * 1000) / (patterns.length * REPEAT)).toFixed(1)} µs`;
  rows.push([
    label,
    us(before),
    us(after),
    `${(after / before).toFixed(2)}x`,
    us(whole),
    `${(whole / before).toFixed(2)}x`,
  ]);
}

// A regex search over a generated transcript set: the analysis against the scan it prepares.
const MB = Number(process.env.LEDGER_BENCH_MB ?? 20);
const corpus = ensureCorpus(MB);
const targets = corpus.files.map((file) => {
  const stat = fs.statSync(file);
  return { path: file, size: stat.size, ino: stat.ino };
});
for (const t of targets) fs.readFileSync(t.path);
const options: ScanOptions = {
  contextLines: 2,
  maxMatches: 500,
  matchLineBytes: 400,
  contextLineBytes: 200,
  timeBudgetMs: 600_000,
};
const SEARCH_ROUNDS = 7;
const searchRows: (string | number)[][] = [];
const literal: QueryInput = { query: "git status" };
const literalMs = median(
  await timeRuns(SEARCH_ROUNDS, () => scanFiles(targets, literal, compileQuery(literal), { ...options, threads: 0 })),
);
for (const input of [
  { query: "ECONNRESET after \\d+ retries", regex: true },
  { query: "(timeout|latency) \\w+", regex: true },
  { query: "git (status|diff)", regex: true },
] satisfies QueryInput[]) {
  const analysis =
    median(
      await timeRuns(
        ROUNDS,
        each([input.query], (query) => compileQuery({ ...input, query })),
      ),
    ) / REPEAT;
  let matches = 0;
  const search = median(
    await timeRuns(SEARCH_ROUNDS, async () => {
      matches = (await scanFiles(targets, input, compileQuery(input), { ...options, threads: 0 })).matches;
    }),
  );
  searchRows.push([
    `\`${input.query.replaceAll("|", "\\|")}\` (${matches} match${matches === 1 ? "" : "es"})`,
    `${search.toFixed(1)} ms`,
    `${(search / literalMs).toFixed(2)}x`,
    `${(analysis * 1000).toFixed(0)} µs`,
    `${((analysis / search) * 100).toFixed(3)} %`,
  ]);
}

const lines = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
const analysisFiles = (dir: string) => [
  ...fs.readdirSync(path.join(dir, "src/search/regex")).map((f) => `src/search/regex/${f}`),
  "src/search/ripgrep/pattern.ts",
];
const beforeFiles = git("ls-tree", "--name-only", `${BEFORE}:src/search/regex`)
  .trim()
  .split("\n")
  .map((f) => `src/search/regex/${f}`)
  .concat("src/search/ripgrep/pattern.ts");
const count = (files: readonly string[], read: (f: string) => string) =>
  files.map((f) => `${path.basename(f)} ${lines(read(f))}`).join(", ");
const total = (files: readonly string[], read: (f: string) => string) => files.reduce((n, f) => n + lines(read(f)), 0);
const readBefore = (f: string) => git("show", `${BEFORE}:${f}`);
const readAfter = (f: string) => fs.readFileSync(path.join(root, f), "utf8");
const linesBefore = total(beforeFiles, readBefore);
const linesAfter = total(analysisFiles(root), readAfter);

writeFigures("regex-analysis", [
  {
    what: "regex parse, regexpp vs hand-written, real patterns",
    value: `${(figures.real ?? Number.NaN).toFixed(2)}x the time (${linesBefore} lines of analysis before, ${linesAfter} after)`,
  },
]);
writeSection(
  "regex-analysis",
  "Regex analysis",
  `Median of ${ROUNDS} runs, each over its set ${REPEAT} times, under Bun (load average when the run started: ${load}). Per pattern, and the ratio of
each to the parse before, on the same patterns in the same run (\`new RegExp\` is no baseline here: the engines
cache a compiled source). *Before* is the
hand-written parser of commit ${BEFORE.slice(0, 7)}, read from git; *after* is regexpp into the same model. The
whole analysis (\`compileQuery\`: validation, parse, backtracking check, required literal, ripgrep translation) is
the after parser with the rest (the same code but for the backtracking check, which now also looks into groups). Real patterns are the fallback regexes the ranked search
builds from the ${CORPUS_CASES.length} recall questions and ${typed.length} patterns people type; hostile ones are the
refused shapes and long patterns near the query limit.

${table(["patterns", "parse before", "parse after", "after / before", "whole analysis (after)", "whole / parse before"], rows)}

A regex search with the built-in scanner on one thread over ${targets.length} generated transcripts
(${(corpus.bytes / 1e6).toFixed(0)} MB, \`LEDGER_BENCH_MB=${MB}\`), median of ${SEARCH_ROUNDS} runs; the ratio is
against the literal \`git status\` over the same files in the same run (${literalMs.toFixed(1)} ms), the share is the
analysis's part of the search.

${table(["query", "search (median)", "vs the literal", "analysis", "analysis share"], searchRows)}

Lines of the analysis (parser, model, character sets, backtracking check, ripgrep translation): ${linesBefore}
before (${count(beforeFiles, readBefore)}), ${linesAfter} after (${count(analysisFiles(root), readAfter)}). The
parser itself went from 291 hand-written lines to regexpp, bundled into the chunk that a regex search loads on first
use (${chunkSize()}).`,
);

/** The bundled chunk holding regexpp in dist/server (after `npm run build`). */
function chunkSize(): string {
  const dir = path.join(root, "dist", "server");
  if (!fs.existsSync(dir)) return "dist/ not built";
  const file = fs
    .readdirSync(dir)
    .find((f) => fs.readFileSync(path.join(dir, f), "utf8").includes("Lone quantifier brackets"));
  return file ? `${(fs.statSync(path.join(dir, file)).size / 1024).toFixed(1)} KiB in dist/server` : "not found";
}
