/**
 * The progress of the running (or last) backfill, in `<dataDir>/backfill.json`, so that what another process does is
 * visible here: the TUI's status line reads it, and the command line reports it when a backfill runs elsewhere. It is
 * written whole under a temporary name and renamed, so a reader never sees half of it. It is a report, never a
 * resume point: what is done is what the store's index says is exported.
 */
import fs from "node:fs";
import path from "node:path";
import { processAlive } from "../export/lock.js";

export const PROGRESS_FILE = "backfill.json";

export interface BackfillCounts {
  /** Sessions the source listed (readable ones). */
  total: number;
  /** Sessions handled so far: exported, already current, or skipped. */
  done: number;
  exported: number;
  /** Already current: their transcript holds everything the source has. */
  current: number;
  /** Skipped with a reason (malformed, too large, failed); each is in the log. */
  skipped: number;
  /** Lines and bytes appended to transcripts. */
  lines: number;
  bytes: number;
  /**
   * The second pass, once it started: transcripts whose search sketch and index were behind, and how many of them
   * have been brought up.
   */
  indexing?: { total: number; done: number };
}

export interface BackfillProgress extends BackfillCounts {
  pid: number;
  startedAt: number;
  updatedAt: number;
  /** Set when the run ended; with the one-line summary. */
  finishedAt?: number;
  summary?: string;
}

export function progressFile(dataDir: string): string {
  return path.join(dataDir, PROGRESS_FILE);
}

export function writeProgress(dataDir: string, progress: BackfillProgress): void {
  const file = progressFile(dataDir);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(progress)}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
}

/** The last progress written, or undefined (none, or not readable as one). */
export function readProgress(dataDir: string): BackfillProgress | undefined {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(progressFile(dataDir), "utf8"));
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const p = value as Partial<BackfillProgress>;
  const numbers = [p.pid, p.startedAt, p.updatedAt, p.total, p.done, p.exported, p.current, p.skipped];
  return numbers.every((n) => typeof n === "number") ? (p as BackfillProgress) : undefined;
}

/** A backfill that is under way: not finished, and its process still runs. */
export function isRunning(progress: BackfillProgress | undefined): progress is BackfillProgress {
  return progress !== undefined && progress.finishedAt === undefined && processAlive(progress.pid);
}
