/**
 * Kept by hand: lock packages (proper-lockfile) use mtime polling, not pid-checked takeover inside a store transaction.
 *
 * One export of a session at a time, across processes: an exclusive lock file `<transcripts>/.locks/<sessionID>.lock`
 * holding the owner's pid and the time it was taken. It is held from reading the session off the host to the index
 * update, so the export that appends always read the newest state. It is created whole in one step (written under a
 * temporary name, then hard-linked, which fails when the lock exists). A lock whose process is gone, or that is too
 * old, is stale; taking one over happens inside a store write transaction that first re-reads it, so two processes
 * that both found it stale never both take it.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { DataContext } from "../../data-context.js";
import { DataFolderError, TranscriptError } from "../../errors.js";
import { checkSessionId } from "../../session-id.js";
import { ensureDataDir, ensurePrivateDir } from "../../store/private-path.js";

export const LOCK_DIR = ".locks";

export interface LockOptions {
  /** Give up waiting for another export after this long (default 60 s). */
  waitMs?: number;
  /** A lock held longer than this is taken over even when its process lives (default 10 min). */
  staleMs?: number;
}

interface Held {
  raw: string;
  pid: number;
  at: number;
}

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

export function lockFile(transcriptsDir: string, sessionID: string): string {
  return path.join(transcriptsDir, LOCK_DIR, `${checkSessionId(sessionID)}.lock`);
}

/** Creates the lock with its content in one step; false when it exists (the backfill's lease is made the same way). */
export function tryCreate(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}.${randomUUID()}`;
  try {
    fs.writeFileSync(temp, content, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Said of the folder, not of the temporary name (unique each time, so every report would differ).
    const code = (error as NodeJS.ErrnoException).code ?? "an error";
    throw new DataFolderError(
      path.dirname(file),
      `refuses the export lock (${code}): make the folder writable by you, or run opencode-ledger doctor`,
      { cause: error },
    );
  }
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function readLock(file: string): Held | undefined {
  let raw: string;
  try {
    raw = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const [pid, at] = raw.split(" ").map(Number);
  return { raw, pid: pid || 0, at: at || 0 };
}

function isStale(held: Held, staleMs: number): boolean {
  if (Date.now() - held.at > staleMs) return true;
  return held.pid !== process.pid && !processAlive(held.pid);
}

/** Runs `fn` holding the export lock of `sessionID`; waits while another live export holds it. */
export async function withExportLock<T>(
  data: DataContext,
  sessionID: string,
  fn: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const waitMs = options.waitMs ?? 60_000;
  const staleMs = options.staleMs ?? 600_000;
  const file = lockFile(data.transcriptsDir, sessionID);
  ensureDataDir(path.dirname(data.transcriptsDir));
  ensurePrivateDir(data.transcriptsDir);
  ensurePrivateDir(path.dirname(file));
  const mine = `${process.pid} ${Date.now()} ${randomUUID()}`;
  const deadline = Date.now() + waitMs;
  // Short, jittered waits: a waiter must not lose every race to a process that exports in a loop.
  for (let delay = 2; !tryCreate(file, mine); delay = Math.min(delay * 2, 40) * (0.5 + Math.random())) {
    const held = readLock(file);
    if (!held) continue; // released in between: try again at once
    if (isStale(held, staleMs)) {
      const taken = await data.database.write(() => {
        if (readLock(file)?.raw !== held.raw) return false; // someone else moved first
        fs.rmSync(file, { force: true });
        return tryCreate(file, mine);
      });
      if (taken) {
        data.log.log("warn", `transcript ${sessionID}: took over a stale export lock of pid ${held.pid}`);
        break;
      }
      continue;
    }
    if (Date.now() + delay > deadline) {
      throw new TranscriptError(
        `another export of session ${sessionID} is running (pid ${held.pid}, since ${new Date(held.at).toISOString()}); try again when it is done`,
      );
    }
    await sleep(delay);
  }
  try {
    return await fn();
  } finally {
    // Only our own lock is removed; one taken over from us (we were too slow) belongs to its new owner.
    if (readLock(file)?.raw === mine) fs.rmSync(file, { force: true });
  }
}
