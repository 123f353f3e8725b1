/**
 * The full-text search index over the generated transcript corpus of the search benchmark (LEDGER_BENCH_MB, default
 * 500 MB, reused from the system temp folder): build throughput and size against the transcript bytes, then ranked
 * queries (a rare word, a rare word with common ones, a question in words, a quoted phrase, a common word) through
 * the index as the search runs them (candidates, second look, exact lines read back), p50 / p95 over every query and
 * round, against plain `rg -i -F -c` for the rare word over the same files, in the same run.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { IndexedFiles } from "../src/search/ranked/indexed-scope.js";
import { parseRankedQuery } from "../src/search/ranked/ranked-query.js";
import { rankedSearch } from "../src/search/ranked/ranked-search.js";
import { DEFAULT_PROFILE } from "../src/search/ranked/ranking-profile.js";
import { createRipgrepLocator } from "../src/search/ripgrep/locate.js";
import { createTranscriptSearch } from "../src/search/search.js";
import { roleSql } from "../src/transcripts/index/unit-columns.js";
import { type Figure, loadAverage, median, percentile, table, writeFigures, writeSection } from "./report.js";
import { ensureBenchIndex } from "./search-index-corpus.js";

const MB = Number(process.env.LEDGER_BENCH_MB ?? 500);
/**
 * Rounds of every query: the first rounds run before the search's code is compiled, and the first five meet the plain
 * rg runs (5 GB read between two rounds); at 15 rounds those were a third of the figures, at 40 an eighth.
 */
const ROUNDS = Number(process.env.LEDGER_BENCH_ROUNDS ?? 40);
const lookup = await createRipgrepLocator(undefined)();
if (!("found" in lookup)) throw new Error(`the benchmark needs ripgrep: ${lookup.missing}`);
const rg = lookup.found;

const load = loadAverage();
console.error(`[search-index] corpus and index of ${MB} MB…`);
const { index, files, corpus, buildMs, buildLoad, indexBytes, built } = await ensureBenchIndex(MB);
for (const f of files) fs.readFileSync(f.path); // into the page cache
const health = await index.forReading();
if (!health.usable) throw new Error(health.reason);
const connection = health.connection;
const units = connection.get<{ n: number }>("SELECT count(*) AS n FROM units")?.n ?? 0;
// Units the index read as part of a message (a role and a time): what the role weights, the message lifts and the
// asked-kind reading of outputs work on; the others are the transcripts' own headers and notes. The bare marker lines
// (message headers, step notes) are in no unit (index format 5).
const bare = connection.get<{ n: number }>("SELECT bare AS n FROM index_totals")?.n ?? 0;
const bareNote = ` Its ${bare.toLocaleString("en-US")} bare marker lines (message headers, step notes) are in no unit, their words only in the table the literal and regex searches ask.`;
const byRole = connection.all<{ role: string; n: number }>(
  `SELECT ${roleSql("u")} AS role, count(*) AS n FROM units u WHERE u.time IS NOT NULL GROUP BY u.role_code ORDER BY n DESC`,
);
const ofMessages = byRole.filter((r) => r.role !== "meta").reduce((n, r) => n + r.n, 0);
const messagesNote = ` ${ofMessages.toLocaleString("en-US")} of its ${units.toLocaleString("en-US")} units are read as part of a message (${byRole
  .filter((r) => r.role !== "meta")
  .map((r) => `${r.role} ${r.n.toLocaleString("en-US")}`)
  .join(", ")}); the rest are the transcripts' own headers and notes.${bareNote}`;
if (ofMessages === 0)
  throw new Error("no unit of the corpus is read as part of a message: its grammar is not the exporter's");

const queries = [
  { name: "rare word", query: "ECONNRESET" },
  { name: "rare word among common ones", query: "ECONNRESET retries server" },
  { name: "question in words", query: "why did the build fail after the migration" },
  { name: "quoted phrase", query: '"git status"' },
  { name: "quoted phrase of common words", query: '"cache parser"' },
  { name: "common word", query: "the" },
];

/** A ranked query as the search service asks it once the folders are listed: over the index's record of them. */
function ranked(query: string) {
  return rankedSearch(connection, {
    query: parseRankedQuery(query),
    files: [],
    indexed: new IndexedFiles(connection, corpus.dir, undefined),
    everything: true,
    filters: {},
    limit: 10,
    contextLines: 2,
    perSession: DEFAULT_PROFILE.sessions.perSession,
    now: Date.now(),
    profile: DEFAULT_PROFILE,
  });
}

/** The rare literal of the corpus with whole words in it, so that the index can rule transcripts out. */
const LITERAL = "up: ECONNRESET after";

