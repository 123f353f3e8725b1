/**
 * The sessions of an OpenCode 2.x database: `session_v2` (one row a session, `project` for its root) and
 * `session_message` (`id`, `session_id`, `type`, `seq`, `time_created`, `data`: the stored message without its id and
 * type), as @opencode/core 2.0.26 declares them (packages/core/src/session/sql.ts). Messages are read in their order
 * (`seq`) and in the transcript's message form (../source/v2-messages.ts), then narrowed like every source's.
 */
import { narrowSessionMessages, type SessionInfo } from "../source/session-source.js";
import { fromStoredMessages } from "../source/v2-messages.js";
import { type ListingSource, listingsOf, type SessionListing } from "./session-listing.js";

type Query = <T>(what: string, sql: string, ...params: unknown[]) => T[];

interface V2SessionRow {
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
  "s.id, s.parent_id, s.slug, s.directory, s.title, NULL AS revert, s.time_created, s.time_updated, p.worktree";

/** How the database source reads a row: shared by both schemas. */
export interface RowReaders {
  listingOf: (row: V2SessionRow) => SessionListing | string;
  infoOf: (row: V2SessionRow) => SessionInfo;
  parseData: (raw: unknown, where: string) => Record<string, unknown>;
}

export function v2Tables(
  query: Query,
  { listingOf, infoOf, parseData }: RowReaders,
): Omit<ListingSource, "name" | "close"> {
  return {
    async list() {
      // The bytes of the stored JSON of the session's messages, as for 1.x's parts (octet_length reads no text).
      const rows = query<V2SessionRow>(
        "the session list",
        `SELECT ${SESSION_COLUMNS},
           (SELECT COALESCE(SUM(octet_length(data)), 0) FROM session_message m WHERE m.session_id = s.id) AS bytes
         FROM session_v2 s LEFT JOIN project p ON p.id = s.project_id
         ORDER BY s.time_updated DESC, s.id DESC`,
      );
      return listingsOf(rows, listingOf);
    },
    async session(sessionID) {
      const [row] = query<V2SessionRow>(
        `session ${sessionID}`,
        `SELECT ${SESSION_COLUMNS} FROM session_v2 s LEFT JOIN project p ON p.id = s.project_id WHERE s.id = ?`,
        sessionID,
      );
      return row ? infoOf(row) : undefined;
    },
    async messages(sessionID) {
      const where = `the messages of ${sessionID}`;
      const rows = query<{ id: unknown; type: unknown; time_created: unknown; data: unknown }>(
        where,
        "SELECT id, type, time_created, data FROM session_message WHERE session_id = ? ORDER BY seq",
        sessionID,
      );
      const stored = rows.map((row) => {
        const data = parseData(row.data, `${where}: message ${String(row.id).slice(0, 80)}`);
        const time = typeof data.time === "object" && data.time !== null ? data.time : { created: row.time_created };
        return { ...data, time, id: row.id, type: row.type };
      });
      return narrowSessionMessages(fromStoredMessages(sessionID, stored), where);
    },
  };
}
