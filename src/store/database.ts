/**
 * Opens the ledger's SQLite file lazily: nothing is created until the first write, and a read of an absent store
 * answers "empty". The folder is 0700 and every file 0600 whatever the umask. Migrations run at open; a store stamped
 * by a newer plugin is only read, never altered.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dataLayout } from "../data-dir.js";
import { NoDriverError, StoreTooNewError, StoreUnavailableError } from "../errors.js";
import { writePrivateFile } from "../private-file.js";
import type { LedgerDatabase, SqliteConnection } from "./driver.js";
import { checkDataDir, ensureDataDir } from "./private-path.js";
import { checkStoreFiles, createStoreFile } from "./store-file.js";
import { describeCause, inTransaction, storeFailure, transact } from "./store-transaction.js";

const BUSY_TIMEOUT_MS = 10_000;
/** Beside the store while purged content may still sit in the WAL (see `Database.wipeWal`). */
export const WIPE_PENDING = "-wipe-pending";

/** Folder of the SQL migrations shipped with the package (`migrations/`, beside `src/` and `dist/`). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../migrations", import.meta.url));

export interface DatabaseOptions {
  /** Folder holding `ledger.db` (and the transcripts). */
  dataDir: string;
  /** Where the migrations are; tests point it elsewhere to prove a missing folder is reported. */
  migrationsFolder?: string;
  /** How long a write (or a purge's checkpoint) waits for another process (default 10 s); tests shorten it. */
  busyTimeoutMs?: number;
}

/** Schema version this code knows: the number of migrations in the shipped journal. */
export function knownSchemaVersion(migrationsFolder: string): number {
  const journal = path.join(migrationsFolder, "meta", "_journal.json");
  let text: string;
  try {
    text = fs.readFileSync(journal, "utf8");
  } catch (cause) {
    throw new StoreUnavailableError(
      journal,
      "the migrations folder that ships with opencode-ledger is missing; reinstall the package",
      { cause },
    );
  }
  const parsed = JSON.parse(text) as { entries?: unknown[] };
  return parsed.entries?.length ?? 0;
}

export interface WriteOptions {
  /**
   * False for what can be made again from elsewhere (a transcript's catalog rows: the file beside them is not flushed
   * either, and the export repairs whichever of the two a power cut left behind): the commit is not flushed to disk
   * (no fsync; in WAL mode a crash of the process still loses nothing, a power cut may take the commit back). The
   * next durable commit flushes it with its own. Default true.
   */
  durable?: boolean;
}

export class Database {
  readonly file: string;
  readonly migrationsFolder: string;
  readonly busyTimeoutMs: number;
  private connection: SqliteConnection | undefined;
  private opening: Promise<SqliteConnection> | undefined;
  private tooNew: StoreTooNewError | undefined;

  constructor(options: DatabaseOptions) {
    this.file = dataLayout(options.dataDir).databaseFile;
    this.migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
    this.busyTimeoutMs = options.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
  }

  get dataDir(): string {
    return path.dirname(this.file);
  }

  /** Whether a store file exists; throws when the data folder or the store file is not what the plugin made. */
  exists(): boolean {
    return this.connection !== undefined || (checkDataDir(this.dataDir) && checkStoreFiles(this.file));
  }

  /**
   * Runs `fn` on the store, or returns `empty` when no store file exists yet. Never creates anything. One read
   * transaction, so that what `fn` reads in several statements (a page and its total) is one moment of the store,
   * whatever another process writes meanwhile; in WAL mode it never blocks a writer. `fn` also gets the raw
   * connection, for the reads that run prepared statements of their own.
   */
  async read<T>(fn: (db: LedgerDatabase, connection: SqliteConnection) => T, empty: T): Promise<T> {
    if (!this.exists()) return empty;
    const connection = await this.open();
    try {
      return inTransaction(connection, fn, "deferred");
    } catch (error) {
      throw storeFailure(this.file, error, "nothing was read");
    }
  }

  /** Runs `fn` in one IMMEDIATE transaction, creating the store on first use. All of it lands or none of it does. */
  async write<T>(fn: (db: LedgerDatabase, connection: SqliteConnection) => T, options: WriteOptions = {}): Promise<T> {
    const connection = await this.open();
    if (this.tooNew) throw this.tooNew;
    const result = await transact(this, connection, fn, options.durable ?? true);
    this.retryWipe(connection);
    return result;
  }

  /**
   * Folds the WAL back into the file and truncates it, so no old page of it keeps content that was deleted (after a
   * purge). It waits for readers up to the busy timeout; when one holds on longer, a marker beside the store makes the
   * next write or open of any process try again. The marker is written before the wait, so a process killed while it
   * waits still leaves the wipe owed. True when the WAL is empty now.
   */
  async wipeWal(): Promise<boolean> {
    const connection = await this.open();
    markWipePending(this.file);
    if (!checkpoint(connection)) return false;
    fs.rmSync(this.file + WIPE_PENDING, { force: true });
    return true;
  }

