/**
 * A plain SQLite connection to the search index: positional statements, no ORM (the index is a derived cache with
 * three tables, rebuilt at will). `bun:sqlite` inside OpenCode, under Node the driver the store chooses (`node:sqlite`, else `better-sqlite3`).
 */
import type { PlainStatement } from "../../store/driver.js";
import type { IndexRows, SqlValue } from "./index-reader.js";

export type { SqlValue } from "./index-reader.js";

/** The index's rows to read and write (the transcripts' upkeep); a search holds only `IndexRows`. */
export interface IndexConnection extends IndexRows {
  readonly runtime: "bun" | "node";
  exec(sql: string): void;
  run(sql: string, ...params: SqlValue[]): void;
  close(): void;
}

/** Statements prepared once per text: a search runs the same few again and again. */
function statementCache<S>(prepare: (sql: string) => S): { statement: (sql: string) => S; all: () => S[] } {
  const cache = new Map<string, S>();
  return {
    statement: (sql) => {
      let s = cache.get(sql);
      if (s === undefined) {
        s = prepare(sql);
        cache.set(sql, s);
      }
      return s;
    },
    all: () => [...cache.values()],
  };
}

export async function connectIndex(file: string, options: { readonly: boolean }): Promise<IndexConnection> {
  // Loaded with the first connection, not with the plugin: a start that searches nothing never needs it.
  const { isBun } = await import("../../store/driver.js");
  return isBun ? connectBun(file, options) : connectNode(file, options);
}

async function connectBun(file: string, options: { readonly: boolean }): Promise<IndexConnection> {
  const { Database } = await import("bun:sqlite");
  const client = options.readonly ? new Database(file, { readonly: true }) : new Database(file, { create: true });
  const cache = statementCache((sql) => client.query(sql));
  const statement = cache.statement;
  return {
    runtime: "bun",
    exec: (sql) => client.exec(sql),
    run: (sql, ...params) => {
      statement(sql).run(...(params as never[]));
    },
    all: <T>(sql: string, ...params: SqlValue[]) => statement(sql).all(...(params as never[])) as T[],
    get: <T>(sql: string, ...params: SqlValue[]) =>
      (statement(sql).get(...(params as never[])) ?? undefined) as T | undefined,
    close: () => {
      for (const s of cache.all()) s.finalize();
      client.close();
    },
  };
}

async function connectNode(file: string, options: { readonly: boolean }): Promise<IndexConnection> {
  const { openPlainNode } = await import("../../store/driver.js");
  const client = await openPlainNode(file, options);
  const { statement } = statementCache<PlainStatement>((sql) => client.prepare(sql));
  return {
    runtime: "node",
    exec: (sql) => {
      client.exec(sql);
    },
    run: (sql, ...params) => {
      statement(sql).run(...(params as unknown[]));
    },
    all: <T>(sql: string, ...params: SqlValue[]) => statement(sql).all(...(params as unknown[])) as T[],
    get: <T>(sql: string, ...params: SqlValue[]) => statement(sql).get(...(params as unknown[])) as T | undefined,
    close: () => client.close(),
  };
}
