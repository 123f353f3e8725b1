/**
 * Memory store speed in the runtime that loads the plugin (bun:sqlite), at three store sizes up to 100,000 entries:
 * a save (validation, secret guard, due purge, FTS triggers, audit row, one IMMEDIATE transaction) against the same
 * save into a copy without the four-character prefix index and a bare INSERT of the same row, and `memory.search` (three FTS5 match tiers, BM25, the capped count, scope filter, the rows loaded)
 * against two raw FTS5 queries for the same words over the same rows (the exact words in FTS5's own order, and the
 * words as prefixes in the search's BM25 order), p50 and p95; and the size of the full-text index.
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
  // The rows a save makes (cleaned fields, FTS triggers), inserted directly, in one transaction: a save is one
  // IMMEDIATE transaction of its own, which would make filling the largest store take minutes.
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

/**
 * A copy of the store whose full-text table has the prefix indexes it had before migration 0010 (two and three
 * characters), made again from the same entries: the save and size baseline for the prefix index of four.
 */
async function copyWithoutFour(database: Database) {
  (await database.raw()).exec("PRAGMA wal_checkpoint(TRUNCATE)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-"));
  fs.copyFileSync(database.file, path.join(dir, path.basename(database.file)));
  const copy = new Database({ dataDir: dir });
  await copy.write((db) => {
    db.run(sql`DROP TABLE entries_fts`);
    db.run(sql`CREATE VIRTUAL TABLE entries_fts USING fts5(title, body, tags, kind, content='entries',
      content_rowid='seq', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`);
    db.run(sql`INSERT INTO entries_fts(entries_fts, rank) VALUES ('secure-delete', 1)`);
    db.run(sql`INSERT INTO entries_fts(entries_fts) VALUES ('rebuild')`);
  });
  let now = Date.UTC(2026, 0, 1);
  return { dir, database: copy, memory: createMemoryStore({ database: copy, clock: () => now++ }) };
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
 * Wall and CPU timings of `runs` calls of each function, taken in turn so that a slow spell of the machine hits all of
 * them: `wall[i]` and `cpu[i]` for `fns[i]`.
 */
async function interleaved(
  runs: number,
  ...fns: (() => Promise<unknown>)[]
): Promise<{ wall: number[][]; cpu: number[][] }> {
  for (const fn of fns) await fn();
  const wall = fns.map((): number[] => []);
  const cpu = fns.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    for (const [n, fn] of fns.entries()) {
      const [start, startCpu] = [performance.now(), cpuMs()];
      await fn();
      wall[n]?.push(performance.now() - start);
      cpu[n]?.push(cpuMs() - startCpu);
    }
  }
  return { wall, cpu };
}

/** Bytes of the full-text index (its `_data` shadow table: terms, lists and prefix indexes). */
function ftsBytes(database: Database): Promise<number> {
  return database.read(
    (db) => db.all<{ n: number }>(sql`SELECT sum(length(block)) AS n FROM entries_fts_data`)[0]?.n ?? 0,
    0,
  );
}

const QUERIES = Array.from({ length: 50 }, (_, i) => words(i * 31 + 5, 2));
// The page the memory_search tool asks for.
const PAGE = 10;
const BM25 = "bm25(entries_fts, 8.0, 1.0, 4.0, 2.0)";
const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);
const ms = (value: number) => value.toFixed(2);
const loadBefore = loadAverage();