/** A literal search as the search service runs it (listing, index, sketches, the built-in scanner, rendering). */
async function literalSearch(useIndex: boolean): Promise<{ ms: number; matches: number; text: string }> {
  const search = createTranscriptSearch({
    transcriptsDir: corpus.dir,
    useRipgrep: false,
    locateRipgrep: createRipgrepLocator(undefined),
    index,
  });
  const started = performance.now();
  const out = await search({
    query: LITERAL,
    mode: "literal",
    scope: "/benchmark",
    all: true,
    limit: 500,
    useIndex,
    scanBytesBudget: Number.POSITIVE_INFINITY,
    timeBudgetMs: 600_000,
  });
  return { ms: performance.now() - started, matches: out.result.matches, text: out.text };
}

function plainRipgrep(needle = "ECONNRESET"): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(rg.path, ["--no-config", "-g", "*.md", "-i", "-F", "-c", "-e", needle, corpus.dir], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 || code === 1 ? resolve(performance.now() - started) : reject(new Error(`rg ${code}`)),
    );
  });
}

for (const q of queries) ranked(q.query); // warm-up
await plainRipgrep();
const times = new Map(queries.map((q) => [q.name, [] as number[]]));
const rgTimes: number[] = [];
const hits = new Map<string, number>();
for (let round = 0; round < ROUNDS; round++) {
  for (const q of queries) {
    const started = performance.now();
    const result = ranked(q.query);
    times.get(q.name)?.push(performance.now() - started);
    hits.set(q.name, result.hits.length);
  }
  if (round < 5) rgTimes.push(await plainRipgrep());
}
// The whole ranked search as the tool runs it: which transcripts (listed by the first search, then the index's record
// of the folders listed lately), the catch-up check, the query, titles and the rendered, redacted result.
const service = createTranscriptSearch({
  transcriptsDir: corpus.dir,
  useRipgrep: false,
  locateRipgrep: createRipgrepLocator(undefined),
  index,
});
const serviceRanked = async () => {
  const started = performance.now();
  await service({ query: "ECONNRESET retries server", mode: "ranked", scope: "/benchmark", all: true });
  return performance.now() - started;
};
await serviceRanked();
const serviceTimes: number[] = [];
for (let round = 0; round < ROUNDS; round++) serviceTimes.push(await serviceRanked());
const literalTimes = { index: [] as number[], sketches: [] as number[], rg: [] as number[] };
let literalMatches = { index: 0, sketches: 0 };
let literalCoverage = "";
await literalSearch(true);
for (let round = 0; round < 5; round++) {
  const withIndex = await literalSearch(true);
  const without = await literalSearch(false);
  literalTimes.index.push(withIndex.ms);
  literalTimes.sketches.push(without.ms);
  literalTimes.rg.push(await plainRipgrep(LITERAL));
  literalMatches = { index: withIndex.matches, sketches: without.matches };
  literalCoverage = withIndex.text.split("\n").at(-1) ?? "";
}
if (literalMatches.index !== literalMatches.sketches) {
  throw new Error(
    `the literal found ${literalMatches.index} matches with the index, ${literalMatches.sketches} without`,
  );
}
const literal = {
  index: median(literalTimes.index),
  sketches: median(literalTimes.sketches),
  rg: median(literalTimes.rg),
};
const all = [...times.values()].flat();
const rgMedian = median(rgTimes);
const rareMedian = median(times.get("rare word") ?? []);
const fmt = (ms: number) => ms.toFixed(2);
const sizeLabel = MB >= 1_000 ? `${MB / 1_000} GB` : `${MB} MB`;
const body = `Load average when the run started: ${load}.

The generated corpus of the transcript-search benchmark at ${sizeLabel} (${files.length.toLocaleString("en-US")} transcripts,
${(corpus.bytes / 1e6).toFixed(0)} MB), indexed from scratch in one process (at nice 10, in batches of 8 MB; ${built ? "by this run" : `by an earlier run, kept in the temp folder${buildLoad === "?" ? "" : `, at a load of ${buildLoad}`}`}) and merged into one segment (FTS5's \`optimize\`, which the plugin does not run: an index grown by exports keeps more segments, and its phrase queries read more of them), then asked ${queries.length} ranked queries
${ROUNDS} times each, in turn, through the index as the search runs them once the folders are listed (over the index's
record of the transcripts; each term counted, BM25 candidates from the rare ones or the newest units holding common
ones, the second look at the best of them, the exact lines read back with 2 lines of context; rendering left out), the
plain rg runs of the comparison below between the first 5 rounds. Medians; p95 over all ${all.length} queries.${messagesNote}

| figure | value |
| --- | --- |
| index build | ${(buildMs / 1000).toFixed(1)} s, ${(corpus.bytes / 1e6 / (buildMs / 1000)).toFixed(1)} MB/s of transcript |
| index size | ${(indexBytes / 1e6).toFixed(1)} MB for ${(corpus.bytes / 1e6).toFixed(0)} MB of transcripts: **${((indexBytes / corpus.bytes) * 100).toFixed(1)} %** (${units.toLocaleString("en-US")} units) |
| ranked query, every query | p50 ${fmt(median(all))} ms, p95 **${fmt(percentile(all, 95))} ms** |
| the same through the search service (which transcripts, catch-up check, rendering), \`ECONNRESET retries server\` | p50 ${fmt(median(serviceTimes))} ms, p95 ${fmt(percentile(serviceTimes, 95))} ms (${serviceTimes.length} searches) |
| rare word, ranked vs plain \`rg -i -F -c ECONNRESET\` | ${fmt(rareMedian)} ms vs ${fmt(rgMedian)} ms: **${(rgMedian / rareMedian).toFixed(0)}x** faster |

${table(
  ["query", "text", "hits", "fastest ms", "p50 ms", "p95 ms"],
  queries.map((q) => [
    q.name,
    `\`${q.query}\``,
    hits.get(q.name) ?? 0,
    fmt(Math.min(...(times.get(q.name) ?? []))),
    fmt(median(times.get(q.name) ?? [])),
    fmt(percentile(times.get(q.name) ?? [], 95)),
  ]),
)}

