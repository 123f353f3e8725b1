/**
 * Transcript search speed against plain ripgrep, on a generated corpus with its search sketches (LEDGER_BENCH_MB,
 * default 500 MB, kept under the system temp folder and reused). The corpus is read once to bring it into the page
 * cache; then every round runs each contender once, in turn, and the table shows medians. Each engine runs with the
 * sketches (the transcripts they rule out are not read) and without them. Peak memory of a search with the built-in
 * scanner is read from a process of its own. A run at another size writes a section of its own.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileQuery, type QueryInput } from "../src/search/query.js";
import { createRipgrepLocator } from "../src/search/ripgrep/locate.js";
import { scanWithRipgrep } from "../src/search/ripgrep/ripgrep.js";
import { type ScanOptions, scanFiles } from "../src/search/scan/scanner.js";
import { createTranscriptSearch } from "../src/search/search.js";
import { filterBySketches } from "../src/search/sketch-filter.js";
import { SketchProbe } from "../src/transcripts/sketch/sketch.js";
import { type Figure, median, table, writeFigures, writeSection } from "./report.js";
import { falsePositives, realSessions } from "./sketch-sizing.js";
import { ensureCorpus } from "./transcript-corpus.js";
import { type Row, sketchSectionText } from "./transcript-search-text.js";

const MB = Number(process.env.LEDGER_BENCH_MB ?? 500);
const ROUNDS = Number(process.env.LEDGER_BENCH_ROUNDS ?? (MB > 1_000 ? 3 : 7));
const here = path.dirname(fileURLToPath(import.meta.url));
const binary = path.join(here, "..", "node_modules", ".bin", "opencode");

const locateRipgrep = createRipgrepLocator(undefined);
const lookup = await locateRipgrep();
if (!("found" in lookup)) throw new Error(`the benchmark needs ripgrep: ${lookup.missing}`);
const rg = lookup.found;

console.error(`[transcript-search] corpus of ${MB} MB…`);
const corpus = ensureCorpus(MB);
const targets = corpus.files.map((file) => {
  const stat = fs.statSync(file);
  return { path: file, size: stat.size, ino: stat.ino };
});
for (const t of targets) {
  fs.readFileSync(t.path); // into the page cache, with its sketch
  fs.readFileSync(`${t.path}.sketch`);
}

const base: ScanOptions = {
  contextLines: 2,
  maxMatches: 500,
  matchLineBytes: 400,
  contextLineBytes: 200,
  timeBudgetMs: 600_000,
};

interface Run {
  matches: number;
  /** Transcripts the engine was given, and bytes read (sketches and tails included). */
  searched: number;
  read: number;
}

/** One search as the service runs it (sketches first, then the engine over what they keep), without listing or rendering. */
async function engineRun(engine: "built-in" | "ripgrep", sketches: boolean, input: QueryInput, maxMatches: number) {
  const query = compileQuery(input);
  let kept = targets;
  let read = 0;
  const probe = sketches ? SketchProbe.of(query.required) : undefined;
  if (probe) {
    const filtered = await filterBySketches(targets, query, probe, { deadline: Number.POSITIVE_INFINITY });
    kept = targets.filter((_, i) => filtered.keep[i]);
    read += filtered.bytesRead;
  }
  const options = { ...base, maxMatches };
  const result =
    engine === "ripgrep"
      ? await scanWithRipgrep(rg, kept, query, options)
      : await scanFiles(kept, input, query, options);
  return { matches: result.matches, searched: kept.length, read: read + result.bytesRead } satisfies Run;
}

/** The whole service: listing, sketches, engine and the rendered result. */
async function serviceRun(useRipgrep: boolean, input: QueryInput): Promise<Run> {
  const search = createTranscriptSearch({ transcriptsDir: corpus.dir, useRipgrep, locateRipgrep });
  const out = await search({
    ...input,
    scope: "/benchmark",
    all: true,
    limit: 500,
    scanBytesBudget: Number.POSITIVE_INFINITY,
    timeBudgetMs: 600_000,
  });
  return { matches: out.result.matches, searched: out.targets.length, read: Number.NaN };
}

function plainRipgrep(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(rg.path, ["--no-config", "-g", "*.md", ...args, corpus.dir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0 && code !== 1) return reject(new Error(`rg ${code}`));
      const matches = out.split("\n").reduce((sum, line) => sum + Number(line.split(":").pop() || 0), 0);
      resolve({ matches, searched: targets.length, read: corpus.bytes });
    });
  });
}

interface Case {
  name: string;
  input: QueryInput;
  rgArgs: string[];
  maxMatches: number;
  service: boolean;
}

const cases: Case[] = [
  {
    name: "rare literal (`ECONNRESET`, case-insensitive)",
    input: { query: "ECONNRESET" },
    rgArgs: ["-i", "-F", "-c", "-e", "ECONNRESET"],
    maxMatches: 500,
    service: true,
  },
  {
    name: "common literal (`git status`, case-insensitive, every match)",
    input: { query: "git status" },
    rgArgs: ["-i", "-F", "-c", "-e", "git status"],
    maxMatches: 1_000_000_000,
    service: false,
  },
  {
    name: "regex (`econn\\w+ after \\d+ retries`, case-insensitive)",
    input: { query: "econn\\w+ after \\d+ retries", regex: true },
    rgArgs: ["-i", "-c", "-e", "econn\\w+ after \\d+ retries"],
    maxMatches: 500,
    service: false,
  },
];

