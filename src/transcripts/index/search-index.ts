/**
 * The full-text index of the transcripts: `<dataDir>/search-index.db`, a file of its own beside the store, derived
 * from the transcripts alone, so it can be dropped and rebuilt at any time. It is opened on first use and never
 * created by a search. A missing, damaged or newer index is reported as unusable with the reason, and the search falls
 * back to the scan. The file and its -wal/-shm are 0600 whatever the umask.
 */
import fs from "node:fs";
import path from "node:path";
import { noFollow } from "../../private-file.js";
import { DATABASE_FILES } from "../../store/database-files.js";
import { checkOwnPath, ensurePrivateDir } from "../../store/private-path.js";
import type { TranscriptIndexer } from "../export/transcript-indexer.js";
import type { TranscriptFile } from "../listing.js";
import type { IndexConnection } from "./index-connection.js";
import type { CatchUp, IndexReader } from "./index-reader.js";
import type { IndexedTranscript, OpenBatch } from "./index-update.js";

export const INDEX_FILE = "search-index.db";
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
const BUSY_TIMEOUT_MS = 10_000;
/** Pages one FTS5 merge step writes, and the steps one settling of removals runs at most (256 MB of 4 KiB pages). */
const MERGE_PAGES = 16;
const MAX_MERGE_STEPS = 4_096;

const totalChanges = (c: IndexConnection) => c.get<{ n: number }>("SELECT total_changes() AS n")?.n ?? 0;

