/**
 * What a SQLite driver gives the store, whichever it is: a drizzle database over the file and a few raw calls for
 * pragmas, maintenance and migrations. Each driver in drivers/ makes one; driver.ts picks the one that loads.
 */
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
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
  /**
   * Every row of a query, as objects, through a statement prepared once per connection (`statementCache`): for the
   * hot reads (the memory search), which drizzle would build and prepare anew on each call.
   */
  all<T>(sql: string, ...params: unknown[]): T[];
  /** Runs one statement without results through a statement prepared once per connection, as `all` does. */
  run(sql: string, ...params: unknown[]): void;
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

/** The statements a connection keeps prepared, by their text; the oldest one goes when more are asked for. */
export function statementCache<S>(prepare: (sql: string) => S, size = 64): (sql: string) => S {
  const statements = new Map<string, S>();
  return (sql) => {
    const kept = statements.get(sql);
    if (kept) return kept;
    const statement = prepare(sql);
    if (statements.size >= size) statements.delete(statements.keys().next().value as string);
    statements.set(sql, statement);
    return statement;
  };
}
