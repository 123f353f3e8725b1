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
import { FTS_TABLES, foreignTables, INDEX_VERSION, schema } from "./index-schema.js";
import type { OpenBatch } from "./index-transactions.js";
import type { IndexedTranscript } from "./index-update.js";

export const INDEX_FILE = "search-index.db";
const BUSY_TIMEOUT_MS = 10_000;
/** Pages one FTS5 merge step writes, and the steps one settling of removals runs at most (256 MB of 4 KiB pages). */
const MERGE_PAGES = 16;
const MAX_MERGE_STEPS = 4_096;

const totalChanges = (c: IndexConnection) => c.get<{ n: number }>("SELECT total_changes() AS n")?.n ?? 0;

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
    const { openBatch } = await import("./index-transactions.js");
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
    const [{ dropSession }, { inTransaction }] = await Promise.all([
      import("./index-update.js"),
      import("./index-transactions.js"),
    ]);
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
