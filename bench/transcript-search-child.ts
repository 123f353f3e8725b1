/**
 * One search in a process of its own, for the benchmark's memory figure: prints the process's peak resident set
 * (VmHWM, worker threads included) after a search of every transcript of the corpus through the search service with
 * the built-in scanner (`search <dir> <query> <sketches|plain> [regex]`), or after doing nothing (`idle`).
 */
import fs from "node:fs";
import { createRipgrepLocator } from "../src/search/ripgrep/locate.js";
import { createTranscriptSearch } from "../src/search/search.js";

const [mode, dir, query, sketches, regex] = process.argv.slice(2);

function peakKb(): number {
  const status = fs.readFileSync("/proc/self/status", "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
}

if (mode === "search" && dir && query) {
  const search = createTranscriptSearch({
    transcriptsDir: dir,
    useRipgrep: false,
    locateRipgrep: createRipgrepLocator(undefined),
  });
  const outcome = await search({
    query,
    regex: regex === "regex",
    scope: "/benchmark",
    all: true,
    limit: 500,
    scanBytesBudget: Number.POSITIVE_INFINITY,
    timeBudgetMs: 600_000,
    useSketches: sketches === "sketches",
  });
  const { matches, threads } = outcome.result;
  console.log(JSON.stringify({ peakKb: peakKb(), matches, threads }));
} else {
  console.log(JSON.stringify({ peakKb: peakKb() }));
}
