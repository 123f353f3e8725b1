import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { StoreTooNewError, StoreUnavailableError } from "../../src/errors.js";
import { Database, knownSchemaVersion, MIGRATIONS_FOLDER } from "../../src/store/database.js";
import { isBun } from "../../src/store/driver.js";
import { entries } from "../../src/store/schema.js";
import { tempDir } from "../helpers/temp-dir.js";

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe(`database (${isBun ? "bun:sqlite" : "better-sqlite3"})`, () => {
  it("creates nothing on read and answers empty", async () => {
    const dataDir = path.join(tempDir(), "ledger");
    const db = new Database({ dataDir });
    expect(await db.read((d) => d.select().from(entries).all(), [])).toEqual([]);
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(await db.schemaVersion()).toBeUndefined();
  });

  it("creates a private folder and private files under umask 022", async () => {
    const dataDir = path.join(tempDir(), "deep", "ledger");
    const previous = process.umask(0o022);
    try {
      const db = new Database({ dataDir });
      await db.write((d) => d.run(sql`CREATE TABLE IF NOT EXISTS probe (x)`));
      await db.write((d) => d.run(sql`INSERT INTO probe VALUES (1)`));
      expect(mode(dataDir)).toBe(0o700);
      for (const suffix of ["", "-wal", "-shm"]) expect(mode(db.file + suffix)).toBe(0o600);
      db.close();
    } finally {
      process.umask(previous);
    }
  });

  it("applies the migrations: tables, FTS5, its triggers, the audit triggers, the indexes, and the version stamp", async () => {
    const db = new Database({ dataDir: tempDir() });
    await db.write(() => undefined);
    const raw = await db.raw();
    const names = (type: string) =>
      (raw.db.all(sql`SELECT name FROM sqlite_master WHERE type = ${type} ORDER BY name`) as { name: string }[]).map(
        (r) => r.name,
      );
    expect(names("table")).toEqual(expect.arrayContaining(["entries", "entries_fts", "audit_log", "transcripts"]));
    expect(names("trigger")).toEqual([
      "audit_log_no_delete",
      "audit_log_redact_only",
      "entries_fts_delete",
      "entries_fts_insert",
      "entries_fts_update",
    ]);
    // The search counts its matches through this index by name (INDEXED BY), so it must exist.
    expect(names("index")).toEqual(expect.arrayContaining(["entries_search_filter", "entries_superseded_by"]));
    expect(await db.schemaVersion()).toBe(knownSchemaVersion(MIGRATIONS_FOLDER));
    expect(raw.get<{ journal_mode: string }>("PRAGMA journal_mode")?.journal_mode).toBe("wal");
    expect(raw.get<{ secure_delete: number }>("PRAGMA secure_delete")?.secure_delete).toBe(1);
    db.close();
  });

  it("never alters a store stamped by a newer version, and refuses writes with an upgrade message", async () => {
    const dataDir = tempDir();
    const first = new Database({ dataDir });
    await first.write(() => undefined);
    const known = knownSchemaVersion(MIGRATIONS_FOLDER);
    (await first.raw()).exec(`PRAGMA user_version = ${known + 1}`);
    first.close();
    const before = fs.readFileSync(path.join(dataDir, "ledger.db"));

    const second = new Database({ dataDir });
    const error = await second.write(() => 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreTooNewError);
    expect(String((error as Error).message)).toMatch(/Upgrade opencode-ledger/);
    expect(await second.read((d) => d.select().from(entries).all(), [])).toEqual([]);
    second.close();
    expect(fs.readFileSync(path.join(dataDir, "ledger.db")).equals(before)).toBe(true);
  });

  it("reports a missing migrations folder clearly", async () => {
    const db = new Database({ dataDir: tempDir(), migrationsFolder: path.join(tempDir(), "nope") });
    const error = await db.write(() => 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toMatch(/migrations folder .* is missing; reinstall/);
  });

  it("reports a corrupted store and points at doctor", async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "ledger.db"), Buffer.alloc(8192, 7));
    const db = new Database({ dataDir });
    const error = await db.write(() => 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toMatch(/doctor/);
  });

  it("waits for another connection's write lock without blocking the thread, then writes; gives up after the wait", async () => {
    const dataDir = tempDir();
    const db = new Database({ dataDir, busyTimeoutMs: 3_000 });
    await db.write((d) => d.run(sql`CREATE TABLE probe (x)`));
    const holder = new Database({ dataDir, busyTimeoutMs: 3_000 });
    const raw = await holder.raw();
    raw.exec("BEGIN IMMEDIATE");
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const waiting = db.write((d) => d.run(sql`INSERT INTO probe VALUES (1)`));
    await new Promise((resolve) => setTimeout(resolve, 200));
    raw.exec("COMMIT");
    await waiting;
    clearInterval(timer);
    // The thread kept turning while the write waited for the lock.
    expect(ticks).toBeGreaterThan(5);
    expect(await db.read((d) => d.all(sql`SELECT x FROM probe`), [])).toEqual([{ x: 1 }]);

    const quick = new Database({ dataDir, busyTimeoutMs: 300 });
    raw.exec("BEGIN IMMEDIATE");
    try {
      await expect(quick.write((d) => d.run(sql`INSERT INTO probe VALUES (2)`))).rejects.toThrow(
        /another process kept it locked for longer than the wait .*nothing was written/,
      );
    } finally {
      raw.exec("ROLLBACK");
    }
    expect(await db.read((d) => d.all(sql`SELECT x FROM probe`), [])).toEqual([{ x: 1 }]);
    for (const d of [db, holder, quick]) d.close();
  });

  it("commits a write that is not durable as any other, and flushes every later write as before", async () => {
    const dataDir = tempDir();
    const db = new Database({ dataDir, busyTimeoutMs: 300 });
    await db.write((d) => d.run(sql`CREATE TABLE probe (x)`));
    const raw = await db.raw();
    const synchronous = () => raw.get<{ synchronous: number }>("PRAGMA synchronous")?.synchronous;
    const usual = synchronous();
    expect(usual).toBeGreaterThanOrEqual(1);
    // Inside the transaction the commit is not flushed; before and after it, the connection is as it was.
    const inside = await db.write(
      (d) => {
        d.run(sql`INSERT INTO probe VALUES (1)`);
        return synchronous();
      },
      { durable: false },
    );
    expect(inside).toBe(1);
    expect(synchronous()).toBe(usual);
    // A failed one, and one that met another process's lock and gave up, leave the connection as it was too.
    await expect(
      db.write(
        () => {
          throw new Error("no");
        },
        { durable: false },
      ),
    ).rejects.toThrow("no");
    expect(synchronous()).toBe(usual);
    const holder = await new Database({ dataDir }).raw();
    holder.exec("BEGIN IMMEDIATE");
    await expect(db.write((d) => d.run(sql`INSERT INTO probe VALUES (2)`), { durable: false })).rejects.toThrow(
      /nothing was written/,
    );
    holder.exec("ROLLBACK");
    expect(synchronous()).toBe(usual);
    const other = new Database({ dataDir });
    expect(await other.read((d) => d.all(sql`SELECT x FROM probe`), [])).toEqual([{ x: 1 }]);
    db.close();
    other.close();
    holder.close();
  });
});

describe("a read is one moment of the store", () => {
  it("what a read reads in several statements agrees, whatever another connection writes meanwhile", async () => {
    const { connect } = await import("../../src/store/driver.js");
    const { count } = await import("drizzle-orm");
    const database = new Database({ dataDir: path.join(tempDir(), "ledger") });
    const insert = (id: string) =>
      `INSERT INTO entries (id, scope, kind, title, body, status, created_at, updated_at)
       VALUES ('${id}', 'global', 'fact', 'title ${id}', 'body', 'active', 1, 1)`;
    await database.write((db) => db.run(sql.raw(insert("mem_first"))));
    const other = await connect(database.file, { readonly: false });
    const rows = (db: Parameters<Parameters<Database["read"]>[0]>[0]) =>
      db.select({ n: count() }).from(entries).get()?.n ?? 0;
    const seen = await database.read((db) => {
      const before = rows(db);
      other.exec(insert("mem_second"));
      return [before, rows(db)];
    }, []);
    expect(seen).toEqual([1, 1]);
    expect(await database.read(rows, 0)).toBe(2);
    other.close();
    database.close();
  });
});