  /** A wipe left pending by a purge, tried again without waiting (a writer or reader still there: next time). */
  private retryWipe(connection: SqliteConnection): void {
    if (this.tooNew || !fs.existsSync(this.file + WIPE_PENDING)) return;
    connection.exec("PRAGMA busy_timeout = 0");
    try {
      if (checkpoint(connection)) fs.rmSync(this.file + WIPE_PENDING, { force: true });
    } catch {
      // Busy or locked: the marker stays for the next write.
    } finally {
      connection.exec(`PRAGMA busy_timeout = ${this.busyTimeoutMs}`);
    }
  }

  /** The raw connection, for maintenance (checkpoints, integrity checks). Opens (and creates) the store. */
  async raw(): Promise<SqliteConnection> {
    return this.open();
  }

  /** The version stamp of the store file, or undefined when it does not exist. */
  async schemaVersion(): Promise<number | undefined> {
    if (!this.exists()) return undefined;
    const connection = await this.open();
    return connection.get<{ user_version: number }>("PRAGMA user_version")?.user_version;
  }

  close(): void {
    if (this.connection) this.retryWipe(this.connection);
    this.connection?.close();
    this.connection = undefined;
    this.opening = undefined;
  }

  private open(): Promise<SqliteConnection> {
    if (this.connection) return Promise.resolve(this.connection);
    this.opening ??= this.doOpen().then(
      (connection) => {
        this.connection = connection;
        return connection;
      },
      (error: unknown) => {
        this.opening = undefined;
        throw error;
      },
    );
    return this.opening;
  }

  private async doOpen(): Promise<SqliteConnection> {
    const known = knownSchemaVersion(this.migrationsFolder);
    // Without a driver nothing is made: no folder, no empty store file left behind.
    // The driver chooser loads with the first open: a plugin start that touches no memory never needs it.
    const { chooseDriver } = await import("./driver.js");
    const { driver, missed } = await chooseDriver();
    if (!driver) throw new NoDriverError(missed);
    ensureDataDir(this.dataDir);
    if (!checkStoreFiles(this.file)) createStoreFile(this.file);
    let connection: SqliteConnection;
    try {
      connection = driver.open(this.file, { readonly: false });
    } catch (cause) {
      throw new StoreUnavailableError(this.file, describeCause(cause), { cause });
    }
    try {
      connection.exec(`PRAGMA busy_timeout = ${this.busyTimeoutMs}`);
      const version = connection.get<{ user_version: number }>("PRAGMA user_version")?.user_version ?? 0;
      if (version > known) {
        // Do not touch a newer store: no journal-mode switch, no migration. Reads still work where the schema allows.
        this.tooNew = new StoreTooNewError(this.file, version, known);
        connection.exec("PRAGMA query_only = ON");
        return connection;
      }
      connection.exec("PRAGMA journal_mode = WAL");
      connection.exec("PRAGMA secure_delete = ON");
      connection.exec("PRAGMA foreign_keys = ON");
      if (version < known) this.migrate(connection, known);
      this.retryWipe(connection);
      return connection;
    } catch (cause) {
      connection.close();
      if (cause instanceof StoreUnavailableError) throw cause;
      throw new StoreUnavailableError(
        this.file,
        `${describeCause(cause)}. Run "opencode-ledger doctor" to see what is wrong.`,
        { cause },
      );
    }
  }

  private migrate(connection: SqliteConnection, known: number): void {
    // Two processes may open a fresh store at once; the loser's migration fails on "already exists" after the
    // winner committed. Re-reading the stamp tells the two cases apart.
    for (let attempt = 1; ; attempt++) {
      try {
        connection.migrate(this.migrationsFolder);
        connection.exec(`PRAGMA user_version = ${known}`);
        return;
      } catch (error) {
        const now = connection.get<{ user_version: number }>("PRAGMA user_version")?.user_version ?? 0;
        if (now >= known) return;
        if (attempt >= 3) throw error;
      }
    }
  }
}

/** The marker that a wipe is owed; replaced whole (never through a link), so a torn write cannot lose it. */
function markWipePending(file: string): void {
  writePrivateFile(file + WIPE_PENDING, `${new Date().toISOString()}\n`);
}

/** A TRUNCATE checkpoint; true when it completed (no reader or writer kept it from emptying the WAL). */
function checkpoint(connection: SqliteConnection): boolean {
  return connection.get<{ busy: number }>("PRAGMA wal_checkpoint(TRUNCATE)")?.busy === 0;
}
