/**
 * One writer of team memory at a time, across every process of one store: a save lands in the index, then in the
 * file; a second process that brought its index in line with the file between the two would see an entry the file
 * does not hold yet and move it to the trash. The lock spans both steps (and every sync that may trash), so a sync
 * only ever reads a file that agrees with the store.
 *
 * The lock is SQLite's own write lock on a small file of the data folder (`team.lock`, never through a link): the
 * system releases it when its process dies, kill -9 included, so no stale lock is ever left to clean up.
 */
import fs from "node:fs";
import path from "node:path";
import { ConflictError } from "../errors.js";
import { noFollow } from "../private-file.js";
import type { SqliteConnection } from "../store/driver.js";
import { checkOwnPath, ensureDataDir } from "../store/private-path.js";

export const TEAM_LOCK_FILE = "team.lock";
/** How long a change waits for another process's (default 30 s: a change holds it for a git call at most). */
const WAIT_MS = 30_000;
const POLL_MS = 5;

export interface TeamLock {
  /** Runs `fn` holding the lock; one holder at a time in this process and across processes. */
  hold<T>(fn: () => Promise<T>): Promise<T>;
}

function createLockFile(file: string): void {
  if (checkOwnPath(file, "file")) return;
  for (const suffix of ["-journal", "-wal", "-shm"]) checkOwnPath(file + suffix, "file");
  const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | noFollow();
  try {
    fs.closeSync(fs.openSync(file, flags, 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

const isBusy = (error: unknown): boolean => /SQLITE_BUSY|database is locked/i.test(String(error));

export function createTeamLock(dataDir: string, waitMs = WAIT_MS): TeamLock {
  const file = path.join(dataDir, TEAM_LOCK_FILE);
  let chain: Promise<unknown> = Promise.resolve();

  // Opened for each hold and closed after it: nothing stays open between changes, and there is nothing to close.
  const open = async (): Promise<SqliteConnection> => {
    ensureDataDir(dataDir);
    createLockFile(file);
    const { connect } = await import("../store/driver.js");
    const connection = await connect(file, { readonly: false });
    connection.exec("PRAGMA busy_timeout = 0");
    return connection;
  };

  const acquire = async (): Promise<SqliteConnection> => {
    const c = await open();
    const deadline = performance.now() + waitMs;
    for (;;) {
      try {
        // IMMEDIATE takes the file's write lock now, though nothing is ever written under it.
        c.exec("BEGIN IMMEDIATE");
        return c;
      } catch (error) {
        if (!isBusy(error) || performance.now() >= deadline) c.close();
        if (!isBusy(error)) throw error;
        if (performance.now() >= deadline) {
          throw new ConflictError(
            `another process has been changing team memory for over ${Math.round(waitMs / 1000)} s (${file} is locked); nothing was changed. Try again.`,
          );
        }
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS + Math.random() * POLL_MS));
    }
  };

  const run = async <T>(fn: () => Promise<T>): Promise<T> => {
    const c = await acquire();
    try {
      return await fn();
    } finally {
      try {
        c.exec("ROLLBACK");
      } finally {
        c.close();
      }
    }
  };

  return {
    hold<T>(fn: () => Promise<T>): Promise<T> {
      const next = chain.then(
        () => run(fn),
        () => run(fn),
      );
      chain = next.catch(() => undefined);
      return next;
    },
  };
}