/** The tables, with the tokenizer of ./index-tokens.ts (loaded with the first open, as the driver is). */
const schema = (tokenizer: string) => `
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

export type IndexHealth =
  | { usable: true; connection: IndexConnection }
  | { usable: false; state: IndexState; reason: string; fix: string };

/**
 * Why an index cannot be used. "foreign": the file is a SQLite database that is no index of ours (a file put in its
 * place): it is never written, and doctor --fix moves it aside rather than deleting it.
 */
export type IndexState = "absent" | "damaged" | "newer" | "foreign";

/** What makes each unusable index answer again, as the search's fallback line and doctor say it. */
export const INDEX_FIX: Record<IndexState, string> = {
  absent: 'the next export makes it; "opencode-ledger doctor --fix" builds it now',
  damaged: '"opencode-ledger doctor --fix" rebuilds it from the transcripts',
  newer: 'upgrade opencode-ledger to use it ("opencode-ledger doctor --fix" leaves it alone too)',
  foreign: '"opencode-ledger doctor --fix" moves it aside (nothing is deleted) and builds the index',
};

const unusable = (state: IndexState, reason: string): IndexHealth => ({
  usable: false,
  state,
  reason,
  fix: INDEX_FIX[state],
});

/** Tables of the index (FTS5's own tables are named after its two), and a column each must have. */
const OWN_TABLES: Record<string, string> = {
  sessions: "session_id",
  units: "byte_start",
  unit_text: "words",
  marker_text: "words",
  index_totals: "bytes",
};
const FTS_TABLES = ["unit_text", "marker_text"] as const;

/**
 * The tables of `connection` that no index of ours has, or ours without their columns: empty for an empty file or
 * one of our indexes of any format, else the names found (a foreign database put at the index's path).
 */
function foreignTables(connection: IndexConnection): string[] {
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

function tighten(file: string): void {
  for (const suffix of DATABASE_FILES) {
    try {
      fs.chmodSync(file + suffix, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/** Creates the index file 0600, exclusively and never through a link; one that exists is left as it is. */
function createIndexFile(file: string): void {
  const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | noFollow();
  try {
    fs.closeSync(fs.openSync(file, flags, 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class SearchIndex implements TranscriptIndexer, IndexReader {
  readonly file: string;
  private connection: IndexConnection | undefined;
  private opening: Promise<IndexHealth> | undefined;
  /** Sessions were forgotten since removals were last settled (`settleRemovals`). */
  private forgotten = false;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, INDEX_FILE);
  }

  exists(): boolean {
    return this.connection !== undefined || fs.existsSync(this.file);
  }

  /** The index for reading; never creates it. */
  async forReading(): Promise<IndexHealth> {
    if (!this.exists()) {
      return unusable("absent", `the search index ${this.file} does not exist yet`);
    }
    return this.open();
  }

  /** The index for writing, created (empty) when it does not exist. */
  async forWriting(): Promise<IndexHealth> {
    return this.open();
  }

  /** Indexes what the transcript holds past what the index covers, creating the index on first use. */
  async update(transcript: IndexedTranscript): Promise<string | undefined> {
    const health = await this.forWriting();
    if (!health.usable) return `not indexed (${health.reason})`;
    // Loaded on first use: every OpenCode process builds a SearchIndex at start-up, few of them export.
    const { refreshIndex } = await import("./index-update.js");
    const refresh = refreshIndex(health.connection, transcript);
    return refresh.restarted && refresh.restarted !== "new"
      ? `indexed again from its first line (${refresh.restarted})`
      : undefined;
  }

  /**
   * Runs `fn` with the index updates it makes in one transaction of the index, committed when it returns or throws:
   * the backfill's second pass, which indexes many transcripts, costs one commit and one FTS5 segment per batch. An
   * update that fails inside it undoes the batch so far (the ones after it run on their own). The index is derived,
   * so a batch lost to a failure or a crash only leaves it behind its transcripts, and the next update or ranked
   * search indexes them again from its own record. When the index cannot be written, `fn` runs alone.
   */
  async batch<T>(fn: () => Promise<T>): Promise<T> {
    const health = await this.forWriting();
    if (!health.usable) return fn();
    const { openBatch } = await import("./index-update.js");
    let batch: OpenBatch;
    try {
      batch = openBatch(health.connection);
    } catch {
      return fn(); // held by another process past the busy timeout: each update tries on its own
    }
    try {
      return await fn();
    } finally {
      // Also when `fn` throws: what its updates added stays (a failed update has undone the batch itself).
      batch.commit();
    }
  }

  async coveredBytes(): Promise<Map<string, number> | undefined> {
    const health = await this.forWriting();
    if (!health.usable) return undefined;
    const rows = health.connection.all<{ session_id: string; bytes: number }>("SELECT session_id, bytes FROM sessions");
    return new Map(rows.map((r) => [r.session_id, r.bytes]));
  }

  async forget(sessionID: string): Promise<void> {
    const health = await this.forReading();
    if (!health.usable) return;
    const { dropSession, inTransaction } = await import("./index-update.js");
    inTransaction(health.connection, () => dropSession(health.connection, sessionID));
    this.forgotten = true;
  }

  /**
   * After transcripts were forgotten (the cleanup): their words are taken out of the file. A contentless_delete
   * table marks a deleted row's entries as deleted in the segments that hold them (FTS5's secure-delete does not
   * apply to it), and they stay there until those segments are merged; a merge of every segment writes them out, and
   * a truncating checkpoint clears the old pages from the WAL (secure_delete zeroes the pages freed). Bounded by
   * MAX_MERGE_STEPS steps of MERGE_PAGES pages; nothing is done when nothing was forgotten since the last time,
   * unless `always` (doctor --fix, on an index of many segments). Returns the steps run.
   */
  async settleRemovals(always = false): Promise<number> {
    if (!this.forgotten && !always) return 0;
    const health = await this.forReading();
    if (!health.usable) return 0;
    const c = health.connection;
    let steps = 0;
    for (const table of FTS_TABLES) {
      // Each step merges up to MERGE_PAGES pages and reports a change while work was left (FTS5's documented loop).
      for (let before = totalChanges(c); steps < MAX_MERGE_STEPS; ) {
        c.run(`INSERT INTO ${table} (${table}, rank) VALUES ('merge', ${-MERGE_PAGES})`);
        steps++;
        const after = totalChanges(c);
        // A step takes about 10 ms; between steps (and tables) the process's other work (the agent's turn) goes on.
        await new Promise((resolve) => setImmediate(resolve));
        if (after - before < 2) break;
        before = after;
      }
    }
    c.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    this.forgotten = false;
    return steps;
  }

  async catchUp(files: readonly TranscriptFile[], everything: boolean, budget?: number): Promise<CatchUp> {
    const connection = this.connection;
    if (!connection) throw new Error("the search index is not open: read it (forReading) before a catch-up");
    // Loaded on first use, as index-update.ts is (it writes through it).
    const { catchUp } = await import("./index-catch-up.js");
    return catchUp(connection, files, everything, budget);
  }

  close(): void {
    this.connection?.close();
    this.connection = undefined;
    this.opening = undefined;
  }

  /** Deletes the index file (doctor --fix, before a rebuild). */
  remove(): void {
    this.close();
    for (const suffix of DATABASE_FILES) fs.rmSync(this.file + suffix, { force: true });
  }

  private open(): Promise<IndexHealth> {
    if (this.connection) return Promise.resolve({ usable: true, connection: this.connection });
    this.opening ??= this.doOpen().then((health) => {
      if (health.usable) this.connection = health.connection;
      else this.opening = undefined;
      return health;
    });
    return this.opening;
  }

  private async doOpen(): Promise<IndexHealth> {
    ensurePrivateDir(path.dirname(this.file));
    // Never through a link (nor its -wal, -shm): a link's target is neither opened, chmodded nor created.
    try {
      for (const suffix of DATABASE_FILES) checkOwnPath(this.file + suffix, "file");
      createIndexFile(this.file);
    } catch (error) {
      return unusable("damaged", message(error));
    }
    tighten(this.file);
    // Loaded on first use, as index-update.ts is: the driver and the tokenizer's name are not part of the start.
    const [{ connectIndex }, { TOKENIZER }] = await Promise.all([
      import("./index-connection.js"),
      import("./index-tokens.js"),
    ]);
    let connection: IndexConnection;
    try {
      connection = await connectIndex(this.file, { readonly: false });
    } catch (error) {
      return unusable("damaged", `the search index cannot be opened (${message(error)})`);
    }
    try {
      connection.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // What a removed transcript held is overwritten, not left in free pages.
      connection.exec("PRAGMA secure_delete = ON");
      // The index is derived: in WAL mode NORMAL never damages it, and a commit a power cut takes back only leaves
      // the index behind its transcript, which the next update or ranked search indexes again. No fsync per commit.
      connection.exec("PRAGMA synchronous = NORMAL");
      const version = connection.get<{ user_version: number }>("PRAGMA user_version")?.user_version ?? 0;
      if (version > INDEX_VERSION) {
        connection.close();
        return unusable(
          "newer",
          `the search index has format ${version}, newer than this plugin knows (${INDEX_VERSION}); it is left untouched`,
        );
      }
      // Read before anything is written: a database that is not ours is never changed (nor its journal mode).
      const foreign = foreignTables(connection);
      if (foreign.length > 0) {
        connection.close();
        const names = foreign.slice(0, 5).join(", ") + (foreign.length > 5 ? `, … (${foreign.length})` : "");
        return unusable(
          "foreign",
          `${this.file} is a SQLite database but no search index of opencode-ledger (it holds ${names}); it is left untouched`,
        );
      }
      if (version < INDEX_VERSION) {
        connection.exec("PRAGMA journal_mode = WAL");
        connection.exec("BEGIN IMMEDIATE");
        // Read again under the write lock: another process may have brought it up to date meanwhile.
        const now = connection.get<{ user_version: number }>("PRAGMA user_version")?.user_version ?? 0;
        if (now < INDEX_VERSION) {
          if (now > 0)
            connection.exec(
              `DROP TABLE IF EXISTS unit_text; DROP TABLE IF EXISTS marker_text; DROP TABLE IF EXISTS units;
               DROP TABLE IF EXISTS sessions; DROP TABLE IF EXISTS index_totals;`,
            );
          connection.exec(`${schema(TOKENIZER)} PRAGMA user_version = ${INDEX_VERSION};`);
        }
        connection.exec("COMMIT");
      }
      // A damaged file often opens fine: a read of each table finds it before a search relies on it.
      connection.get("SELECT count(*) FROM sessions");
      connection.get("SELECT rowid FROM unit_text WHERE unit_text MATCH 'a' LIMIT 1");
      connection.get("SELECT rowid FROM marker_text WHERE marker_text MATCH 'a' LIMIT 1");
      connection.get("SELECT bytes FROM index_totals");
      tighten(this.file);
      return { usable: true, connection };
    } catch (error) {
      try {
        connection.exec("ROLLBACK");
      } catch {
        // No transaction was open.
      }
      connection.close();
      return unusable("damaged", `the search index is damaged (${message(error)})`);
    }
  }
}