The fastest of a query's runs is about its own work; the spread above it is what the other work on the machine
(the load above) took from it.

A rare literal with whole words in it, \`${LITERAL}\` (${literalMatches.index} matching lines), searched by the search
service (listing, index, sketches, the built-in scanner, the rendered result; every match) with the index ruling
transcripts out and without it (the sketches alone), against plain \`rg -i -F -c\` over the same files; medians of 5:

| search | ms | against rg |
| --- | --- | --- |
| plain \`rg -i -F -c\` (baseline) | ${fmt(literal.rg)} | 1.00x |
| search service, index and sketches | ${fmt(literal.index)} | **${(literal.rg / literal.index).toFixed(2)}x** |
| search service, sketches alone | ${fmt(literal.sketches)} | ${(literal.rg / literal.sketches).toFixed(2)}x |

Its coverage line: \`${literalCoverage.replace(/`/g, "'").slice(0, 400)}\`
`;
const figures: Figure[] = [
  {
    what: `ranked query p50 / p95, ${sizeLabel}`,
    value: `${fmt(median(all))} / ${fmt(percentile(all, 95))} ms`,
    target: "p50 < 3 ms, p95 < 8 ms at 5 GB",
    met: median(all) < 3 && percentile(all, 95) < 8,
    note: MB < 5_000 ? `measured at ${sizeLabel}, not 5 GB` : undefined,
  },
  {
    what: `index size against transcript bytes, ${sizeLabel}`,
    value: `${((indexBytes / corpus.bytes) * 100).toFixed(1)} % (${(indexBytes / 1e6).toFixed(0)} MB)`,
    target: "≤ 35 %",
    met: indexBytes / corpus.bytes <= 0.35,
  },
  { what: `index build throughput, ${sizeLabel}`, value: `${(corpus.bytes / 1e6 / (buildMs / 1000)).toFixed(1)} MB/s` },
  {
    what: `rare word, ranked vs plain rg, ${sizeLabel}`,
    value: `${(rgMedian / rareMedian).toFixed(0)}x faster (${fmt(rareMedian)} vs ${fmt(rgMedian)} ms)`,
  },
];
figures.push({
  what: `rare literal, index ruling transcripts out vs plain rg, ${sizeLabel}`,
  value: `${(literal.rg / literal.index).toFixed(2)}x (${fmt(literal.index)} vs ${fmt(literal.rg)} ms; sketches alone ${(literal.rg / literal.sketches).toFixed(2)}x)`,
  target: "≥ 2x at 5 GB",
  met: literal.rg / literal.index >= 2,
  note: MB < 5_000 ? `measured at ${sizeLabel}, not 5 GB` : undefined,
});
const result = MB === 500 ? "search-index" : `search-index-${MB}mb`;
writeSection("search-index", `Search index: build, size and ranked queries, ${sizeLabel}`, body, {
  result,
  command: MB === 500 ? "npm run bench -- search-index" : `LEDGER_BENCH_MB=${MB} npm run bench -- search-index`,
});
writeFigures(result, figures);
index.close();
