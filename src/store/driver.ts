/**
 * The one place that knows which SQLite driver runs: `bun:sqlite` inside OpenCode (a Bun process, also the CLI when
 * OpenCode's runtime runs it); under Node `node:sqlite` where the Node version has it, else `better-sqlite3` if it is
 * installed. The first two need no native build. All are synchronous and give drizzle the same query API; nothing
 * else in the store depends on what a driver returns from `run()`.
 */
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { NoDriverError } from "../errors.js";
import type * as schema from "./schema.js";

export type LedgerDatabase = BaseSQLiteDatabase<"sync", unknown, typeof schema>;
export type DriverName = "bun:sqlite" | "node:sqlite" | "better-sqlite3";

export interface SqliteConnection {
  readonly db: LedgerDatabase;
  readonly runtime: "bun" | "node";
  readonly driver: DriverName;
  /** Runs one or more statements without results (pragmas, DDL). */
  exec(sql: string): void;
  /** First row of a query, or undefined. */
  get<T>(sql: string, ...params: unknown[]): T | undefined;
  migrate(migrationsFolder: string): void;
  close(): void;
}

export interface OpenOptions {
  readonly: boolean;
}

/** A loaded driver: opening a file with it can still fail, for reasons of the file (those are not driver faults). */
export interface SqliteDriver {
  readonly name: DriverName;
  /** The SQLite library's version, for doctor. */
  readonly sqliteVersion: string;
  open(file: string, options: OpenOptions): SqliteConnection;
}

/** Why one driver could not be loaded, in a few words. */
export interface DriverMiss {
  readonly name: DriverName;
  readonly reason: string;
}

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
