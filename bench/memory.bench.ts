/**
 * Memory store speed in the runtime that loads the plugin (bun:sqlite): a save (validation, secret guard, sweep,
 * FTS triggers, audit row, one IMMEDIATE transaction) against a bare INSERT of the same row, and a search (FTS5,
 * three match tiers, BM25) against the LIKE scan a store without an index would do, at two store sizes.
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
import { median, table, writeSection } from "./report.js";

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

/** Medians of `runs` timings of `a` and `b`, taken alternately so that a slow spell of the machine hits both. */
async function interleaved(
  runs: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[number, number]> {
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
  return [median(ta), median(tb)];
}

const QUERIES = Array.from({ length: 20 }, (_, i) => words(i * 31 + 5, 2));

const rows: (string | number)[][] = [];
for (const size of [1_000, 5_000]) {
  const { dir, database, memory } = await storeOf(size);
  let n = 0;
  const [save, insert] = await interleaved(
    200,
    () => memory.save({ scope: PROJECT, kind: "fact", title: `bench save ${n}`, body: words(n++, 60) }, actor),
    () =>
      database.write((db) =>
        db.run(
          sql`INSERT INTO bench_plain VALUES (${`p${n}`}, ${PROJECT}, 'fact', ${`plain ${n}`}, ${words(n, 60)}, '[]', 0)`,
        ),
      ),
  );
  let q = 0;
  const [search, like] = await interleaved(
    200,
    () =>
      memory.search({
        query: QUERIES[q % QUERIES.length] as string,
        scopes: [PROJECT, "global"],
        preferScope: PROJECT,
      }),
    () => {
      const [a, b] = (QUERIES[q++ % QUERIES.length] as string).split(" ");
      return database.read((db) => {
        const where = sql`scope IN (${PROJECT}, 'global') AND (title LIKE ${`%${a}%`} OR body LIKE ${`%${a}%`}) AND (title LIKE ${`%${b}%`} OR body LIKE ${`%${b}%`})`;
        db.all(sql`SELECT count(*) AS n FROM bench_plain WHERE ${where}`);
        return db.all(sql`SELECT id FROM bench_plain WHERE ${where} ORDER BY created_at DESC LIMIT 10`);
      }, []);
    },
  );
  rows.push([
    size,
    save.toFixed(3),
    insert.toFixed(3),
    (save / insert).toFixed(2),
    search.toFixed(3),
    like.toFixed(3),
    (search / like).toFixed(2),
  ]);
  database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

writeSection(
  "memory",
  "Memory store: save and search",
  `Medians of 200 runs in ms, each pair timed alternately; bun:sqlite, WAL, store in the system temp folder.
*save* is \`memory.save\` (validation, secret guard, sweep, FTS triggers, audit row, one IMMEDIATE transaction) against
a bare INSERT of a similar row in its own transaction. *search* is \`memory.search\` for two words (three FTS5 match
tiers, BM25, total count, this project and global) against two LIKE scans for both words over the same rows (a count
and the newest 10, no ranking). Entries are 60 words drawn from a vocabulary of 2,000.

${table(["entries", "save", "bare insert", "ratio", "search", "LIKE scan", "ratio"], rows)}`,
);
