/**
 * Transcript search speed against plain ripgrep, on a generated corpus (LEDGER_BENCH_MB, default 500 MB, kept under
 * the system temp folder and reused). The corpus is read once to bring it into the page cache; then every round runs
 * each contender once, in turn, and the table shows medians. Peak memory of the built-in scanner is read from a
 * process of its own.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { scanWithRipgrep } from "../src/transcripts/ripgrep.js";
import { createRipgrepLocator } from "../src/transcripts/ripgrep-locate.js";
import { type ScanOptions, scanFiles } from "../src/transcripts/scanner.js";
import { compileQuery, type QueryInput } from "../src/transcripts/search-query.js";
import { median, table, writeSection } from "./report.js";
import { ensureCorpus } from "./transcript-corpus.js";

const MB = Number(process.env.LEDGER_BENCH_MB ?? 500);
const ROUNDS = Number(process.env.LEDGER_BENCH_ROUNDS ?? 7);
const here = path.dirname(fileURLToPath(import.meta.url));
const binary = path.join(here, "..", "node_modules", ".bin", "opencode");

const lookup = await createRipgrepLocator(undefined)();
if (!("found" in lookup)) throw new Error(`the benchmark needs ripgrep: ${lookup.missing}`);
const rg = lookup.found;

console.error(`[transcript-search] corpus of ${MB} MB…`);
const corpus = ensureCorpus(MB);
const targets = corpus.files.map((file) => ({ path: file, size: fs.statSync(file).size }));
for (const t of targets) fs.readFileSync(t.path); // into the page cache

const options: ScanOptions = {
  contextLines: 2,
  maxMatches: 500,
  matchLineBytes: 400,
  contextLineBytes: 200,
  timeBudgetMs: 120_000,
};

function runRipgrep(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(rg.path, ["--no-config", ...args, corpus.dir], { stdio: ["ignore", "ignore", "inherit"] });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 || code === 1 ? resolve(performance.now() - start) : reject(new Error(`rg ${code}`)),
    );
  });
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

interface Case {
  name: string;
  input: QueryInput;
  rgArgs: string[];
}

const cases: Case[] = [
  {
    name: "literal, case-insensitive (`ECONNRESET`)",
    input: { query: "ECONNRESET" },
    rgArgs: ["-i", "-F", "-c", "-e", "ECONNRESET"],
  },
  {
    name: "regex, case-insensitive (`econn\\w+ after \\d+ retries`)",
    input: { query: "econn\\w+ after \\d+ retries", regex: true },
    rgArgs: ["-i", "-c", "-e", "econn\\w+ after \\d+ retries"],
  },
];

const rows: (string | number)[][] = [];
const mbps = (ms: number) => (corpus.bytes / 1e6 / (ms / 1000)).toFixed(0);
const loadBefore = os.loadavg()[0] ?? 0;

for (const c of cases) {
  const query = compileQuery(c.input);
  const contenders: [string, () => Promise<unknown>][] = [
    [`plain \`rg ${c.rgArgs.slice(0, -2).join(" ")}\` (baseline)`, () => runRipgrep(c.rgArgs)],
    ["built-in scanner, threads by size", () => scanFiles(targets, c.input, query, options)],
    ["built-in scanner, this thread only", () => scanFiles(targets, c.input, query, { ...options, threads: 0 })],
    [`ripgrep path (ripgrep ${rg.version} + collector)`, () => scanWithRipgrep(rg, targets, query, options)],
  ];
  const times = contenders.map(() => [] as number[]);
  const found = await scanFiles(targets, c.input, query, options);
  for (const [, fn] of contenders) await fn(); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [, fn]] of contenders.entries()) (times[i] as number[]).push(await timed(fn));
  }
  const baseline = median(times[0] as number[]);
  for (const [i, [label]] of contenders.entries()) {
    const ms = median(times[i] as number[]);
    rows.push([c.name, label, ms.toFixed(0), mbps(ms), i === 0 ? "1.00×" : `${(baseline / ms).toFixed(2)}×`]);
  }
  console.error(`[transcript-search] ${c.name}: ${found.matches} matches, ${found.threads} threads`);
}

function child(args: string[]): { peakKb: number; matches?: number; threads?: number } {
  const out = spawnSync(binary, ["run", path.join(here, "transcript-search-child.ts"), ...args], {
    encoding: "utf8",
    env: { ...process.env, BUN_BE_BUN: "1" },
  });
  if (out.status !== 0) throw new Error(`memory child failed: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split("\n").pop() as string);
}

const list = path.join(os.tmpdir(), `ledger-bench-targets-${process.pid}.json`);
fs.writeFileSync(list, JSON.stringify(targets));
const idle = child(["idle"]);
const scanned = child(["scan", list, "ECONNRESET"]);
const scannedRegex = child(["scan", list, "econn\\w+ after \\d+ retries", "regex"]);
fs.rmSync(list);

const literalBuiltIn = rows[1]?.[4];
writeSection(
  "transcript-search",
  "Transcript search",
  `
${targets.length.toLocaleString("en-US")} transcripts, ${(corpus.bytes / 1e6).toFixed(0)} MB (generated: prose, JSON tool inputs, logs, code, some
non-ASCII text and long lines), in the page cache. Median of ${ROUNDS} rounds; each round runs every contender once, in turn.
Searches keep up to 500 matches with 2 lines of context, so every contender reads the whole corpus. Ratio = plain
ripgrep's time / this contender's time (higher is better; target for the built-in scanner on the literal: ≥ 0.5×).
Load average when the run started: ${loadBefore.toFixed(2)} (other work on the machine makes every figure noisier).

${table(["query", "engine", "ms", "MB/s", "vs plain rg"], rows)}

Built-in scanner on the literal: **${literalBuiltIn}** of plain ripgrep${literalBuiltIn && Number.parseFloat(String(literalBuiltIn)) >= 0.5 ? "" : ": short of the 0.5× target"}.
Plain ripgrep reads this corpus at memory speed with SIMD on both cores; the built-in scanner is JavaScript and
spends about one nanosecond per 4-byte word. What it does: no decoding (bytes only, lines decoded only when shown or
tested), needles of 7+ bytes looked up one word in (m-3)/4 against a hash table of their 4-byte pieces, shorter ones
through a rare adjacent byte pair tested four positions at a time, exact needles with an uncommon first byte through
the engine's native search, a probe that counts no lines for files without a hit, line numbers counted four bytes at
a time only in files with one, and files shared by worker threads. Tried and dropped: \`toString("latin1")\` plus
\`toLowerCase\`/\`RegExp /i\` (about 1 GB/s), a lower-cased copy plus \`Buffer.indexOf\` (slow whenever the first
needle byte is common), case variants of a short anchor through \`indexOf\` (same), a branch per word on one rare
byte (mispredictions on common letters). The ripgrep path is the default wherever ripgrep is found (OpenCode
downloads one for its own Grep tool); its cost over plain ripgrep is collecting the shown lines and their context.

Peak memory (VmHWM) of a process that runs one built-in scan of the whole corpus: literal
${(scanned.peakKb / 1024).toFixed(0)} MB, regex ${(scannedRegex.peakKb / 1024).toFixed(0)} MB (${scanned.threads} threads), against
${(idle.peakKb / 1024).toFixed(0)} MB for the same runtime doing nothing; target < 200 MB.
`,
);
