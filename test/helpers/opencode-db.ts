/**
 * A database shaped like OpenCode 1.18's own (the session tables of test/fixtures/opencode-1.18-sessions.sql), filled
 * with sessions the way OpenCode stores them (`data` is the message or part without the ids it has columns for), for
 * tests and benchmarks of the backfill. Written through the runtime's own driver, so it runs on Node and on Bun.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { connect, type SqliteConnection } from "../../src/store/driver.js";
import type { SessionExport } from "../../src/transcripts/source/export-file-source.js";
import { syntheticSession } from "./synthetic-session.js";

const SCHEMA = fileURLToPath(new URL("../fixtures/opencode-1.18-sessions.sql", import.meta.url));

export interface FakeOpencodeDb {
  file: string;
  connection: SqliteConnection;
  /** Stores a session; `updated` overrides its update time, `worktree` names its project's root. */
  add(session: SessionExport, extra?: { updated?: number; worktree?: string; parentID?: string }): void;
  /** A raw row, for hostile input. */
  run(sql: string, ...params: unknown[]): void;
  remove(sessionID: string): void;
  close(): void;
}

/** A new database in `dir`; with `existing`, the database OpenCode itself made there (its tables are kept). */
export async function createOpencodeDb(dir: string, { existing = false } = {}): Promise<FakeOpencodeDb> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "opencode.db");
  const connection = await connect(file, { readonly: false });
  connection.exec("PRAGMA journal_mode = WAL");
  if (!existing) connection.exec(fs.readFileSync(SCHEMA, "utf8"));
  // Both drivers' clients prepare a statement that runs with positional parameters.
  const client = (connection.db as unknown as { $client: { prepare(sql: string): { run(...p: unknown[]): unknown } } })
    .$client;
  const run = (sql: string, ...params: unknown[]) => {
    client.prepare(sql).run(...params);
  };
  const projects = new Set<string>();
  return {
    file,
    connection,
    run,
    add(session, extra = {}) {
      const info = session.info;
      const worktree = extra.worktree ?? "/";
      const projectID = worktree === "/" ? "global" : `prj_${Buffer.from(worktree).toString("hex").slice(-16)}`;
      if (!projects.has(projectID)) {
        run(
          "INSERT OR IGNORE INTO project (id, worktree, time_created, time_updated, sandboxes) VALUES (?, ?, 0, 0, '[]')",
          projectID,
          worktree,
        );
        projects.add(projectID);
      }
      run(
        `INSERT INTO session (id, project_id, parent_id, slug, directory, title, version, time_created, time_updated)
         VALUES (?, ?, ?, ?, ?, ?, '1.18.33', ?, ?)`,
        info.id,
        projectID,
        extra.parentID ?? info.parentID ?? null,
        info.slug ?? "slug",
        info.directory,
        info.title,
        info.time.created,
        extra.updated ?? info.time.updated,
      );
      for (const message of session.messages) {
        const { id, sessionID: _s, ...data } = message.info as unknown as Record<string, unknown>;
        const created = message.info.time.created;
        run(
          "INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)",
          id,
          info.id,
          created,
          created,
          JSON.stringify(data),
        );
        for (const part of message.parts) {
          const {
            id: partID,
            sessionID: _ps,
            messageID: _pm,
            ...partData
          } = part as unknown as Record<string, unknown>;
          run(
            "INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?)",
            partID,
            id,
            info.id,
            created,
            created,
            JSON.stringify(partData),
          );
        }
      }
    },
    remove(sessionID) {
      run("DELETE FROM part WHERE session_id = ?", sessionID);
      run("DELETE FROM message WHERE session_id = ?", sessionID);
      run("DELETE FROM session WHERE id = ?", sessionID);
    },
    close: () => connection.close(),
  };
}

/** A synthetic session whose message and part ids are its own (OpenCode's ids are unique across sessions). */
export function storedSession(turns: number, sessionID: string, outputBytes?: number): SessionExport {
  return syntheticSession(turns, sessionID, outputBytes, sessionID.slice(4)).data;
}
