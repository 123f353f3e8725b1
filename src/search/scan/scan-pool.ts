/**
 * Kept by hand: worker pools (piscina, tinypool) neither merge results in file order nor stop early, and need Bun care.
 *
 * Runs a scan on worker threads and puts their results back in file order. The first files' results decide: once
 * the files settled so far, in order, hold `maxMatches` matches, the threads are stopped. Threads are never awaited
 * on the way out (a terminate() promise has been seen to hang on Bun); they are unref'd and told to stop.
 */
import { Worker } from "node:worker_threads";
import type { QueryInput } from "../compiled-query.js";
import type { FileHits, ScanOptions, ScanResult, ScanTarget } from "./collect-types.js";
import { DEFAULT_CHUNK_BYTES } from "./scan-file.js";
import { type PoolInput, type PoolMessage, STATUS } from "./scan-protocol.js";

/** Time the threads get past the budget to notice it themselves before they are terminated. */
const GRACE_MS = 250;

const isBun = typeof globalThis.Bun !== "undefined";

/** The worker script beside this module, or undefined where this runtime cannot run it (Node on TypeScript sources). */
function defaultWorkerUrl(): URL | undefined {
  const here = import.meta.url;
  if (here.endsWith(".ts")) return isBun ? new URL("./scan-worker.ts", here) : undefined;
  return new URL("./scan-worker.js", here);
}

/** Runs the scan on `threads` workers; undefined when no worker could start (the caller scans on its own thread). */
export async function startWorkers(
  targets: readonly ScanTarget[],
  input: QueryInput,
  options: ScanOptions,
  threads: number,
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
      if (running === 0) finish(cursor === count ? "complete" : "timeout");
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
  });
}
