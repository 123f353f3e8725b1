/** What the scan coordinator and its threads say to each other. */

import type { QueryInput } from "../compiled-query.js";
import type { CollectLimits, FileHits } from "./collect-types.js";

export interface PoolInput {
  paths: string[];
  input: QueryInput;
  limits: Omit<CollectLimits, "deadline">;
  chunkBytes: number;
  /** Int32 [next file index, stop flag]. */
  control: SharedArrayBuffer;
  /** Int32 per file, one of STATUS. */
  status: SharedArrayBuffer;
  /** BigInt64 [bytes read by all threads]. */
  bytesRead: SharedArrayBuffer;
  /** Deadline as milliseconds since the epoch (each thread has its own `performance` origin). */
  deadlineEpoch: number;
}

export const STATUS = { pending: 0, empty: 1, hits: 2, error: 3 } as const;

/**
 * The status a file's scan leaves in the shared array, the same on every thread: its error, hits to collect (lines,
 * or a scan cut off by the deadline), or nothing found.
 */
export function statusOf(scan: { hits?: FileHits; error?: string }): (typeof STATUS)["empty" | "hits" | "error"] {
  if (scan.error) return STATUS.error;
  return scan.hits && (scan.hits.lines.length > 0 || scan.hits.timedOut) ? STATUS.hits : STATUS.empty;
}

export type PoolMessage =
  | { type: "file"; index: number; hits: FileHits }
  | { type: "error"; index: number; error: string }
  | { type: "done" };
