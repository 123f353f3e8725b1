/**
 * What every SQLite driver must give the store (unstorage's `testDriver` is the model): one suite, run against each
 * driver the runtime has through `testDriver`. Under Node that is better-sqlite3, under Bun (the runtime inside
 * OpenCode) bun:sqlite; both runs are part of `npm test`.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../../src/store/database.js";
import type { SqliteConnection } from "../../src/store/driver.js";
import { entries } from "../../src/store/schema.js";
import { tempDir } from "../helpers/temp-dir.js";

export type Connect = (file: string, options: { readonly: boolean }) => Promise<SqliteConnection>;

export function testDriver(name: string, connect: Connect): void {
  describe(`SQLite driver conformance: ${name}`, () => {
    const fresh = async () => connect(path.join(tempDir("ledger-driver-"), "t.db"), { readonly: false });

    it("runs statements, binds parameters and gives the first row or undefined", async () => {
      const c = await fresh();
      c.exec("CREATE TABLE t (n INTEGER, s TEXT, b BLOB); CREATE TABLE u (x)");
      c.exec("INSERT INTO t VALUES (1, 'one', NULL), (2, 'zwei · 二 🙂', x'00ff')");
      expect(c.get<{ s: string }>("SELECT s FROM t WHERE n = ?", 2)).toEqual({ s: "zwei · 二 🙂" });
      expect(c.get<{ n: number }>("SELECT n FROM t WHERE s = ? AND n > ?", "one", 0)).toEqual({ n: 1 });
      expect(c.get("SELECT n FROM t WHERE n = ?", 99)).toBeUndefined();
      expect(c.get<{ k: number }>("SELECT count(*) AS k FROM t")).toEqual({ k: 2 });
      c.close();
    });

    it("gives every row of a prepared statement it keeps, with the data as it is at each call", async () => {
      const c = await fresh();
      c.exec("CREATE TABLE t (n INTEGER, s TEXT)");
      c.exec("INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, 'three')");
      const above = (n: number) => c.all<{ n: number; s: string }>("SELECT n, s FROM t WHERE n > ? ORDER BY n", n);
      expect(above(1)).toEqual([
        { n: 2, s: "two" },
        { n: 3, s: "three" },
      ]);
      expect(above(3)).toEqual([]);
      // The kept statement reads what is there now, not what it read before.
      c.exec("INSERT INTO t VALUES (4, 'four')");
      expect(above(3)).toEqual([{ n: 4, s: "four" }]);
      // More statements than the cache keeps: the oldest are prepared again when asked for.
      for (let i = 0; i < 100; i++) expect(c.all<{ v: number }>(`SELECT ${i} + ? AS v`, 1)).toEqual([{ v: i + 1 }]);
      expect(above(2).map((r) => r.n)).toEqual([3, 4]);
      expect(() => c.all("SELECT * FROM missing_table")).toThrow(/missing_table/);
      expect(c.all<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
      c.close();
    });

    it("runs a kept statement without results, again and again, binding its parameters (null and text as values)", async () => {
      const c = await fresh();
      c.exec("CREATE TABLE t (n INTEGER PRIMARY KEY, s TEXT)");
      for (let n = 1; n <= 3; n++)
        c.run("INSERT INTO t (n, s) VALUES (?, ?)", n, n === 2 ? null : `'; DROP TABLE t; -- ${n}`);
      c.run("UPDATE t SET s = ? WHERE n = ?", "three", 3);
      expect(c.all("SELECT n, s FROM t ORDER BY n")).toEqual([
        { n: 1, s: "'; DROP TABLE t; -- 1" },
        { n: 2, s: null },
        { n: 3, s: "three" },
      ]);
      // Inside a transaction, as the export's savepoints run: what is rolled back to is gone.
      c.exec("BEGIN");
      c.run("SAVEPOINT one");
      c.run("DELETE FROM t WHERE n = ?", 1);
      c.run("ROLLBACK TO one");
      c.run("RELEASE one");
      c.exec("COMMIT");
      expect(c.get<{ k: number }>("SELECT count(*) AS k FROM t")).toEqual({ k: 3 });
      expect(() => c.run("INSERT INTO t (n, s) VALUES (?, ?)", 1, "twice")).toThrow(/UNIQUE|constraint/i);
      expect(() => c.run("INSERT INTO missing_table VALUES (?)", 1)).toThrow(/missing_table/);
      c.close();
    });

    it("reports a bad statement as an error, and the connection stays usable", async () => {
      const c = await fresh();
      expect(() => c.exec("CREATE TABLE")).toThrow();
      expect(() => c.get("SELECT * FROM missing_table")).toThrow(/missing_table/);
      expect(c.get<{ one: number }>("SELECT 1 AS one")).toEqual({ one: 1 });
      c.close();
    });

    it("has WAL, foreign keys and FTS5 with bm25", async () => {
      const c = await fresh();
      expect(c.get<{ journal_mode: string }>("PRAGMA journal_mode = WAL")).toEqual({ journal_mode: "wal" });
      c.exec("PRAGMA foreign_keys = ON");
      expect(c.get<{ foreign_keys: number }>("PRAGMA foreign_keys")).toEqual({ foreign_keys: 1 });
      c.exec("CREATE VIRTUAL TABLE f USING fts5(body, tokenize = 'unicode61')");
      c.exec("INSERT INTO f VALUES ('the rate limiter decision'), ('rate rate rate'), ('nothing')");
      const best = c.get<{ body: string }>("SELECT body FROM f WHERE f MATCH 'rate AND limiter' ORDER BY bm25(f)");
      expect(best).toEqual({ body: "the rate limiter decision" });
      c.close();
    });

    it("applies the store's migrations once and is a no-op the second time", async () => {
      const file = path.join(tempDir("ledger-driver-"), "m.db");
      const c = await connect(file, { readonly: false });
      c.migrate(MIGRATIONS_FOLDER);
      c.migrate(MIGRATIONS_FOLDER);
      const applied = c.get<{ n: number }>("SELECT count(*) AS n FROM __drizzle_migrations");
      const files = fs.readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith(".sql"));
      expect(applied).toEqual({ n: files.length });
      expect(c.get("SELECT name FROM sqlite_master WHERE name = 'entries_fts'")).toEqual({ name: "entries_fts" });
      c.close();
    });

    it("gives drizzle the same query API: insert, select, transaction rolled back on a throw", async () => {
      const c = await fresh();
      c.migrate(MIGRATIONS_FOLDER);
      const row = {
        id: "mem_conform001",
        scope: "global",
        kind: "fact",
        title: "drivers agree",
        body: "the same rows come back",
        tags: "[]",
        status: "active",
        createdAt: 1,
        updatedAt: 1,
      } satisfies typeof entries.$inferInsert;
      c.db.insert(entries).values(row).run();
      expect(c.db.select({ title: entries.title }).from(entries).all()).toEqual([{ title: "drivers agree" }]);
      expect(() =>
        c.db.transaction((tx) => {
          tx.run(sql`UPDATE entries SET title = 'changed'`);
          throw new Error("rolled back");
        }),
      ).toThrow("rolled back");
      expect(c.db.select({ title: entries.title }).from(entries).all()).toEqual([{ title: "drivers agree" }]);
      c.close();
    });

    it("opens read-only: reads work, writes are refused, and a missing file is an error", async () => {
      const dir = tempDir("ledger-driver-");
      const file = path.join(dir, "ro.db");
      const w = await connect(file, { readonly: false });
      w.exec("CREATE TABLE t (n); INSERT INTO t VALUES (7)");
      w.close();
      const r = await connect(file, { readonly: true });
      expect(r.get<{ n: number }>("SELECT n FROM t")).toEqual({ n: 7 });
      expect(() => r.exec("INSERT INTO t VALUES (8)")).toThrow(/readonly|read-only/i);
      r.close();
      await expect(
        (async () => (await connect(path.join(dir, "absent.db"), { readonly: true })).get("SELECT 1"))(),
      ).rejects.toThrow();
      expect(fs.existsSync(path.join(dir, "absent.db"))).toBe(false);
    });

    it("refuses use after close", async () => {
      const c = await fresh();
      c.close();
      expect(() => c.get("SELECT 1")).toThrow();
    });
  });
}
