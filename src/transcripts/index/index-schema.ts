/**
 * The search index's format: its version stamp (SQLite's user_version), its tables, and what tells a file of ours
 * (of any format) from another database put in its place. ./search-index.ts opens, stamps and rebuilds it.
 */
import type { IndexConnection } from "./index-connection.js";

/**
 * The index format this code writes; an index stamped higher was written by a newer plugin and is left alone, one
 * stamped lower is emptied at open and filled again from the transcripts (by the catch-up of the next ranked searches,
 * or `doctor --fix`), since its units were read by other rules. 2: terminal escape sequences and the plugin's own tool
 * results left out, a tool's output holding the start of its call (`units.call_start`, `call_end`), camelCase parts as words,
 * `sessions.partial`. 3: units' line numbers are the numbers written on their lines (not their positions, which a
 * hand edit that removed a line moved), and `sessions.check_line`, `check_byte` say where the last unit starts.
 * 4: a unit's role stored as a number, its last line and end byte as distances from its first line and start byte
 * (./unit-columns.ts), for a smaller file. 5: the bare marker lines (message headers, step notes) are in no unit,
 * their words only in `marker_text` for the literal and regex searches, each with a unit id of its own that no unit
 * takes (`sessions.bare`), so units stand as far apart as before; `index_totals` keeps the sums of the sessions'
 * bytes and of those ids. 6: the parts of a camelCase identifier of two words of four letters or more (`SignalScorer`)
 * as words too (index-tokens.ts).
 * Units are cut at the transcript's marker lines as ../transcript-format.ts reads them: a change to what it reads is
 * a new version here.
 */
export const INDEX_VERSION = 6;

/** The tables, with the tokenizer of ./index-tokens.ts (loaded with the first open, as the driver is). */
export const schema = (tokenizer: string) => `
CREATE TABLE IF NOT EXISTS sessions (
  sid INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL UNIQUE,
  relative TEXT NOT NULL,
  scope TEXT,
  ino INTEGER NOT NULL,
  lines INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  tail_hash TEXT NOT NULL,
  state TEXT NOT NULL,
  mtime_ms REAL NOT NULL,
  first_time INTEGER,
  last_time INTEGER,
  -- 1 when the index leaves out some of the transcript's text (the plugin's own tool results, escape sequences):
  -- the literal and regex searches never rule it out by the index.
  partial INTEGER NOT NULL DEFAULT 0,
  -- The number written on the last unit's first line and the byte it starts at: an update reads it back to see
  -- whether the lines are still where the index has them (index-update.ts, holdsLastUnit).
  check_line INTEGER NOT NULL DEFAULT 0,
  check_byte INTEGER NOT NULL DEFAULT 0,
  -- Unit ids given to its bare marker lines, which are in no unit (index-update.ts): their count with the units' is
  -- how many ids the units are spread over.
  bare INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS units (
  id INTEGER PRIMARY KEY,
  sid INTEGER NOT NULL,
  first_line INTEGER NOT NULL,
  -- The last line and the end byte as distances from the first and the start, the role as a number: read them with
  -- ./unit-columns.ts (last_line, byte_end, role).
  line_span INTEGER NOT NULL,
  byte_start INTEGER NOT NULL,
  byte_span INTEGER NOT NULL,
  role_code INTEGER NOT NULL,
  tool TEXT,
  time INTEGER,
  -- Of a tool's output: the bytes of its call's first lines, which the index holds with it and the second look reads.
  call_start INTEGER,
  call_end INTEGER
);
-- No index of units by session: it was a twentieth of the file, and only dropping a session (a transcript indexed
-- again from its first line, or forgotten) looks units up by session, once, by a scan.
-- FTS5's merge settings stay at their defaults: automerge 16 (crisismerge 64) halved the commits of 2,000 exported
-- sessions (2.4 s to 1.3 s) but made ranked lookups in a 500 MB index grown by exports 30 to 40 % slower.
CREATE VIRTUAL TABLE IF NOT EXISTS unit_text USING fts5(
  words, whole, content='', contentless_delete=1, tokenize="${tokenizer}"
);
-- The words of the bare marker lines (message headers, step notes), which are in no unit, each once per update that
-- read them: only the literal and regex searches ask it (a line of a transcript is in a unit or here), never the
-- ranked one. Row ids are the session's number times 2^20 and the next ones (index-update.ts, MARKER_ROWS).
CREATE VIRTUAL TABLE IF NOT EXISTS marker_text USING fts5(
  words, content='', contentless_delete=1, tokenize="${tokenizer}"
);
-- The sums of sessions.bytes and sessions.bare, kept by the triggers below in the transaction that changes the
-- sessions: a search reads them in place of summing 17,000 rows (3 ms).
CREATE TABLE IF NOT EXISTS index_totals (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  bytes INTEGER NOT NULL,
  bare INTEGER NOT NULL
);
INSERT OR IGNORE INTO index_totals (id, bytes, bare)
  VALUES (1, (SELECT coalesce(sum(bytes), 0) FROM sessions), (SELECT coalesce(sum(bare), 0) FROM sessions));
CREATE TRIGGER IF NOT EXISTS sessions_totals_added AFTER INSERT ON sessions BEGIN
  UPDATE index_totals SET bytes = bytes + new.bytes, bare = bare + new.bare WHERE id = 1;
END;
CREATE TRIGGER IF NOT EXISTS sessions_totals_changed AFTER UPDATE OF bytes, bare ON sessions BEGIN
  UPDATE index_totals SET bytes = bytes - old.bytes + new.bytes, bare = bare - old.bare + new.bare WHERE id = 1;
END;
CREATE TRIGGER IF NOT EXISTS sessions_totals_removed AFTER DELETE ON sessions BEGIN
  UPDATE index_totals SET bytes = bytes - old.bytes, bare = bare - old.bare WHERE id = 1;
END;
`;

/** Tables of the index (FTS5's own tables are named after its two), and a column each must have. */
const OWN_TABLES: Record<string, string> = {
  sessions: "session_id",
  units: "byte_start",
  unit_text: "words",
  marker_text: "words",
  index_totals: "bytes",
};
export const FTS_TABLES = ["unit_text", "marker_text"] as const;

/**
 * The tables of `connection` that no index of ours has, or ours without their columns: empty for an empty file or
 * one of our indexes of any format, else the names found (a foreign database put at the index's path).
 */
export function foreignTables(connection: IndexConnection): string[] {
  const tables = connection.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
  );
  return tables
    .map((t) => t.name)
    .filter((name) => {
      if (FTS_TABLES.some((fts) => name.startsWith(`${fts}_`))) return false;
      const column = OWN_TABLES[name];
      if (column === undefined) return true;
      return !connection.all<{ name: string }>(`PRAGMA table_info("${name}")`).some((c) => c.name === column);
    });
}
