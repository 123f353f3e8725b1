/**
 * Memory store speed in the runtime that loads the plugin (bun:sqlite), at three store sizes up to 100,000 entries:
 * a save (validation, secret guard, due purge, FTS triggers, audit row, one IMMEDIATE transaction) against a bare INSERT
 * of the same row, and `memory.search` (three FTS5 match tiers, BM25, the capped count, scope filter, the rows loaded)
 * against the raw FTS5 MATCH query for the same words over the same rows, p50 and p95.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Database } from "../src/store/database.js";
import { createMemoryStore } from "../src/store/memory-store.js";
import { type Actor, LIMITS } from "../src/store/memory-types.js";
import { cleanFields } from "../src/store/memory-validate.js";
import { entries } from "../src/store/schema.js";
import { referenceSearch } from "../test/helpers/memory-search-reference.js";
import { loadAverage, median, percentile, table, writeFigures, writeSection } from "./report.js";

// A vocabulary of 2,000 made-up words from syllables, so a word is in a few percent of the entries, as in real notes.
const SYLLABLES = "ka lo mi ne ru ta vo si de pa gu fe zo bi".split(" ");
const WORDS = Array.from({ length: 2_000 }, (_, i) => {
  let w = "";
  for (let n = i + 14; n > 0; n = Math.floor(n / 14)) w += SYLLABLES[n % 14];
  return w;
});
const actor: Actor = { kind: "cli" };
const PROJECT = "/bench/project";

// A deterministic pseudo-random text (mulberry32), so every run measures the same store.
function words(seed: number, n: number): string {
  let state = seed >>> 0;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    out.push(WORDS[Math.floor(r * WORDS.length)] as string);
  }
  return out.join(" ");
}

async function storeOf(size: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-"));
  const database = new Database({ dataDir: dir });
  let now = Date.UTC(2025, 0, 1);
  const memory = createMemoryStore({ database, clock: () => now++ });
  // The rows a save makes (cleaned fields, FTS triggers), inserted directly: a save looks for a live entry of the same
  // title among those of its scope, so filling a store by saves grows with the square of its size.
  await database.write((db) => {
    for (let i = 0; i < size; i++) {
      const fields = cleanFields({ kind: "fact", title: `entry ${i} ${words(i, 3)}`, body: words(i + 7, 60) }, now);
      const at = now++;
      db.insert(entries)
        .values({
          id: `mem_bench${i}`,
          scope: i % 4 === 0 ? "global" : PROJECT,
          kind: fields.kind,
          title: fields.title,
          body: fields.body,
          status: "active",
          createdAt: at,
          updatedAt: at,
        })
        .run();
    }
  });
  // The baseline table: the same rows, no index, no triggers.
  await database.write((db) => {
    db.run(
      sql`CREATE TABLE bench_plain (id TEXT, scope TEXT, kind TEXT, title TEXT, body TEXT, tags TEXT, created_at INTEGER)`,
    );
    db.run(sql`INSERT INTO bench_plain SELECT id, scope, kind, title, body, tags, created_at FROM entries`);
  });
  return { dir, database, memory };
}

const SIZES = (process.env.BENCH_MEMORY_SIZES ?? "1000,10000,100000").split(",").map(Number);
const SAVE_RUNS = 200;
const SEARCH_RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 400);
const EARLIER_RUNS = Math.max(1, Math.round(SEARCH_RUNS / 4));

/** Milliseconds of CPU this process has used (user and system), which a busy machine does not inflate. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Wall and CPU timings of `runs` calls of `a` and `b`, taken alternately so that a slow spell of the machine hits both:
 * `[wall a, wall b, cpu a, cpu b]`.
 */
