/**
 * Memory store speed in the runtime that loads the plugin (bun:sqlite), at three store sizes up to 100,000 entries:
 * a save (validation, secret guard, due purge, FTS triggers, audit row, one IMMEDIATE transaction) against a bare INSERT
 * of the same row, and `memory.search` (three FTS5 match tiers, BM25, total count, scope filter, the rows loaded)
 * against the raw FTS5 MATCH query for the same words over the same rows, p50 and p95.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Database } from "../src/store/database.js";
import { createMemoryStore } from "../src/store/memory-store.js";
import type { Actor } from "../src/store/memory-types.js";
import { cleanFields } from "../src/store/memory-validate.js";
import { saveEntry } from "../src/store/memory-write.js";
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
  await database.write((db) => {
    for (let i = 0; i < size; i++) {
      const fields = cleanFields({ kind: "fact", title: `entry ${i} ${words(i, 3)}`, body: words(i + 7, 60) }, now);
      saveEntry(db, { scope: i % 4 === 0 ? "global" : PROJECT, fields }, actor, now++);
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

/** Timings of `runs` calls of `a` and `b`, taken alternately so that a slow spell of the machine hits both. */
async function interleaved(
  runs: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[number[], number[]]> {
  await a();
  await b();
  const [ta, tb]: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [fn, times] of [
      [a, ta],
      [b, tb],
    ] as const) {
      const start = performance.now();
      await fn();
      times.push(performance.now() - start);
    }
  }
  return [ta, tb];
}

const QUERIES = Array.from({ length: 50 }, (_, i) => words(i * 31 + 5, 2));
const ms = (value: number) => value.toFixed(2);
const loadBefore = loadAverage();

const saveRows: (string | number)[][] = [];
const searchRows: (string | number)[][] = [];
const buildSeconds: string[] = [];
let largest: { size: number; p50: number; p95: number; ftsP50: number; ftsP95: number } | undefined;
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
  const [search, fts] = await interleaved(
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
  const [p50, p95, ftsP50, ftsP95] = [median(search), percentile(search, 95), median(fts), percentile(fts, 95)];
  searchRows.push([
    size.toLocaleString("en-US"),
    ms(p50),
    ms(p95),
    ms(ftsP50),
    ms(ftsP95),
    (p50 / ftsP50).toFixed(2),
    (p95 / ftsP95).toFixed(2),
  ]);
  if (!largest || size > largest.size) largest = { size, p50, p95, ftsP50, ftsP95 };
  database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

if (largest) {
  const entries = largest.size.toLocaleString("en-US");
  writeFigures("memory", [
    {
      what: `memory.search at ${entries} entries, p50 / p95`,
      value: `${ms(largest.p50)} / ${ms(largest.p95)} ms (raw FTS5 query ${ms(largest.ftsP50)} / ${ms(largest.ftsP95)} ms; ${(largest.p50 / largest.ftsP50).toFixed(1)}x / ${(largest.p95 / largest.ftsP95).toFixed(1)}x)`,
    },
  ]);
}

writeSection(
  "memory",
  "Memory store: save and search",
  `Load average when the run started: ${loadBefore}. bun:sqlite, WAL, store in the system temp folder. Entries are 60
words drawn from a vocabulary of 2,000 made-up words (so a word is in a few percent of the entries), a quarter of them
global, the rest in one project; each store is filled through the store's own save path (built ${buildSeconds.join(", ")}).

**Search.** ${SEARCH_RUNS} searches per size for two words (50 different pairs), timed alternately with the baseline; ms.
_memory.search_ is what the \`memory_search\` tool runs: the words picked out and quoted, three FTS5 match tiers (all
words, all as prefixes, any as a prefix), BM25 with column weights, this project and global, the total count, then the
10 rows loaded. _raw FTS5_ is the bare query a store would need at the least: \`SELECT rowid FROM entries_fts WHERE
entries_fts MATCH '"a" AND "b"' ORDER BY rank LIMIT 10\`. Both run in one read transaction of the same store.
_memory.search_ ranks and counts every entry that holds any of the words as a prefix, the raw query only the entries
holding both words: that difference is most of the ratio, and it grows with the store.

${table(["entries", "search p50", "search p95", "raw FTS5 p50", "raw FTS5 p95", "ratio p50", "ratio p95"], searchRows)}

**Save.** Medians of ${SAVE_RUNS} runs in ms. _save_ is \`memory.save\` (validation, secret guard, due purge, FTS triggers,
audit row, one IMMEDIATE transaction) against a bare INSERT of a similar row, in its own transaction, into a table
with no index or trigger.

${table(["entries", "save", "bare insert", "ratio"], saveRows)}`,
);
