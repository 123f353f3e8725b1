/** `bun:sqlite`: the driver inside OpenCode, and for the CLI when OpenCode's runtime runs it. */
import { type SqliteDriver, statementCache } from "../sqlite-connection.js";

export async function loadBunSqlite(): Promise<SqliteDriver> {
  const { Database } = await import("bun:sqlite");
  const { drizzle } = await import("drizzle-orm/bun-sqlite");
  const { migrate } = await import("drizzle-orm/bun-sqlite/migrator");
  const schema = await import("../schema.js");
  const probe = new Database(":memory:");
  const sqliteVersion = probe.query("SELECT sqlite_version() AS v").get() as { v: string };
  probe.close();
  return {
    name: "bun:sqlite",
    sqliteVersion: sqliteVersion.v,
    open(file, options) {
      const client = options.readonly ? new Database(file, { readonly: true }) : new Database(file, { create: true });
      const db = drizzle({ client, schema });
      const prepared = statementCache((sql) => client.prepare(sql));
      return {
        db,
        runtime: "bun",
        driver: "bun:sqlite",
        exec: (sql) => client.exec(sql),
        get: <T>(sql: string, ...params: unknown[]) =>
          (client.query(sql).get(...(params as never[])) ?? undefined) as T | undefined,
        all: <T>(sql: string, ...params: unknown[]) => prepared(sql).all(...(params as never[])) as T[],
        run: (sql: string, ...params: unknown[]) => {
          prepared(sql).run(...(params as never[]));
        },
        migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
        close: () => client.close(),
      };
    },
  };
}
