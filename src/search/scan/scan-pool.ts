/**
 * Kept by hand: worker pools (piscina, tinypool) neither merge results in file order nor stop early, and need Bun care.
 *
 * Runs a scan on worker threads and puts their results back in file order. The first files' results decide: once
 * the files settled so far, in order, hold `maxMatches` matches, the threads are stopped. Threads are never awaited
 * on the way out (a terminate() promise has been seen to hang on Bun); they are unref'd and told to stop. For a
 * literal the calling thread takes files from the same counter too: it scans while the threads start (some 50 ms
 * under Bun, longer than a core takes for 100 MB) and is one more core's worth when one is free. A user regex is left
 * to the threads, where a slow pattern cannot hold the agent's thread.
 */
import { Worker } from "node:worker_threads";
import type { CompiledQuery, QueryInput } from "../compiled-query.js";
import type { FileHits, ScanOptions, ScanResult, ScanTarget } from "./collect-types.js";
import { DEFAULT_CHUNK_BYTES, scanBufferFor, scanFile } from "./scan-file.js";
import { type PoolInput, type PoolMessage, STATUS, statusOf } from "./scan-protocol.js";

/** Time the threads get past the budget to notice it themselves before they are terminated. */
const GRACE_MS = 250;

const isBun = typeof globalThis.Bun !== "undefined";

/** The worker script beside this module, or undefined where this runtime cannot run it (Node on TypeScript sources). */
function defaultWorkerUrl(): URL | undefined {
  const here = import.meta.url;
  if (here.endsWith(".ts")) return isBun ? new URL("./scan-worker.ts", here) : undefined;
  return new URL("./scan-worker.js", here);
}

/**
 * Runs the scan on `threads` workers, and on this thread too when `here` (the compiled query) is given; undefined when
 * no worker could start (the caller scans on its own thread).
 */
export async function startWorkers(
  targets: readonly ScanTarget[],
  input: QueryInput,
  options: ScanOptions,
  threads: number,
  here?: CompiledQuery,
): Promise<ScanResult | undefined> {
  const url = options.workerUrl ?? defaultWorkerUrl();
  if (!url) return undefined;
  const count = targets.length;
  const data: PoolInput = {
    paths: targets.map((t) => t.path),
    input,
    limits: {
      contextLines: options.contextLines,
      maxMatches: options.maxMatches,
      matchLineBytes: options.matchLineBytes,
      contextLineBytes: options.contextLineBytes,
    },
    chunkBytes: options.chunkBytes ?? DEFAULT_CHUNK_BYTES,
    control: new SharedArrayBuffer(8),
    status: new SharedArrayBuffer(4 * count),
    bytesRead: new SharedArrayBuffer(8),
    deadlineEpoch: performance.timeOrigin + performance.now() + options.timeBudgetMs,
  };
  const control = new Int32Array(data.control);
  const status = new Int32Array(data.status);
  const hits = new Map<number, FileHits>();
  const errors = new Map<number, string>();
  const workers: Worker[] = [];

  return new Promise((resolve) => {
    let cursor = 0;
    let total = 0;
    let running = 0;
    let settled = false;
    let started = false;

    const finish = (outcome: "complete" | "capped" | "timeout" | "failed") => {
      if (settled) return;
      settled = true;
      Atomics.store(control, 1, 1);
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      for (const worker of workers) {
        worker.unref();
        void worker.terminate();
      }
      if (outcome === "failed" && !started) {
        resolve(undefined);
        return;
      }
      const keep = [...hits.keys()].filter((i) => outcome !== "capped" || i < cursor).sort((a, b) => a - b);
      const files = keep.map((index) => ({ index, hits: hits.get(index) as FileHits }));
      let searched = 0;
      for (let i = 0; i < count; i++) {
        const s = Atomics.load(status, i);
        if (s === STATUS.empty || (s === STATUS.hits && hits.get(i)?.timedOut === false)) searched++;
      }
      resolve({
        files,
        matches: files.reduce((sum, f) => sum + f.hits.matches, 0),
        searched,
        unreadable: [...errors].map(([index, error]) => ({ index, error })),
        capped: outcome === "capped",
        timedOut: outcome === "timeout" || outcome === "failed" || files.some((f) => f.hits.timedOut),
        threads: workers.length,
        bytesRead: Number(Atomics.load(new BigInt64Array(data.bytesRead), 0)),
      });
    };

    /** Walks the settled files in order; stops the threads once they hold enough matches. */
    const advance = () => {
      while (cursor < count) {
        const s = Atomics.load(status, cursor);
        if (s === STATUS.pending) break;
        if (s === STATUS.hits && !hits.has(cursor)) break; // its message is on the way
        if (s === STATUS.error && !errors.has(cursor)) break;
        total += hits.get(cursor)?.matches ?? 0;
        cursor++;
        if (total >= options.maxMatches)
          return finish(cursor < count || total > options.maxMatches ? "capped" : "complete");
      }
      // Every file settled: done, even if a thread is still starting (this thread may have scanned them all).
      if (cursor === count) finish("complete");
      else if (running === 0) finish("timeout");
    };

    /** This thread's share: the same loop as a worker's, with turns of the event loop between reads. */
    const scanHere = async (query: CompiledQuery) => {
      running++;
      const deadline = data.deadlineEpoch - performance.timeOrigin;
      const limits = { ...data.limits, deadline };
      const buffer = scanBufferFor(query, limits, data.chunkBytes);
      while (!settled && performance.now() <= deadline) {
        const index = Atomics.add(control, 0, 1);
        const file = data.paths[index];
        if (file === undefined) break;
        const scan = await scanFile(file, query, limits, buffer, data.chunkBytes);
        if (settled) return;
        started = true;
        Atomics.add(new BigInt64Array(data.bytesRead), 0, BigInt(scan.bytesRead));
        const state = statusOf(scan);
        Atomics.store(status, index, state);
        if (state === STATUS.error && scan.error) errors.set(index, scan.error);
        else if (state === STATUS.hits && scan.hits) hits.set(index, scan.hits);
        advance();
      }
      running--;
      if (!settled) advance();
    };

    const onAbort = () => finish("timeout");
    const timer = setTimeout(() => finish("timeout"), options.timeBudgetMs + GRACE_MS);
    options.signal?.addEventListener("abort", onAbort);

    for (let i = 0; i < threads; i++) {
      let worker: Worker;
      try {
        worker = new Worker(url, { workerData: data });
      } catch {
        finish("failed");
        return;
      }
      running++;
      workers.push(worker);
      worker.on("message", (message: PoolMessage) => {
        started = true;
        if (message.type === "file") hits.set(message.index, message.hits);
        else if (message.type === "error") errors.set(message.index, message.error);
        else running--;
        advance();
      });
      worker.on("error", () => {
        running--;
        if (running === 0) finish(started ? "timeout" : "failed");
      });
    }
    if (here && !here.regex) void scanHere(here);
  });
}
