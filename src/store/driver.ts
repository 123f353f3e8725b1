/**
 * The one place that knows which SQLite driver runs: `bun:sqlite` inside OpenCode (a Bun process, also the CLI when
 * OpenCode's runtime runs it); under Node `node:sqlite` where the Node version has it, else `better-sqlite3` if it is
 * installed. The first two need no native build. All are synchronous and give drizzle the same query API; nothing
 * else in the store depends on what a driver returns from `run()`.
 */
import { NoDriverError } from "../errors.js";
import type { DriverMiss, DriverName, OpenOptions, SqliteConnection, SqliteDriver } from "./sqlite-connection.js";

export type {
  DriverMiss,
  DriverName,
  LedgerDatabase,
  OpenOptions,
  SqliteConnection,
  SqliteDriver,
} from "./sqlite-connection.js";

export type DriverChoice = { driver: SqliteDriver; missed: DriverMiss[] } | { driver: undefined; missed: DriverMiss[] };

export const isBun = typeof globalThis.Bun !== "undefined";

const CANDIDATES: readonly DriverName[] = isBun ? ["bun:sqlite"] : ["node:sqlite", "better-sqlite3"];

let choice: Promise<DriverChoice> | undefined;

/** The first driver of this runtime that loads, and why the ones before it did not. Tried once per process. */
export function chooseDriver(): Promise<DriverChoice> {
  choice ??= (async () => {
    const missed: DriverMiss[] = [];
    for (const name of CANDIDATES) {
      try {
        return { driver: await load(name), missed };
      } catch (error) {
        missed.push({ name, reason: error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error) });
      }
    }
    return { driver: undefined, missed };
  })();
  return choice;
}

async function load(name: DriverName): Promise<SqliteDriver> {
  if (name === "bun:sqlite") return (await import("./drivers/bun-sqlite.js")).loadBunSqlite();
  if (name === "node:sqlite") return (await import("./drivers/node-sqlite.js")).loadNodeSqlite();
  return (await import("./drivers/better-sqlite3.js")).loadBetterSqlite3();
}

/** Opens `file` with the chosen driver; a `NoDriverError` when none loads (never a fault of the file). */
export async function connect(file: string, options: OpenOptions): Promise<SqliteConnection> {
  const { driver, missed } = await chooseDriver();
  if (!driver) throw new NoDriverError(missed);
  return driver.open(file, options);
}

/** A statement of a plain connection: both Node drivers give this shape. */
export interface PlainStatement {
  run(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
}

/** A connection without the ORM under Node (the search index, OpenCode's database), through the driver that loads. */
export interface PlainNodeDatabase {
  prepare(sql: string): PlainStatement;
  exec(sql: string): void;
  close(): void;
}

/** Opens `file` with the Node driver the store chose (`node:sqlite`, else `better-sqlite3`); `NoDriverError` if none. */
export async function openPlainNode(file: string, options: OpenOptions): Promise<PlainNodeDatabase> {
  const { driver, missed } = await chooseDriver();
  if (!driver || driver.name === "bun:sqlite") throw new NoDriverError(missed);
  if (driver.name === "node:sqlite")
    return (await import("./drivers/node-sqlite.js")).openNodeSqlitePlain(file, options);
  const { default: Database } = await import("better-sqlite3");
  return new Database(file, { readonly: options.readonly, fileMustExist: options.readonly });
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
  const client = await openPlainNode(file, { readonly: true });
  client.exec(`PRAGMA query_only = 1; PRAGMA busy_timeout = ${busyTimeoutMs}`);
  const statements = new Map<string, PlainStatement>();
  return {
    runtime: "node",
    all<T>(sql: string, ...params: unknown[]) {
      const statement = statements.get(sql) ?? client.prepare(sql);
      statements.set(sql, statement);
      return statement.all(...params) as T[];
    },
    close: () => client.close(),
  };
}
