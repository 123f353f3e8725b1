/**
 * The index's transactions: one IMMEDIATE transaction an update runs in (a savepoint inside another), and a batch held
 * open across several updates, so that many small transcripts cost FTS5 one segment and one commit.
 */
import type { IndexConnection } from "./index-connection.js";

/** Transactions open on each connection: an inner one is a savepoint of the outer. */
const depth = new WeakMap<IndexConnection, number>();
/** The batch open on a connection (./search-index.ts `batch`), when its outermost transaction is one. */
const batches = new WeakMap<IndexConnection, object>();

/**
 * Runs `fn` in one IMMEDIATE transaction of the index; inside another, as a savepoint, so a failure undoes its own
 * part only. Directly inside a batch it takes no savepoint: FTS5 writes out what it holds in memory as a segment of
 * its own at every savepoint, which is the cost a batch is there to share, so a failure undoes the whole batch (the
 * index is derived: what it held is indexed again later, from the records that were undone with it).
 */
export function inTransaction<T>(connection: IndexConnection, fn: () => T): T {
  const level = depth.get(connection) ?? 0;
  if (level === 1 && batches.has(connection)) {
    depth.set(connection, 2);
    try {
      const result = fn();
      depth.set(connection, 1);
      return result;
    } catch (error) {
      batches.delete(connection);
      depth.set(connection, 0);
      rollback(connection);
      throw error;
    }
  }
  const savepoint = `index_update_${level}`;
  connection.exec(level === 0 ? "BEGIN IMMEDIATE" : `SAVEPOINT ${savepoint}`);
  depth.set(connection, level + 1);
  try {
    const result = fn();
    connection.exec(level === 0 ? "COMMIT" : `RELEASE ${savepoint}`);
    return result;
  } catch (error) {
    connection.exec(level === 0 ? "ROLLBACK" : `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
    throw error;
  } finally {
    depth.set(connection, level);
  }
}

function rollback(connection: IndexConnection): void {
  try {
    connection.exec("ROLLBACK");
  } catch {
    // SQLite had rolled it back itself (a full disk, an I/O error).
  }
}

/** A transaction held open across several updates until it is committed. */
export interface OpenBatch {
  /** Commits what the updates inside it added; undoes it and throws when the commit fails. */
  commit(): void;
}

/**
 * Opens one IMMEDIATE transaction that the updates run in until it is committed: many small transcripts cost FTS5 one
 * segment and one commit instead of one each. While it is open, every transaction on this connection runs inside it.
 * Throws when it cannot begin (another process holds the index past the busy timeout).
 */
export function openBatch(connection: IndexConnection): OpenBatch {
  if ((depth.get(connection) ?? 0) > 0) return { commit: () => {} };
  connection.exec("BEGIN IMMEDIATE");
  const token = {};
  depth.set(connection, 1);
  batches.set(connection, token);
  return {
    commit: () => {
      // Undone already by a failure inside it (and maybe followed by another batch): nothing of it to commit.
      if (batches.get(connection) !== token) return;
      batches.delete(connection);
      depth.set(connection, 0);
      try {
        connection.exec("COMMIT");
      } catch (error) {
        rollback(connection);
        throw error;
      }
    },
  };
}
