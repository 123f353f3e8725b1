/**
 * The built-in scanner: searches transcript files in the order given and keeps the first `maxMatches` matches in
 * that order, whatever thread finished first. Large searches run on worker threads (one per core, up to four) that
 * take files from a shared counter; small ones run on the calling thread with asynchronous reads. A user regex
 * always runs on a worker when one can start, so a slow pattern can be cut off at the time budget instead of
 * holding the agent's thread.
 */
import os from "node:os";
import type { CompiledQuery, QueryInput } from "../compiled-query.js";
import type { CollectLimits, ScanOptions, ScanResult, ScanTarget } from "./collect-types.js";

export type { FileOutcome, ScanOptions, ScanResult, ScanTarget } from "./collect-types.js";

import { DEFAULT_CHUNK_BYTES, scanBufferFor, scanFile } from "./scan-file.js";
import { startWorkers } from "./scan-pool.js";

/** A result with nothing found and nothing read yet. */
export function emptyScanResult(): ScanResult {
  return {
    files: [],
    matches: 0,
    searched: 0,
    unreadable: [],
    capped: false,
    timedOut: false,
    threads: 0,
    bytesRead: 0,
  };
}

/**
 * Below this many bytes, starting threads costs more than it saves: with the SIMD kernel one thread scans a common
 * literal at about 2 GB/s from the page cache, mostly in read(); two threads cost some 170 ms of CPU more than one
 * for 500 MB (starting, and running cold), so they win only where a core is idle (measured: bench/transcript-search).
 * After the sketches have ruled most transcripts out, what is left is usually less.
 */
const PARALLEL_MIN_BYTES = 1024 * 1024 * 1024;
const MAX_THREADS = 4;

export function collectLimits(options: ScanOptions, maxMatches: number, deadline: number): CollectLimits {
  return {
    contextLines: options.contextLines,
    maxMatches,
    matchLineBytes: options.matchLineBytes,
    contextLineBytes: options.contextLineBytes,
    deadline,
  };
}

function threadsFor(targets: readonly ScanTarget[], query: CompiledQuery, options: ScanOptions): number {
  if (options.threads !== undefined) return options.threads;
  const cores = Math.min(MAX_THREADS, os.availableParallelism?.() ?? os.cpus().length);
  const bytes = targets.reduce((sum, t) => sum + t.size, 0);
  if (targets.length > 1 && bytes >= PARALLEL_MIN_BYTES) return Math.max(1, cores);
  return query.regex ? 1 : 0;
}

/** Scans on this thread, file after file, each capped by the matches still wanted. */
async function scanHere(
  targets: readonly ScanTarget[],
  query: CompiledQuery,
  options: ScanOptions,
): Promise<ScanResult> {
  const deadline = performance.now() + options.timeBudgetMs;
  const chunk = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const buffer = scanBufferFor(query, collectLimits(options, options.maxMatches, deadline), chunk);
  const result = emptyScanResult();
  for (const [index, target] of targets.entries()) {
    if (options.signal?.aborted || performance.now() > deadline) {
      result.timedOut = true;
      break;
    }
    const limits = collectLimits(options, options.maxMatches - result.matches, deadline);
    const scan = await scanFile(target.path, query, limits, buffer, chunk);
    result.bytesRead += scan.bytesRead;
    if (scan.error) result.unreadable.push({ index, error: scan.error });
    if (scan.hits?.timedOut) result.timedOut = true;
    else result.searched++;
    if (scan.hits && scan.hits.lines.length > 0) {
      result.files.push({ index, hits: scan.hits });
      result.matches += scan.hits.matches;
    }
    if (result.timedOut) break;
    if (result.matches >= options.maxMatches) {
      result.capped = index < targets.length - 1 || scan.hits?.capped === true;
      break;
    }
  }
  return result;
}

/**
 * Searches `targets` in order. `input` is the query as given (threads compile their own), `query` the same compiled.
 */
export async function scanFiles(
  targets: readonly ScanTarget[],
  input: QueryInput,
  query: CompiledQuery,
  options: ScanOptions,
): Promise<ScanResult> {
  const threads = threadsFor(targets, query, options);
  if (threads > 0 && targets.length > 0) {
    const pooled = await startWorkers(targets, input, options, Math.min(threads, targets.length), query);
    if (pooled) return trimToLimit(pooled, targets, query, options);
  }
  return scanHere(targets, query, options);
}

/**
 * Threads collect up to `maxMatches` in every file; the file where the running total reaches the limit is collected
 * again with the matches it may still add, so it ends exactly as a scan on one thread would.
 */
async function trimToLimit(
  result: ScanResult,
  targets: readonly ScanTarget[],
  query: CompiledQuery,
  options: ScanOptions,
): Promise<ScanResult> {
  let total = 0;
  for (const [i, file] of result.files.entries()) {
    const left = options.maxMatches - total;
    if (file.hits.matches >= left) {
      const deadline = performance.now() + options.timeBudgetMs;
      const limits = collectLimits(options, left, deadline);
      const chunk = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
      const again = await scanFile(
        (targets[file.index] as ScanTarget).path,
        query,
        limits,
        scanBufferFor(query, limits, chunk),
        chunk,
      );
      result.bytesRead += again.bytesRead;
      if (again.hits) result.files[i] = { index: file.index, hits: again.hits };
      result.files.length = i + 1;
      result.capped = true;
      break;
    }
    total += file.hits.matches;
  }
  result.matches = result.files.reduce((sum, f) => sum + f.hits.matches, 0);
  return result;
}
