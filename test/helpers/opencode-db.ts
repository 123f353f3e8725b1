/**
 * A database shaped like OpenCode 1.18's own (the session tables of test/fixtures/opencode-1.18-sessions.sql), or
 * like 2.x's (test/fixtures/opencode-2.0-sessions.sql, from its published schema), filled with sessions the way that
 * version stores them (1.x: `data` is the message or part without the ids it has columns for; 2.x: one
 * `session_message` row a message, `data` without its id and type), for tests and benchmarks of the backfill. The
 * same sessions go into either, so one suite runs over both. Written through the runtime's own driver, so it runs on
 * Node and on Bun.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { connect, type SqliteConnection } from "../../src/store/driver.js";
import type { SessionExport } from "../../src/transcripts/source/export-file-source.js";
import { syntheticSession } from "./synthetic-session.js";

/** The OpenCode database layouts the backfill reads. */
export type OpencodeSchema = "1.18" | "2.0";
export const OPENCODE_SCHEMAS: readonly OpencodeSchema[] = ["1.18", "2.0"];
const SCHEMA: Record<OpencodeSchema, string> = {
  "1.18": fileURLToPath(new URL("../fixtures/opencode-1.18-sessions.sql", import.meta.url)),
  "2.0": fileURLToPath(new URL("../fixtures/opencode-2.0-sessions.sql", import.meta.url)),
};

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

/**
 * A new database in `dir` in the layout of `schema` (default 1.18); with `existing`, the database OpenCode itself made
 * there (its tables are kept).
 */
export async function createOpencodeDb(
  dir: string,
  { existing = false, schema = "1.18" }: { existing?: boolean; schema?: OpencodeSchema } = {},
): Promise<FakeOpencodeDb> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "opencode.db");
  const connection = await connect(file, { readonly: false });
  connection.exec("PRAGMA journal_mode = WAL");
  if (!existing) connection.exec(fs.readFileSync(SCHEMA[schema], "utf8"));
  // Both drivers' clients prepare a statement that runs with positional parameters.
  const client = (connection.db as unknown as { $client: { prepare(sql: string): { run(...p: unknown[]): unknown } } })
    .$client;
  const run = (sql: string, ...params: unknown[]) => {
    client.prepare(sql).run(...params);
  };
  const projects = new Set<string>();
  if (schema === "2.0") return v2Db(file, connection, run);
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

/** A project row for `worktree` ("/" is OpenCode's global project); its id. */
function projectOf(run: (sql: string, ...params: unknown[]) => void, projects: Set<string>, worktree: string): string {
  const projectID = worktree === "/" ? "global" : `prj_${Buffer.from(worktree).toString("hex").slice(-16)}`;
  if (!projects.has(projectID)) {
    run(
      "INSERT OR IGNORE INTO project (id, worktree, time_created, time_updated, sandboxes) VALUES (?, ?, 0, 0, '[]')",
      projectID,
      worktree,
    );
    projects.add(projectID);
  }
  return projectID;
}

type Row = Record<string, unknown>;

/** A 1.x part in 2.x's stored form: an assistant's text, reasoning or tool call; other parts are not stored by 2.x. */
function storedContent(part: Row): Row | undefined {
  if (part.type === "text") return { type: "text", text: part.text };
  if (part.type === "reasoning") return { type: "reasoning", text: part.text };
  if (part.type !== "tool") return undefined;
  const state = part.state as Row;
  const input = state.input;
  const time = state.time as { start?: number; end?: number } | undefined;
  const stored =
    state.status === "completed"
      ? {
          status: "completed",
          input,
          content: [{ type: "text", text: String(state.output ?? "") }],
          metadata: state.metadata ?? {},
        }
      : state.status === "error"
        ? { status: "error", input, error: { type: "unknown", message: String(state.error ?? "") } }
        : { status: "running", input, metadata: {} };
  return {
    type: "tool",
    id: part.callID,
    name: part.tool,
    state: stored,
    time: { created: time?.start ?? 0, completed: time?.end },
  };
}

/** A 1.x message in 2.x's stored form (`data` of `session_message`: without id and type). */
function storedMessage(message: SessionExport["messages"][number]): { type: string; data: Row } {
  const info = message.info as unknown as Row;
  const parts = message.parts as unknown as Row[];
  const time = info.time as { created: number; completed?: number };
  if (info.role === "user") {
    const text = parts.flatMap((p) => (p.type === "text" && typeof p.text === "string" ? [p.text] : [])).join("\n");
    return { type: "user", data: { text, files: [], agents: [], skills: [], time: { created: time.created } } };
  }
  const content = parts.flatMap((p) => storedContent(p) ?? []);
  return {
    type: "assistant",
    data: {
      agent: info.agent ?? info.mode ?? "build",
      model: { id: info.modelID, providerID: info.providerID },
      content,
      time: { created: time.created, ...(time.completed ? { completed: time.completed } : {}) },
    },
  };
}

function v2Db(
  file: string,
  connection: SqliteConnection,
  run: (sql: string, ...params: unknown[]) => void,
): FakeOpencodeDb {
  const projects = new Set<string>();
  return {
    file,
    connection,
    run,
    add(session, extra = {}) {
      const info = session.info;
      const projectID = projectOf(run, projects, extra.worktree ?? "/");
      run(
        `INSERT INTO session_v2 (id, project_id, parent_id, slug, directory, title, version, time_created, time_updated)
         VALUES (?, ?, ?, ?, ?, ?, '2.0.26', ?, ?)`,
        info.id,
        projectID,
        extra.parentID ?? info.parentID ?? null,
        info.slug ?? "slug",
        info.directory,
        info.title,
        info.time.created,
        extra.updated ?? info.time.updated,
      );
      session.messages.forEach((message, seq) => {
        const { type, data } = storedMessage(message);
        const created = message.info.time.created;
        run(
          `INSERT INTO session_message (id, session_id, type, seq, time_created, time_updated, data)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
          message.info.id,
          info.id,
          type,
          seq,
          created,
          created,
          JSON.stringify(data),
        );
      });
    },
    remove(sessionID) {
      run("DELETE FROM session_message WHERE session_id = ?", sessionID);
      run("DELETE FROM session_v2 WHERE id = ?", sessionID);
    },
    close: () => connection.close(),
  };
}

/** A synthetic session whose message and part ids are its own (OpenCode's ids are unique across sessions). */
export function storedSession(turns: number, sessionID: string, outputBytes?: number): SessionExport {
  return syntheticSession(turns, sessionID, outputBytes, sessionID.slice(4)).data;
}