async function interleaved(
  runs: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[number[], number[], number[], number[]]> {
  await a();
  await b();
  const [ta, tb, ca, cb]: [number[], number[], number[], number[]] = [[], [], [], []];
  for (let i = 0; i < runs; i++) {
    for (const [fn, times, cpu] of [
      [a, ta, ca],
      [b, tb, cb],
    ] as const) {
      const [start, startCpu] = [performance.now(), cpuMs()];
      await fn();
      times.push(performance.now() - start);
      cpu.push(cpuMs() - startCpu);
    }
  }
  return [ta, tb, ca, cb];
}

const QUERIES = Array.from({ length: 50 }, (_, i) => words(i * 31 + 5, 2));
const ms = (value: number) => value.toFixed(2);
const loadBefore = loadAverage();

const saveRows: (string | number)[][] = [];
const searchRows: (string | number)[][] = [];
const cpuRows: (string | number)[][] = [];
const earlierRows: (string | number)[][] = [];
const buildSeconds: string[] = [];
let largest: { size: number; wall: number[]; cpu: number[] } | undefined;
for (const size of SIZES) {
  console.error(`[memory] building a store of ${size.toLocaleString("en-US")} entries…`);
  const built = performance.now();
  const { dir, database, memory } = await storeOf(size);
  buildSeconds.push(`${size.toLocaleString("en-US")} in ${((performance.now() - built) / 1000).toFixed(1)} s`);
  let n = 0;
  const [save, insert] = await interleaved(
    SAVE_RUNS,
    () => memory.save({ scope: PROJECT, kind: "fact", title: `bench save ${n}`, body: words(n++, 60) }, actor),
    () =>
      database.write((db) =>
        db.run(
          sql`INSERT INTO bench_plain VALUES (${`p${n}`}, ${PROJECT}, 'fact', ${`plain ${n}`}, ${words(n, 60)}, '[]', 0)`,
        ),
      ),
  );
  let q = 0;
  const [search, fts, searchCpu, ftsCpu] = await interleaved(
    SEARCH_RUNS,
    () =>
      memory.search({
        query: QUERIES[q % QUERIES.length] as string,
        scopes: [PROJECT, "global"],
        preferScope: PROJECT,
      }),
    () => {
      // The raw query: both words, BM25 order, the first 10 ids; no tiers, prefixes, count, filter or row load.
      const match = (QUERIES[q++ % QUERIES.length] as string)
        .split(" ")
        .map((w) => `"${w}"`)
        .join(" AND ");
      return database.read(
        (db) => db.all(sql`SELECT rowid FROM entries_fts WHERE entries_fts MATCH ${match} ORDER BY rank LIMIT 10`),
        [],
      );
    },
  );
  const [saveMed, insertMed] = [median(save), median(insert)];
  saveRows.push([size.toLocaleString("en-US"), ms(saveMed), ms(insertMed), (saveMed / insertMed).toFixed(2)]);
  // The earlier search in the same run, fewer times: at 100,000 entries one call takes tens of milliseconds.
  let e = 0;
  const scoped = { scopes: [PROJECT, "global"], preferScope: PROJECT };
  const [, , nowCpu, earlierCpu] = await interleaved(
    EARLIER_RUNS,
    () => memory.search({ ...scoped, query: QUERIES[e % QUERIES.length] as string }),
    () =>
      database.read(
        (db) => referenceSearch(db, { ...scoped, query: QUERIES[e++ % QUERIES.length] as string }, Date.now()),
        undefined,
      ),
  );
  const vsEarlier = [median(nowCpu), percentile(nowCpu, 95), median(earlierCpu), percentile(earlierCpu, 95)];
  earlierRows.push([
    size.toLocaleString("en-US"),
    ...vsEarlier.map(ms),
    ((vsEarlier[2] ?? 0) / (vsEarlier[0] ?? 1)).toFixed(1),
    ((vsEarlier[3] ?? 0) / (vsEarlier[1] ?? 1)).toFixed(1),
  ]);
  const quantiles = (a: number[], b: number[]) => {
    const q = [median(a), percentile(a, 95), median(b), percentile(b, 95)];
    return { q, row: [...q.map(ms), ((q[0] ?? 0) / (q[2] ?? 1)).toFixed(2), ((q[1] ?? 0) / (q[3] ?? 1)).toFixed(2)] };
  };
  const wall = quantiles(search, fts);
  const cpu = quantiles(searchCpu, ftsCpu);
  searchRows.push([size.toLocaleString("en-US"), ...wall.row]);
  cpuRows.push([size.toLocaleString("en-US"), ...cpu.row]);
  if (!largest || size > largest.size) largest = { size, wall: wall.q, cpu: cpu.q };
  database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

if (largest) {
  const size = largest.size.toLocaleString("en-US");
  const figure = ([p50 = 0, p95 = 0, ftsP50 = 1, ftsP95 = 1]: number[]) =>
    `${ms(p50)} / ${ms(p95)} ms (raw FTS5 query ${ms(ftsP50)} / ${ms(ftsP95)} ms; ${(p50 / ftsP50).toFixed(1)}x / ${(p95 / ftsP95).toFixed(1)}x)`;
  // The target: p95 under 5 ms and within 1.5x of the raw query's p95.
  const met = ([, p95 = Infinity, , ftsP95 = 0]: number[]) => p95 < 5 && p95 <= 1.5 * ftsP95;
  const target = "p95 < 5 ms, <= 1.5x raw";
  writeFigures("memory", [
    {
      what: `memory.search at ${size} entries, p50 / p95`,
      value: figure(largest.wall),
      target,
      met: met(largest.wall),
    },
    {
      what: `memory.search at ${size} entries, p50 / p95 CPU time`,
      value: figure(largest.cpu),
      target,
      met: met(largest.cpu),
    },
  ]);
}

writeSection(
  "memory",
  "Memory store: save and search",
  `Load average when the run started: ${loadBefore}. bun:sqlite, WAL, store in the system temp folder. Entries are 60
words drawn from a vocabulary of 2,000 made-up words (so a word is in a few percent of the entries), a quarter of them
global, the rest in one project; each store is filled with the rows a save makes, inserted directly (the FTS triggers
index each one), because a save looks for a live entry of its title among all of its scope's, so filling a store by
saves grows with the square of its size (built ${buildSeconds.join(", ")}).

**Search.** ${SEARCH_RUNS} searches per size for two words (50 different pairs), timed alternately with the baseline; ms.
_memory.search_ is what the \`memory_search\` tool runs: the words picked out and quoted; the entries holding every
word as a prefix ranked by BM25 with column weights, those holding every word exactly first (the ranking is that of
one query over the entries holding any word as a prefix, proved identical by
\`test/store/memory-query.ranking.test.ts\`), this project and global; the matches of any word counted up to
${LIMITS.searchCount}; then the 10 rows loaded. _raw FTS5_ is the bare query a store would need at the least:
\`SELECT rowid FROM entries_fts WHERE entries_fts MATCH '"a" AND "b"' ORDER BY rank LIMIT 10\`. Both run in one read
transaction of the same store. What is left of the ratio: the prefix matches (about one word in ten of this
vocabulary starts ten others, and FTS5 merges their lists for the match and again for each BM25 weight: the slowest
twentieth of the searches are those), the count, and the FTS5 query that marks the entries holding every word
exactly. In the smaller stores two words are rarely both in ten entries, so the page is filled from the entries
holding some of the words, which ranks every one of them as the earlier single query did.

${table(["entries", "search p50", "search p95", "raw FTS5 p50", "raw FTS5 p95", "ratio p50", "ratio p95"], searchRows)}

The CPU time of the same calls (this process's user and system time around each one), which a machine busy with
other work does not inflate as it does the wall time:

${table(["entries", "search p50", "search p95", "raw FTS5 p50", "raw FTS5 p95", "ratio p50", "ratio p95"], cpuRows)}

Against the earlier search (one query ranking and tiering every entry that holds any word as a prefix, and an exact
count: \`test/helpers/memory-search-reference.ts\`, which the ranking test holds the search to), ${EARLIER_RUNS} of each
timed alternately in the same run; CPU time in ms, and how many times longer the earlier one took:

${table(["entries", "search p50", "search p95", "earlier p50", "earlier p95", "earlier / search p50", "earlier / search p95"], earlierRows)}

**Save.** Medians of ${SAVE_RUNS} runs in ms. _save_ is \`memory.save\` (validation, secret guard, due purge, FTS triggers,
audit row, one IMMEDIATE transaction) against a bare INSERT of a similar row, in its own transaction, into a table
with no index or trigger.

${table(["entries", "save", "bare insert", "ratio"], saveRows)}`,
);
