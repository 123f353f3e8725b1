/**
 * Migration 0010 makes the full-text table again with a prefix index of four characters and fills it from the entries.
 * A store written before it keeps every entry searchable with the same ranks, its triggers keep the new table in step,
 * and secure-delete (the table's own setting, dropped with the old table) is on again.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Database, knownSchemaVersion, MIGRATIONS_FOLDER } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import type { Actor, SearchQuery } from "../../src/store/memory-types.js";
import { migrationsBefore } from "../helpers/migrations.js";
import { tempDir } from "../helpers/temp-dir.js";

const actor: Actor = { kind: "cli" };
const T0 = Date.UTC(2026, 0, 1);

function storeAt(dataDir: string, migrationsFolder?: string) {
  let now = T0;
  const database = new Database({ dataDir, migrationsFolder });
  return { database, memory: createMemoryStore({ database, clock: () => now++ }) };
}

const ftsSql = (database: Database) =>
  database.read((db) => db.all<{ sql: string }>(sql`SELECT sql FROM sqlite_master WHERE name = 'entries_fts'`), []);

const QUERIES: SearchQuery[] = [
  // "sync" is a word and the start of others: every tier has members.
  { query: "sync", scopes: ["global"] },
  { query: "sync lock", scopes: ["global"], status: "all" },
  { query: "cach", scopes: ["global"] },
];

describe("migration 0010: the full-text table with a prefix index of four characters", () => {
  it("keeps a store's entries searchable with the same ranks, and its triggers work on the new table", async () => {
    const dataDir = tempDir();
    const before = storeAt(dataDir, migrationsBefore("0010_fts_prefix_four"));
    const bodies = ["sync the lock", "syncing caches under a lock", "synchronise caching", "lock only", "sync sync"];
    const ids: string[] = [];
    for (const [i, body] of bodies.entries()) {
      const { entry } = await before.memory.save({ scope: "global", kind: "fact", title: `note ${i}`, body }, actor);
      ids.push(entry.id);
    }
    await before.memory.trash(ids[3] as string, actor, "test");
    expect((await ftsSql(before.database))[0]?.sql).toContain("prefix='2 3'");
    expect(await before.database.schemaVersion()).toBe(10);
    const answers = [];
    for (const q of QUERIES) answers.push(await before.memory.search(q));
    expect(answers[0]?.total).toBe(4);
    before.database.close();

    const after = storeAt(dataDir);
    expect(await after.memory.search(QUERIES[0] as SearchQuery)).toEqual(answers[0]);
    expect(await after.database.schemaVersion()).toBe(knownSchemaVersion(MIGRATIONS_FOLDER));
    expect((await ftsSql(after.database))[0]?.sql).toContain("prefix='2 3 4'");
    for (const [i, q] of QUERIES.entries()) expect(await after.memory.search(q)).toEqual(answers[i]);
    const raw = await after.database.raw();
    expect(raw.get<{ v: number }>("SELECT v FROM entries_fts_config WHERE k = 'secure-delete'")).toEqual({ v: 1 });
    // FTS5 checks its index against the entries it was filled from; a mismatch throws.
    raw.exec("INSERT INTO entries_fts(entries_fts, rank) VALUES ('integrity-check', 1)");

    // Insert, update and delete go through the triggers into the new table.
    const { entry } = await after.memory.save({ scope: "global", kind: "fact", title: "later", body: "sync" }, actor);
    expect((await after.memory.search(QUERIES[0] as SearchQuery)).total).toBe(5);
    await after.memory.edit(entry.id, { body: "nothing here" }, actor);
    expect((await after.memory.search(QUERIES[0] as SearchQuery)).total).toBe(4);
    await after.memory.purge(ids[0] as string, actor);
    const left = await after.memory.search(QUERIES[0] as SearchQuery);
    expect(left.items.map((h) => h.entry.id)).not.toContain(ids[0]);
    expect(left.total).toBe(3);
    raw.exec("INSERT INTO entries_fts(entries_fts, rank) VALUES ('integrity-check', 1)");
    after.database.close();
  });

  it("fills the new table from the entries, so an entry the old index had lost is found again", async () => {
    const dataDir = tempDir();
    const before = storeAt(dataDir, migrationsBefore("0010_fts_prefix_four"));
    await before.memory.save({ scope: "global", kind: "fact", title: "kept", body: "sync" }, actor);
    // An entry written past the index (as a damaged store might hold): the old table does not know it.
    await before.database.write((db) => {
      db.run(sql`DROP TRIGGER entries_fts_insert`);
      db.run(sql`INSERT INTO entries (id, scope, kind, title, body, tags, status, created_at, updated_at)
        VALUES ('lost0001', 'global', 'fact', 'lost', 'sync', '[]', 'active', ${T0}, ${T0})`);
    });
    expect((await before.memory.search({ query: "sync", scopes: ["global"] })).total).toBe(1);
    before.database.close();

    const after = storeAt(dataDir);
    const found = await after.memory.search({ query: "sync", scopes: ["global"] });
    expect(found.items.map((h) => h.entry.title).sort()).toEqual(["kept", "lost"]);
    expect(found.total).toBe(2);
    after.database.close();
  });
});
