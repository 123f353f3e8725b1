/**
 * The whole ranked search as the tool runs it (the search service: which transcripts, the index's catch-up, the
 * query, titles, the rendered and redacted result) over many small transcripts (LEDGER_BENCH_FILES, default 20,000, of
 * about LEDGER_BENCH_FILE_BYTES, default 4,000, each; generated with the search benchmark's corpus generator and
 * indexed once, both reused from the system temp folder), with the store's catalog of them beside the index. The
 * number of transcripts, not their bytes, drives what a search costs beyond its query. Measured in one run, in turn:
 * - listing every search: a fresh search service for each search, which lists every transcript file and checks each
 *   against the index, as every search did before a listing stood for a while;
 * - the service as the plugin holds it: one service, whose first search listed the folders; later searches (within
 *   the 10 minutes a listing stands) take the transcripts from the index's record and check the catalog against it.
 * Prepare the corpus and its index ahead, at nice 10:
 * `nice -n 10 env BUN_BE_BUN=1 node_modules/.bin/opencode run bench/search-service.bench.ts --prepare`.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createRipgrepLocator } from "../src/search/ripgrep/locate.js";
import { createTranscriptSearch } from "../src/search/search.js";
import { Database } from "../src/store/database.js";
import { transcripts } from "../src/store/schema.js";
import { listTranscripts } from "../src/transcripts/listing.js";
import { type Figure, loadAverage, median, percentile, table, writeFigures, writeSection } from "./report.js";
import { ensureBenchIndex } from "./search-index-corpus.js";

const FILES = Number(process.env.LEDGER_BENCH_FILES ?? 20_000);
const FILE_BYTES = Number(process.env.LEDGER_BENCH_FILE_BYTES ?? 4_000);
const ROUNDS = Number(process.env.LEDGER_BENCH_ROUNDS ?? 10);
const BATCH = 1_000;

console.error(`[search-service] corpus and index of ${FILES} transcripts of about ${FILE_BYTES} B…`);
const { index, files, corpus } = await ensureBenchIndex(0, undefined, { files: FILES, fileBytes: FILE_BYTES });
const dataDir = path.dirname(index.file);
const database = new Database({ dataDir });
// The store's catalog of the same transcripts, as the exporter leaves it (one row per transcript, its bytes).
const catalogued = await database.read(
  (db) => db.all<{ n: number }>(sql`SELECT count(*) AS n FROM transcripts`)[0]?.n ?? 0,
  0,
);
if (catalogued !== files.length) {
  await database.write((db) => db.delete(transcripts).run());
  for (let i = 0; i < files.length; i += BATCH) {
    const rows = files.slice(i, i + BATCH).map((f) => ({
      sessionId: f.sessionID,
      scope: `/home/dev/projects/${path.dirname(f.relative)}`,
      path: f.relative,
      bytes: f.size,
      createdAt: Math.floor(f.mtimeMs),
      updatedAt: Math.floor(f.mtimeMs),
    }));
    await database.write((db) => db.insert(transcripts).values(rows).run());
  }
}
if (process.argv.includes("--prepare")) {
  console.error(`[search-service] ready: ${files.length} transcripts, ${(corpus.bytes / 1e6).toFixed(0)} MB`);
  index.close();
  database.close();
  process.exit(0);
}
for (const f of files) fs.readFileSync(f.path); // into the page cache

const queries = [
  "ECONNRESET retries server",
  "why did the build fail after the migration",
  '"git status"',
  "timeout latency regression",
];
const deps = {
  transcriptsDir: corpus.dir,
  database,
  useRipgrep: false,
  locateRipgrep: createRipgrepLocator(undefined),
  index,
};
const held = createTranscriptSearch(deps);
const load = loadAverage();

async function timed(search: ReturnType<typeof createTranscriptSearch>, query: string) {
  const started = performance.now();
  const out = await search({ query, mode: "ranked", scope: "/benchmark", all: true });
  if (!out.ranked) throw new Error(`the ranked search fell back: ${out.text.split("\n").at(-1)}`);
  return { ms: performance.now() - started, coverage: out.text.split("\n").at(-1) ?? "" };
}

await timed(held, queries[0] as string); // lists the folders once and notes them
await timed(createTranscriptSearch(deps), queries[0] as string);
const before: number[] = [];
const after: number[] = [];
const listing: number[] = [];
const perQuery = new Map<string, number[]>(queries.map((q) => [q, []]));
let coverage = "";
for (let round = 0; round < ROUNDS; round++) {
  for (const query of queries) {
    before.push((await timed(createTranscriptSearch(deps), query)).ms);
    const now = await timed(held, query);
    after.push(now.ms);
    perQuery.get(query)?.push(now.ms);
    coverage = now.coverage;
  }
  const started = performance.now();
  listTranscripts(corpus.dir, "/benchmark", true);
  listing.push(performance.now() - started);
}

const fmt = (ms: number) => ms.toFixed(ms < 10 ? 2 : 1);
const count = files.length.toLocaleString("en-US");
const body = `
${count} transcripts of ${(corpus.bytes / files.length / 1000).toFixed(1)} kB on average (${(corpus.bytes / 1e6).toFixed(0)} MB, 24 projects,
the search benchmark's generator), indexed once, with the store's catalog of them; ${queries.length} ranked queries
(${queries.map((q) => `\`${q}\``).join(", ")}) over every project (\`all\`), ${ROUNDS} rounds, each query asked in turn
both ways in the same run. The whole search service: which transcripts, the catch-up check, the query, titles and the
rendered, redacted result. Load average ${load} (2 cores, shared).

| ranked search through the service, ${count} transcripts | p50 | p95 |
| --- | --- | --- |
| listing every search (a fresh service each time: every file listed and checked against the index) | ${fmt(median(before))} ms | ${fmt(percentile(before, 95))} ms |
| the service as the plugin holds it (folders listed lately: the index's record, the catalog checked against it) | **${fmt(median(after))} ms** | **${fmt(percentile(after, 95))} ms** |
| ratio | ${(median(before) / median(after)).toFixed(1)}x | ${(percentile(before, 95) / percentile(after, 95)).toFixed(1)}x |

Each query through the service as the plugin holds it:

| query | p50 | p95 |
| --- | --- | --- |
${[...perQuery].map(([q, ms]) => `| \`${q}\` | ${fmt(median(ms))} ms | ${fmt(percentile(ms, 95))} ms |`).join("\n")}

Listing every project's transcript files alone: ${fmt(median(listing))} ms (median). The coverage line of the last
search: \`${coverage.replace(/`/g, "'")}\`.

`;
const figures: Figure[] = [
  {
    what: `ranked search through the service p50 / p95, ${count} transcripts`,
    value: `${fmt(median(after))} / ${fmt(percentile(after, 95))} ms (listing every search: ${fmt(median(before))} / ${fmt(percentile(before, 95))} ms, ${(median(before) / median(after)).toFixed(1)}x)`,
  },
];
// Another count writes a section of its own, beside the default one.
const result = FILES === 20_000 ? "search-service" : `search-service-${FILES}`;
writeSection("search-service", `Search service: ranked search over ${count} small transcripts`, body, {
  result,
  command:
    FILES === 20_000
      ? "npm run bench -- search-service"
      : `LEDGER_BENCH_FILES=${FILES} npm run bench -- search-service`,
});
writeFigures(result, figures);
index.close();
database.close();
console.error(
  table(
    ["", "p50", "p95"],
    [
      ["before", fmt(median(before)), fmt(percentile(before, 95))],
      ["after", fmt(median(after)), fmt(percentile(after, 95))],
    ],
  ),
);
