/**
 * The one place that knows which SQLite driver runs: `bun:sqlite` inside OpenCode (a Bun process), `better-sqlite3`
 * under Node (tests, the CLI). Both are synchronous and give drizzle the same query API; nothing else in the store
 * depends on what a driver returns from `run()`.
 */
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type * as schema from "./schema.js";

export type LedgerDatabase = BaseSQLiteDatabase<"sync", unknown, typeof schema>;

export interface SqliteConnection {
  readonly db: LedgerDatabase;
  readonly runtime: "bun" | "node";
  /** Runs one or more statements without results (pragmas, DDL). */
  exec(sql: string): void;
  /** First row of a query, or undefined. */
  get<T>(sql: string, ...params: unknown[]): T | undefined;
  migrate(migrationsFolder: string): void;
  close(): void;
}

export const isBun = typeof globalThis.Bun !== "undefined";

export async function connect(file: string, options: { readonly: boolean }): Promise<SqliteConnection> {
  return isBun ? connectBun(file, options) : connectNode(file, options);
}

async function connectBun(file: string, options: { readonly: boolean }): Promise<SqliteConnection> {
  const { Database } = await import("bun:sqlite");
  const { drizzle } = await import("drizzle-orm/bun-sqlite");
  const { migrate } = await import("drizzle-orm/bun-sqlite/migrator");
  const client = options.readonly ? new Database(file, { readonly: true }) : new Database(file, { create: true });
  const db = drizzle({ client, schema: await import("./schema.js") });
  return {
    db,
    runtime: "bun",
    exec: (sql) => client.exec(sql),
    get: <T>(sql: string, ...params: unknown[]) =>
      (client.query(sql).get(...(params as never[])) ?? undefined) as T | undefined,
    migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

async function connectNode(file: string, options: { readonly: boolean }): Promise<SqliteConnection> {
  const { default: Database } = await import("better-sqlite3");
  const { drizzle } = await import("drizzle-orm/better-sqlite3");
  const { migrate } = await import("drizzle-orm/better-sqlite3/migrator");
  const client = new Database(file, { readonly: options.readonly, fileMustExist: options.readonly });
  const db = drizzle({ client, schema: await import("./schema.js") });
  return {
    db,
    runtime: "node",
    exec: (sql) => {
      client.exec(sql);
    },
    get: <T>(sql: string, ...params: unknown[]) => client.prepare(sql).get(...params) as T | undefined,
    migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Another program's SQLite file, opened read-only: queries only, each its own short read. */
export interface ReadOnlySqlite {
  readonly runtime: "bun" | "node";
  /** Every row of a query. */
  all<T>(sql: string, ...params: unknown[]): T[];
  close(): void;
}

/**
 * Opens `file` read-only (it must exist): the driver refuses every write, and `query_only` says so twice. A reader of
 * a WAL database never blocks the file's writer; a statement holds its snapshot only while it runs.
 */
export async function openReadOnly(file: string, busyTimeoutMs = 2_000): Promise<ReadOnlySqlite> {
  if (isBun) {
    const { Database } = await import("bun:sqlite");
    const client = new Database(file, { readonly: true });
    client.exec(`PRAGMA query_only = 1; PRAGMA busy_timeout = ${busyTimeoutMs}`);
    const statements = new Map<string, ReturnType<typeof client.query>>();
    return {
      runtime: "bun",
      all<T>(sql: string, ...params: unknown[]) {
        const statement = statements.get(sql) ?? client.query(sql);
        statements.set(sql, statement);
        return statement.all(...(params as never[])) as T[];
      },
      close: () => client.close(),
    };
  }
  const { default: Database } = await import("better-sqlite3");
  const client = new Database(file, { readonly: true, fileMustExist: true, timeout: busyTimeoutMs });
  client.pragma("query_only = 1");
  const statements = new Map<string, ReturnType<typeof client.prepare>>();
  return {
    runtime: "node",
    all<T>(sql: string, ...params: unknown[]) {
      const statement = statements.get(sql) ?? client.prepare(sql);
      statements.set(sql, statement);
      return (statement.all as (...args: unknown[]) => unknown[])(...params) as T[];
    },
    close: () => client.close(),
  };
}
