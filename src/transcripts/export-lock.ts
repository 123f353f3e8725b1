/**
 * One export of a session at a time, across processes: a lock row in the store holding the owner's pid and the time
 * it was taken. It is held from reading the session off the host to the index update, so the export that appends
 * always read the newest state. Checking a row and taking it over happen in one write transaction, so two processes
 * never both see a stale lock and both take it.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { TranscriptError } from "../errors.js";
import type { Ledger } from "../ledger.js";
import { transcriptLocks } from "../store/schema.js";

export interface LockOptions {
  /** Give up waiting for another export after this long (default 60 s). */
  waitMs?: number;
  /** A lock held longer than this is taken over even when its process lives (default 10 min). */
  staleMs?: number;
}

type LockRow = typeof transcriptLocks.$inferSelect;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process with this id runs on this machine (EPERM: it does, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isStale(row: LockRow, now: number, staleMs: number): boolean {
  if (now - row.acquiredAt > staleMs) return true;
  return row.pid !== process.pid && !processAlive(row.pid);
}

/** Runs `fn` holding the export lock of `sessionID`; waits while another live export holds it. */
export async function withExportLock<T>(
  ledger: Ledger,
  sessionID: string,
  fn: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const waitMs = options.waitMs ?? 60_000;
  const staleMs = options.staleMs ?? 600_000;
  const owner = `${process.pid}:${randomUUID()}`;
  const deadline = Date.now() + waitMs;
  // Short, jittered waits: a waiter must not lose every race to a process that exports in a loop.
  for (let delay = 2; ; delay = Math.min(delay * 2, 40) * (0.5 + Math.random())) {
    const holder = await ledger.database.write((db) => {
      const now = Date.now();
      const row = db.select().from(transcriptLocks).where(eq(transcriptLocks.sessionId, sessionID)).get();
      if (row && !isStale(row, now, staleMs)) return row;
      if (row) ledger.log.log("warn", `transcript ${sessionID}: took over a stale export lock of pid ${row.pid}`);
      const mine = { sessionId: sessionID, owner, pid: process.pid, acquiredAt: now };
      db.insert(transcriptLocks)
        .values(mine)
        .onConflictDoUpdate({ target: transcriptLocks.sessionId, set: mine })
        .run();
      return undefined;
    });
    if (!holder) break;
    if (Date.now() + delay > deadline) {
      throw new TranscriptError(
        `another export of session ${sessionID} is running (pid ${holder.pid}, since ${new Date(holder.acquiredAt).toISOString()}); try again when it is done`,
      );
    }
    await sleep(delay);
  }
  try {
    return await fn();
  } finally {
    await ledger.database
      .write((db) =>
        db
          .delete(transcriptLocks)
          .where(and(eq(transcriptLocks.sessionId, sessionID), eq(transcriptLocks.owner, owner)))
          .run(),
      )
      .catch((error: unknown) => {
        // The lock turns stale by itself; the export itself succeeded or failed on its own terms.
        ledger.log.log("warn", `transcript ${sessionID}: could not release the export lock: ${String(error)}`);
      });
  }
}
