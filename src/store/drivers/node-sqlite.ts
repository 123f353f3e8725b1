/**
 * `node:sqlite`: Node's own SQLite (no native build, nothing to install). drizzle has no adapter for it in the
 * version we use, so a small client with better-sqlite3's shape (prepare, raw rows, transaction) sits under drizzle's
 * better-sqlite3 session. That session is built here directly: drizzle's better-sqlite3 entry imports the addon.
 */
import { BetterSQLiteSession } from "drizzle-orm/better-sqlite3/session";
import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm/relations";
import { BaseSQLiteDatabase, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { type LedgerDatabase, type SqliteDriver, statementCache } from "../sqlite-connection.js";

type Row = Record<string, unknown>;
type Params = unknown[];

/** The part of `node:sqlite` we use; typed here because the Node types we build against predate it. */
interface StatementSync {
  run(...params: Params): { changes: number | bigint; lastInsertRowid: number | bigint };
  all(...params: Params): Row[];
  get(...params: Params): Row | undefined;
  setReturnArrays?(enabled: boolean): void;
}
interface DatabaseSync {
  prepare(sql: string): StatementSync;
  exec(sql: string): void;
  close(): void;
}
interface NodeSqliteModule {
  DatabaseSync: new (file: string, options?: { readOnly?: boolean }) => DatabaseSync;
}

/** Imports `node:sqlite` without Node's one-line "experimental feature" warning on the user's terminal. */
async function importQuietly(): Promise<NodeSqliteModule> {
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === "string" ? warning : warning.message;
    if (/SQLite is an experimental feature/.test(text)) return;
    (emit as (w: string | Error, ...r: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    // A computed name: the bundler leaves it alone, and Node versions without the module fail here, not at load.
    const specifier = "node:sqlite";
    return (await import(specifier)) as NodeSqliteModule;
  } finally {
    process.emitWarning = emit;
  }
}

/** A statement the way drizzle's better-sqlite3 session calls it; `raw()` answers rows as arrays. */
function statement(db: DatabaseSync, sql: string) {
  const objects = db.prepare(sql);
  let arrays: StatementSync | undefined;
  return {
    run: (...params: Params) => objects.run(...params),
    all: (...params: Params) => objects.all(...params),
    get: (...params: Params) => objects.get(...params),
    raw() {
      if (!arrays) {
        arrays = db.prepare(sql);
        arrays.setReturnArrays?.(true);
      }
      const stmt = arrays;
      return { all: (...params: Params) => stmt.all(...params), get: (...params: Params) => stmt.get(...params) };
    },
  };
}

/** better-sqlite3's `transaction(fn).immediate(arg)`: BEGIN, fn, COMMIT, or ROLLBACK when fn throws. */
function transaction(db: DatabaseSync) {
  return <A, R>(fn: (arg: A) => R) => {
    const run = (mode: string) => (arg: A) => {
      db.exec(`BEGIN ${mode}`);
      try {
        const result = fn(arg);
        db.exec("COMMIT");
        return result;
      } catch (error) {
        // SQLite may have rolled back already (disk full, I/O error); the first error is the one to report.
        try {
          db.exec("ROLLBACK");
        } catch {}
        throw error;
      }
    };
    return { deferred: run("DEFERRED"), immediate: run("IMMEDIATE"), exclusive: run("EXCLUSIVE") };
  };
}

export async function loadNodeSqlite(): Promise<SqliteDriver> {
  const { DatabaseSync } = await importQuietly();
  const [{ migrate }, schema] = await Promise.all([
    import("drizzle-orm/better-sqlite3/migrator"),
    import("../schema.js"),
  ]);
  const probe = new DatabaseSync(":memory:");
  // Rows as arrays (Node 22.16 and 24) keep columns of the same name apart in joins; without it, no node:sqlite.
  if (typeof probe.prepare("SELECT 1").setReturnArrays !== "function") {
    probe.close();
    throw new Error(
      `node:sqlite in Node ${process.versions.node} cannot return rows as arrays (Node 22.16 or newer can)`,
    );
  }
  const sqliteVersion = String(probe.prepare("SELECT sqlite_version() AS v").get()?.v);
  probe.close();
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  return {
    name: "node:sqlite",
    sqliteVersion,
    open(file, options) {
      const client = new DatabaseSync(file, { readOnly: options.readonly });
      const shim = { prepare: (sql: string) => statement(client, sql), transaction: transaction(client) };
      const dialect = new SQLiteSyncDialect();
      const session = new BetterSQLiteSession(shim as never, dialect, relational);
      const db = new BaseSQLiteDatabase("sync", dialect, session as never, relational) as unknown as LedgerDatabase;
      const prepared = statementCache((sql) => client.prepare(sql));
      return {
        db,
        runtime: "node",
        driver: "node:sqlite",
        exec: (sql) => client.exec(sql),
        get: <T>(sql: string, ...params: unknown[]) => client.prepare(sql).get(...params) as T | undefined,
        all: <T>(sql: string, ...params: unknown[]) => prepared(sql).all(...(params as never[])) as T[],
        run: (sql: string, ...params: unknown[]) => {
          prepared(sql).run(...(params as never[]));
        },
        migrate: (migrationsFolder) => migrate(db as never, { migrationsFolder }),
        close: () => client.close(),
      };
    },
  };
}

/** A plain `node:sqlite` connection, no ORM (driver.ts `openPlainNode`); a read-only open of a missing file throws. */
export async function openNodeSqlitePlain(file: string, options: { readonly: boolean }): Promise<DatabaseSync> {
  const { DatabaseSync } = await importQuietly();
  return new DatabaseSync(file, { readOnly: options.readonly });
}
