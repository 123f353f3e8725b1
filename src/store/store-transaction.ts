/**
 * A transaction on the store, and what its failure means: reads and writes each run in one transaction of the ORM,
 * a write is tried again while another process holds the lock, and a failure of the store itself becomes a message
 * that says what is wrong and what to do.
 */
import { StoreUnavailableError } from "../errors.js";
import type { LedgerDatabase, SqliteConnection } from "./driver.js";

/** A write that meets another process's lock tries again after 1 ms plus up to this much at random. */
const LOCK_POLL_JITTER_MS = 3;

/**
 * One IMMEDIATE transaction, tried again while another process holds the write lock, up to the busy timeout.
 * SQLite's own wait sleeps up to 100 ms between its tries, blocking the thread: a process that writes in a loop can
 * hold the lock at each of them, and the waiter gives up. Trying every few milliseconds between turns of the event
 * loop finds the gaps between the other's transactions, and leaves the host's thread free meanwhile. A try that
 * meets the lock has written nothing, so running `fn` again is safe.
 */
export async function transact<T>(
  store: { readonly file: string; readonly busyTimeoutMs: number },
  connection: SqliteConnection,
  fn: (db: LedgerDatabase, connection: SqliteConnection) => T,
  durable: boolean,
): Promise<T> {
  const deadline = performance.now() + store.busyTimeoutMs;
  for (;;) {
    connection.exec("PRAGMA busy_timeout = 0");
    // Set and restored in the same synchronous step, so no other write of this process commits under it.
    const synchronous = durable ? undefined : connection.get<{ synchronous: number }>("PRAGMA synchronous");
    if (synchronous) connection.exec("PRAGMA synchronous = NORMAL");
    try {
      return inTransaction(connection, fn, "immediate");
    } catch (error) {
      const busy = sqliteCode(error)?.startsWith("SQLITE_BUSY") ?? false;
      if (!busy || performance.now() >= deadline) throw storeFailure(store.file, error, "nothing was written");
    } finally {
      if (synchronous) connection.exec(`PRAGMA synchronous = ${synchronous.synchronous}`);
      connection.exec(`PRAGMA busy_timeout = ${store.busyTimeoutMs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * LOCK_POLL_JITTER_MS));
  }
}

/** `fn` in one transaction of the ORM, with the connection: its own statements run in the same transaction. */
export function inTransaction<T>(
  connection: SqliteConnection,
  fn: (db: LedgerDatabase, connection: SqliteConnection) => T,
  behavior: "deferred" | "immediate",
): T {
  return connection.db.transaction((tx) => fn(tx as unknown as LedgerDatabase, connection), { behavior });
}

/** SQLite's own code of a failure, also when drizzle wrapped it. */
function sqliteCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("SQLITE_")) return code;
  }
  return undefined;
}

/**
 * A failure of the store itself (disk full, read-only, I/O error, damage, held locked) as a message that says what is
 * wrong and what to do; any other error (ours, a refusal inside the transaction) as it is.
 */
export function storeFailure(file: string, error: unknown, outcome: string): unknown {
  const code = sqliteCode(error);
  if (!code) return error;
  const detail = describeCause(error);
  const why = code.startsWith("SQLITE_FULL")
    ? "the disk holding it is full; free some space"
    : code.startsWith("SQLITE_READONLY")
      ? "it cannot be written (a read-only folder, file or file system)"
      : code.startsWith("SQLITE_IOERR")
        ? `the disk reported an error (${detail})`
        : code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")
          ? `another process kept it locked for longer than the wait (${detail}); try again`
          : code.startsWith("SQLITE_CORRUPT") || code.startsWith("SQLITE_NOTADB")
            ? `it is damaged (${detail}). Run "opencode-ledger doctor" to see what is wrong`
            : undefined;
  return why ? new StoreUnavailableError(file, `${why}; ${outcome}`, { cause: error }) : error;
}

export function describeCause(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
