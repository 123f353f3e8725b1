/**
 * Sessions read straight from OpenCode's own SQLite file, opened read-only (see ./opencode-db.ts for where it is).
 * Every value is narrowed here, as the host source does, so a row that is not what OpenCode writes is refused with
 * its reason instead of reaching the renderer. A 1.x database (`session`, `message`, `part`): messages are ordered as
 * OpenCode orders them (creation time, then id) and parts by id, and rebuilt in the shape its server returns (`data`
 * plus the ids it strips). A 2.x database (`session_v2`, `session_message`: ./database-v2.ts) is read when it has
 * those tables; its stored messages are read in the same form (../source/v2-messages.ts).
 */
import fs from "node:fs";
import { TranscriptError } from "../../errors.js";
import { openReadOnly, type ReadOnlySqlite } from "../../store/driver.js";
import { narrowSessionInfo, narrowSessionMessages, type SessionInfo } from "../source/session-source.js";
import { v2Tables } from "./database-v2.js";
import { type ListingSource, listingsOf, type SessionListing } from "./session-listing.js";

export interface SessionRow {
  id: unknown;
  parent_id: unknown;
  slug: unknown;
  directory: unknown;
  title: unknown;
  revert: unknown;
  time_created: unknown;
  time_updated: unknown;
  worktree: unknown;
  bytes?: unknown;
}

const SESSION_COLUMNS =
  "s.id, s.parent_id, s.slug, s.directory, s.title, s.revert, s.time_created, s.time_updated, p.worktree";

export async function createDatabaseSource(file: string): Promise<ListingSource> {
  if (!fs.existsSync(file)) throw new TranscriptError(`OpenCode's database ${file} does not exist`);
  let db: ReadOnlySqlite;
  try {
    db = await openReadOnly(file);
  } catch (cause) {
    throw new TranscriptError(`cannot open OpenCode's database ${file} read-only: ${(cause as Error).message}`, {
      cause,
    });
  }
  const query = <T>(what: string, sql: string, ...params: unknown[]): T[] => {
    try {
      return db.all<T>(sql, ...params);
    } catch (cause) {
      throw new TranscriptError(`cannot read ${what} from OpenCode's database ${file}: ${(cause as Error).message}`, {
        cause,
      });
    }
  };

  const tables = query<{ name: unknown }>("the table list", "SELECT name FROM sqlite_master WHERE type = 'table'");
  const names = new Set(tables.map((t) => String(t.name)));
  if (names.has("session_v2") && names.has("session_message")) {
    return {
      name: `OpenCode's database ${file}`,
      ...v2Tables(query, { listingOf, infoOf, parseData }),
      close: () => db.close(),
    };
  }

  return {
    name: `OpenCode's database ${file}`,
    async list() {
      // The size is the bytes of the stored JSON of the session's parts, summed by SQLite without reading it out
      // (octet_length takes them from each row's header; length counts the characters, reading every one: over 150
      // MB of parts, 0.1 s against 0.2-0.4 s, which OpenCode's thread waits for).
      const rows = query<SessionRow>(
        "the session list",
        `SELECT ${SESSION_COLUMNS},
           (SELECT COALESCE(SUM(octet_length(data)), 0) FROM part WHERE part.session_id = s.id) AS bytes
         FROM session s LEFT JOIN project p ON p.id = s.project_id
         ORDER BY s.time_updated DESC, s.id DESC`,
      );
      return listingsOf(rows, listingOf);
    },
    async session(sessionID) {
      const [row] = query<SessionRow>(
        `session ${sessionID}`,
        `SELECT ${SESSION_COLUMNS} FROM session s LEFT JOIN project p ON p.id = s.project_id WHERE s.id = ?`,
        sessionID,
      );
      return row ? infoOf(row) : undefined;
    },
    async messages(sessionID) {
      const where = `the messages of ${sessionID}`;
      const messages = query<{ id: unknown; data: unknown }>(
        where,
        "SELECT id, data FROM message WHERE session_id = ? ORDER BY time_created, id",
        sessionID,
      );
      const parts = query<{ id: unknown; message_id: unknown; data: unknown }>(
        where,
        "SELECT id, message_id, data FROM part WHERE session_id = ? ORDER BY message_id, id",
        sessionID,
      );
      const byMessage = new Map<string, unknown[]>();
      for (const part of parts) {
        const messageID = String(part.message_id);
        const data = parseData(part.data, `${where}: part ${String(part.id).slice(0, 80)}`);
        const list = byMessage.get(messageID) ?? [];
        list.push({ ...data, id: part.id, sessionID, messageID });
        byMessage.set(messageID, list);
      }
      const shaped = messages.map((m) => ({
        info: { ...parseData(m.data, `${where}: message ${String(m.id).slice(0, 80)}`), id: m.id, sessionID },
        parts: byMessage.get(String(m.id)) ?? [],
      }));
      return narrowSessionMessages(shaped, where);
    },
    close: () => db.close(),
  };
}

export function parseData(raw: unknown, where: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = typeof raw === "string" ? JSON.parse(raw) : undefined;
  } catch (cause) {
    throw new TranscriptError(`${where}: its data is not JSON (${(cause as Error).message})`, { cause });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TranscriptError(`${where}: its data is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** The listing of a row, or why it cannot be listed. */
export function listingOf(row: SessionRow): SessionListing | string {
  if (typeof row.id !== "string") return "its id is not text";
  if (typeof row.time_created !== "number" || typeof row.time_updated !== "number") return "it has no valid times";
  if (typeof row.directory !== "string") return "it has no directory";
  return {
    id: row.id,
    parentID: typeof row.parent_id === "string" ? row.parent_id : undefined,
    directory: row.directory,
    worktree: typeof row.worktree === "string" ? row.worktree : undefined,
    title: typeof row.title === "string" ? row.title : "",
    created: row.time_created,
    updated: row.time_updated,
    bytes: typeof row.bytes === "number" ? row.bytes : undefined,
  };
}

export function infoOf(row: SessionRow): SessionInfo {
  const where = `session ${String(row.id).slice(0, 80)}`;
  let revert: unknown;
  if (typeof row.revert === "string") revert = parseData(row.revert, `${where}: revert`);
  return narrowSessionInfo(
    {
      id: row.id,
      slug: typeof row.slug === "string" ? row.slug : undefined,
      title: row.title,
      directory: row.directory,
      ...(typeof row.parent_id === "string" ? { parentID: row.parent_id } : {}),
      ...(revert ? { revert } : {}),
      time: { created: row.time_created, updated: row.time_updated },
    },
    where,
  );
}
