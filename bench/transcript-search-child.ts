/**
 * One scan in a process of its own, for the benchmark's memory figure: prints the process's peak resident set
 * (VmHWM, worker threads included) after scanning the corpus, or after doing nothing with `idle`.
 */
import fs from "node:fs";
import { scanFiles } from "../src/transcripts/scanner.js";
import { compileQuery } from "../src/transcripts/search-query.js";

const [mode, listFile, query, regex] = process.argv.slice(2);

function peakKb(): number {
  const status = fs.readFileSync("/proc/self/status", "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
}

if (mode === "scan" && listFile && query) {
  const targets = JSON.parse(fs.readFileSync(listFile, "utf8")) as { path: string; size: number }[];
  const input = { query, regex: regex === "regex" };
  const result = await scanFiles(targets, input, compileQuery(input), {
    contextLines: 2,
    maxMatches: 500,
    matchLineBytes: 400,
    contextLineBytes: 200,
    timeBudgetMs: 120_000,
  });
  console.log(JSON.stringify({ peakKb: peakKb(), matches: result.matches, threads: result.threads }));
} else {
  console.log(JSON.stringify({ peakKb: peakKb() }));
}
