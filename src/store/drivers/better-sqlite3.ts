/**
 * `better-sqlite3`: the last resort under Node, when the Node version has no `node:sqlite`. A native addon: it is
 * used only where it is already installed and built (the package does not depend on it).
 */
import { type SqliteDriver, statementCache } from "../sqlite-connection.js";

export async function loadBetterSqlite3(): Promise<SqliteDriver> {
  const { default: Database } = await import("better-sqlite3");
  const { drizzle } = await import("drizzle-orm/better-sqlite3");
  const { migrate } = await import("drizzle-orm/better-sqlite3/migrator");
  const schema = await import("../schema.js");
  // Loading the module does not load the addon; opening a database does, and fails here if it was never built.
  const probe = new Database(":memory:");
  const sqliteVersion = (probe.prepare("SELECT sqlite_version() AS v").get() as { v: string }).v;
  probe.close();
  return {
    name: "better-sqlite3",
    sqliteVersion,
    open(file, options) {
      const client = new Database(file, { readonly: options.readonly, fileMustExist: options.readonly });
      const db = drizzle({ client, schema });
      const prepared = statementCache((sql) => client.prepare(sql));
      return {
        db,
        runtime: "node",
        driver: "better-sqlite3",
        exec: (sql) => {
          client.exec(sql);
        },
        get: <T>(sql: string, ...params: unknown[]) => client.prepare(sql).get(...params) as T | undefined,
        all: <T>(sql: string, ...params: unknown[]) => prepared(sql).all(...params) as T[],
        run: (sql: string, ...params: unknown[]) => {
          prepared(sql).run(...params);
        },
        migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
        close: () => client.close(),
      };
    },
  };
}