const rows: Row[] = [];
const loadBefore = os.loadavg()[0] ?? 0;
for (const c of cases) {
  const contenders: [string, () => Promise<Run>][] = [
    [`plain \`rg ${c.rgArgs.slice(0, -2).join(" ")}\` (baseline)`, () => plainRipgrep(c.rgArgs)],
    ["built-in scanner, with sketches", () => engineRun("built-in", true, c.input, c.maxMatches)],
    ["built-in scanner, without sketches", () => engineRun("built-in", false, c.input, c.maxMatches)],
    [`ripgrep path, with sketches`, () => engineRun("ripgrep", true, c.input, c.maxMatches)],
    [`ripgrep path, without sketches`, () => engineRun("ripgrep", false, c.input, c.maxMatches)],
  ];
  if (c.service) {
    contenders.push(["search service, built-in scanner, with sketches", () => serviceRun(false, c.input)]);
    contenders.push(["search service, ripgrep, with sketches", () => serviceRun(true, c.input)]);
  }
  const times = contenders.map(() => [] as number[]);
  const last: Run[] = [];
  for (const [i, [, fn]] of contenders.entries()) last[i] = await fn(); // warm-up
  const matches = new Set(last.slice(1).map((r) => r.matches));
  if (matches.size !== 1)
    throw new Error(`${c.name}: the contenders disagree: ${last.map((r) => r.matches).join(", ")}`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [, fn]] of contenders.entries()) {
      const start = performance.now();
      await fn();
      (times[i] as number[]).push(performance.now() - start);
    }
  }
  const baseline = median(times[0] as number[]);
  for (const [i, [label]] of contenders.entries()) {
    const ms = median(times[i] as number[]);
    const run = last[i] as Run;
    rows.push({ query: c.name, engine: label, ms, ratio: baseline / ms, ...run });
  }
  console.error(`[transcript-search] ${c.name}: ${last[1]?.matches} matches (rg counts ${last[0]?.matches} lines)`);
}

function child(args: string[]): { peakKb: number; matches?: number; threads?: number } {
  const out = spawnSync(binary, ["run", path.join(here, "transcript-search-child.ts"), ...args], {
    encoding: "utf8",
    env: { ...process.env, BUN_BE_BUN: "1" },
  });
  if (out.status !== 0) throw new Error(`memory child failed: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split("\n").pop() as string);
}

const memory = {
  idle: child(["idle"]).peakKb,
  sketches: child(["search", corpus.dir, "ECONNRESET", "sketches"]).peakKb,
  plain: child(["search", corpus.dir, "ECONNRESET", "plain"]).peakKb,
  regex: child(["search", corpus.dir, "econn\\w+ after \\d+ retries", "plain", "regex"]).peakKb,
};
console.error("[transcript-search] false positives…");
const fp = falsePositives(corpus.files);
const real = await realSessions();

const body = sketchSectionText({
  mb: MB,
  transcripts: targets.length,
  bytes: corpus.bytes,
  sketchBytes: corpus.sketchBytes,
  rounds: ROUNDS,
  load: loadBefore,
  rows,
  table: (header, cells) => table(header, cells),
  memory,
  fp,
  real,
  ripgrep: rg.version,
});
const resultName = MB === 500 ? "transcript-search" : `transcript-search-${MB}mb`;
writeFigures(resultName, headlineFigures());
if (MB === 500) writeSection("transcript-search", "Transcript search", body);
else {
  writeSection("transcript-search", `Transcript search at ${MB >= 1_000 ? `${MB / 1_000} GB` : `${MB} MB`}`, body, {
    result: `transcript-search-${MB}mb`,
    command: `LEDGER_BENCH_MB=${MB} npm run bench -- transcript-search`,
  });
}

/** The summary's figures: the built-in scanner against plain ripgrep on both literals, and its peak memory. */
function headlineFigures(): Figure[] {
  const size = MB >= 1_000 ? `${MB / 1_000} GB` : `${MB} MB`;
  const ratio = (query: string, engine: string) =>
    rows.find((r) => r.query.startsWith(query) && r.engine === engine)?.ratio ?? Number.NaN;
  const literal = (query: string, what: string): Figure => {
    const withSketches = ratio(query, "built-in scanner, with sketches");
    const without = ratio(query, "built-in scanner, without sketches");
    return {
      what: `built-in scanner vs plain rg, ${what}, ${size}`,
      value: `${withSketches.toFixed(2)}x with sketches, ${without.toFixed(2)}x without`,
      target: "≥ 0.5x",
      met: withSketches >= 0.5,
    };
  };
  const peakMb = Math.max(memory.sketches, memory.plain, memory.regex) / 1024;
  return [
    literal("rare literal", "rare literal"),
    literal("common literal", "common literal, every match"),
    {
      what: `peak memory of a whole-corpus search, ${size}`,
      value: `${peakMb.toFixed(0)} MB (the same runtime idle: ${(memory.idle / 1024).toFixed(0)} MB)`,
      target: "< 200 MB",
      met: peakMb < 200,
    },
  ];
}