const saveRows: (string | number)[][] = [];
const searchRows: (string | number)[][] = [];
const cpuRows: (string | number)[][] = [];
const earlierRows: (string | number)[][] = [];
const sizeRows: (string | number)[][] = [];
const buildSeconds: string[] = [];
let largest: { size: number; wall: number[]; cpu: number[] } | undefined;
for (const size of SIZES) {
  console.error(`[memory] building a store of ${size.toLocaleString("en-US")} entries…`);
  const built = performance.now();
  const { dir, database, memory } = await storeOf(size);
  buildSeconds.push(`${size.toLocaleString("en-US")} in ${((performance.now() - built) / 1000).toFixed(1)} s`);
  const without = await copyWithoutFour(database);
  const [withFour, withoutFour] = [await ftsBytes(database), await ftsBytes(without.database)];
  sizeRows.push([
    size.toLocaleString("en-US"),
    mb(withFour),
    mb(withoutFour),
    `${((withFour / withoutFour - 1) * 100).toFixed(0)} %`,
  ]);
  let n = 0;
  const saved = (store: typeof memory, at: number) =>
    store.save({ scope: PROJECT, kind: "fact", title: `bench save ${at}`, body: words(at, 60) }, actor);
  const {
    wall: [save = [], saveWithout = [], insert = []],
    cpu: [saveCpu = [], saveWithoutCpu = []],
  } = await interleaved(
    SAVE_RUNS,
    () => saved(memory, n),
    () => saved(without.memory, n),
    () =>
      database.write((db) =>
        db.run(
          sql`INSERT INTO bench_plain VALUES (${`p${n}`}, ${PROJECT}, 'fact', ${`plain ${n}`}, ${words(n++, 60)}, '[]', 0)`,
        ),
      ),
  );
  without.database.close();
  fs.rmSync(without.dir, { recursive: true, force: true });
  let q = 0;
  const pair = () => (QUERIES[q % QUERIES.length] as string).split(" ");
  // The raw queries: both words, the first page of ids; no tiers, count, filter or row load. The exact one is FTS5's
  // least work for two words; the prefix one ranks what the search must rank (the words as prefixes, its weights).
  const raw = (match: string, order: string) =>
    database.read(
      (db) =>
        db.all(
          sql`SELECT rowid FROM entries_fts WHERE entries_fts MATCH ${match} ORDER BY ${sql.raw(order)} LIMIT ${PAGE}`,
        ),
      [],
    );
  const {
    wall: [search = [], exact = [], prefix = []],
    cpu: [searchCpu = [], exactCpu = [], prefixCpu = []],
  } = await interleaved(
    SEARCH_RUNS,
    () =>
      memory.search({
        query: QUERIES[q % QUERIES.length] as string,
        scopes: [PROJECT, "global"],
        preferScope: PROJECT,
        limit: PAGE,
      }),
    () =>
      raw(
        pair()
          .map((w) => `"${w}"`)
          .join(" AND "),
        "rank",
      ),
    () =>
      raw(
        pair()
          .map((w) => `"${w}"*`)
          .join(" AND "),
        BM25,
      ).finally(() => q++),
  );
  const [saveMed, withoutMed, insertMed] = [median(save), median(saveWithout), median(insert)];
  saveRows.push([
    size.toLocaleString("en-US"),
    ms(saveMed),
    ms(withoutMed),
    ms(insertMed),
    (saveMed / insertMed).toFixed(2),
    ms(median(saveCpu)),
    ms(median(saveWithoutCpu)),
    (median(saveCpu) / median(saveWithoutCpu)).toFixed(2),
  ]);
  // The earlier search in the same run, fewer times: at 100,000 entries one call takes tens of milliseconds.
  let e = 0;
  const scoped = { scopes: [PROJECT, "global"], preferScope: PROJECT, limit: PAGE };
  const {
    cpu: [nowCpu = [], earlierCpu = []],
  } = await interleaved(
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
  const ratio = (a = 0, b = 1) => (a / b).toFixed(2);
  const quantiles = (a: number[], b: number[], c: number[]) => {
    const q = [median(a), percentile(a, 95), median(b), percentile(b, 95), median(c), percentile(c, 95)];
    const [s50, s95, e50, e95, p50, p95] = q;
    return { q, row: [...q.map(ms), ratio(s50, e50), ratio(s95, e95), ratio(s50, p50), ratio(s95, p95)] };
  };
  const wall = quantiles(search, exact, prefix);
  const cpu = quantiles(searchCpu, exactCpu, prefixCpu);
  searchRows.push([size.toLocaleString("en-US"), ...wall.row]);
  cpuRows.push([size.toLocaleString("en-US"), ...cpu.row]);
  if (!largest || size > largest.size) largest = { size, wall: wall.q, cpu: cpu.q };
  database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

const SEARCH_HEADER = [
  "entries",
  "search p50",
  "search p95",
  "exact p50",
  "exact p95",
  "prefix p50",
  "prefix p95",
  "/ exact p50",
  "/ exact p95",
  "/ prefix p50",
  "/ prefix p95",
];

if (largest) {
  const size = largest.size.toLocaleString("en-US");
  // q: search p50, p95; exact raw p50, p95; prefix raw p50, p95.
  const figure = ([p50 = 0, p95 = 0, , , b50 = 1, b95 = 1]: number[], [, , e50 = 1, e95 = 1]: number[]) =>
    `${ms(p50)} / ${ms(p95)} ms (raw prefix + BM25 query ${ms(b50)} / ${ms(b95)} ms: ${(p50 / b50).toFixed(1)}x / ${(p95 / b95).toFixed(1)}x; raw exact query ${ms(e50)} / ${ms(e95)} ms: ${(p50 / e50).toFixed(1)}x / ${(p95 / e95).toFixed(1)}x)`;
  // The target: p95 under 5 ms and within 1.5x of the raw query's p95, checked against each baseline.
  const met = ([, p95 = Infinity, , e95 = 0, , b95 = 0]: number[], against: "prefix" | "exact") =>
    p95 < 5 && p95 <= 1.5 * (against === "prefix" ? b95 : e95);
  const rows = [
    ["", largest.wall],
    [" CPU time", largest.cpu],
  ] as const;
  writeFigures(
    "memory",
    rows.flatMap(([label, q]) => [
      {
        what: `memory.search at ${size} entries, p50 / p95${label}, against the raw prefix + BM25 query`,
        value: figure(q, q),
        target: "p95 < 5 ms, <= 1.5x raw",
        met: met(q, "prefix"),
      },
      {
        what: `memory.search at ${size} entries, p95${label}, against the raw exact-word query`,
        value: `${ms(q[1] ?? 0)} ms against ${ms(q[3] ?? 0)} ms: ${((q[1] ?? 0) / (q[3] ?? 1)).toFixed(1)}x`,
        target: "p95 < 5 ms, <= 1.5x raw",
        met: met(q, "exact"),
      },
    ]),
  );
}

writeSection(
  "memory",
  "Memory store: save and search",
  `Load average when the run started: ${loadBefore}. bun:sqlite, WAL, store in the system temp folder. Entries are 60
words drawn from a vocabulary of 2,000 made-up words (so a word is in a few percent of the entries), a quarter of them
global, the rest in one project; each store is filled with the rows a save makes, inserted directly (the FTS triggers
index each one) in one transaction, because a save is a transaction of its own and filling the largest store by
saves would take minutes (built ${buildSeconds.join(", ")}).

**Search.** ${SEARCH_RUNS} searches per size for two words (50 different pairs), each timed in turn with the two
baselines; ms. _memory.search_ is what the \`memory_search\` tool runs, a page of ${PAGE}: the words picked out and
quoted; the matches of any word counted up to ${LIMITS.searchCount}; then each group asked in turn, only while the page
is not full: the entries holding every word exactly, those holding every word as a prefix, those holding some, each
ranked by BM25 with column weights over the all-prefix expression (the ranking is that of one query over the entries
holding any word as a prefix, proved identical by \`test/store/memory-query.ranking.test.ts\`), this project and
global, the page's rows read in the same statement. Two bare FTS5 queries are the baselines, in one read transaction of
the same store: _exact_, FTS5's least work for two words,
\`SELECT rowid FROM entries_fts WHERE entries_fts MATCH '"a" AND "b"' ORDER BY rank LIMIT ${PAGE}\`; and _prefix_, the
least a store needs for what this search computes (the words as prefixes, the same BM25 weights),
\`… MATCH '"a"* AND "b"*' ORDER BY ${BM25} LIMIT ${PAGE}\`. About one word in ten of this vocabulary starts ten
others; the prefix index of four characters (migration 0010) gives FTS5 one list for such a word instead of a merge of
eleven, but BM25 still reads that list whole to count the entries holding the prefix, in both the search and
_prefix_. The search ranks only the entries of its first group while they fill the page, where _prefix_ ranks every
entry holding both prefixes; what it adds is the count, the set of entries holding every word exactly, the filter and
the page's rows. In the smaller stores two words are rarely both in ${PAGE} entries, so the page is filled from the
later groups, one more query each.

${table(SEARCH_HEADER, searchRows)}

The CPU time of the same calls (this process's user and system time around each one), which a machine busy with
other work does not inflate as it does the wall time:

${table(SEARCH_HEADER, cpuRows)}

Against the earlier search (one query ranking and tiering every entry that holds any word as a prefix, and an exact
count: \`test/helpers/memory-search-reference.ts\`, which the ranking test holds the search to), ${EARLIER_RUNS} of each
timed alternately in the same run; CPU time in ms, and how many times longer the earlier one took:

${table(["entries", "search p50", "search p95", "earlier p50", "earlier p95", "earlier / search p50", "earlier / search p95"], earlierRows)}

**Save.** Medians of ${SAVE_RUNS} runs in ms, each timed in turn with its baselines. _save_ is \`memory.save\`
(validation, secret guard, due purge, FTS triggers, audit row, one IMMEDIATE transaction); _without four_ is the same
save into a copy of the store whose full-text table has only the prefix indexes of two and three characters (as before
migration 0010); _bare insert_ is an INSERT of a similar row, in its own transaction, into a table with no index or
trigger. The wall time is mostly the commit's sync to disk, so the CPU time of both saves is given too.

${table(["entries", "save", "without four", "bare insert", "save / bare insert", "save CPU", "without four CPU", "CPU ratio"], saveRows)}

**Index size.** The full-text index (its \`entries_fts_data\` table) at each size in MB, against that of the copy
without the prefix index of four characters; the prefix index is what the faster prefix words cost on disk.

${table(["entries", "index", "without the four-character prefix index", "more"], sizeRows)}`,
);
