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
