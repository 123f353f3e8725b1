/**
 * One backfill of every session in an OpenCode-shaped database, in a process of its own so that its peak memory is its
 * own: `ledger` runs the plugin's backfill (database source, normal exporter, lease, progress) into an empty data
 * folder; `baseline` reads the same sessions through the same source and writes each back as plain JSON with one
 * writeFile; `paced` is the backfill at its default share of a core, to measure the share it really takes; `stages` is
 * the backfill at full speed with the CPU time of each stage counted (the reads from the source, the export's store
 * transaction, the search index update with its batch's commit; the rest is the export lock, the search sketch and the
 * loop). Prints the wall
 * and CPU time (and the wall time until the backfill's second pass began: every transcript written), the process's peak
 * and starting resident memory, the bytes read and written and, for `stages`, the stages.
 */
import fs from "node:fs";
import path from "node:path";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { createDataContext } from "../src/services.js";
import { runBackfill } from "../src/transcripts/backfill/backfill.js";
import { createDatabaseSource } from "../src/transcripts/backfill/database-source.js";

const [mode, databaseFile, outDir] = process.argv.slice(2);
const MODES = ["ledger", "baseline", "paced", "stages"];
if (!MODES.includes(mode ?? "") || !databaseFile || !outDir) {
  throw new Error(`usage: backfill-child.ts ${MODES.join("|")} <opencode.db> <empty output folder>`);
}

function status(field: "VmRSS" | "VmHWM"): number {
  const text = fs.readFileSync("/proc/self/status", "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? Number.NaN);
}

const source = await createDatabaseSource(databaseFile);
const cpuNow = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const stages: Record<string, number> = {};
/** Counts the CPU time spent inside `target[key]` (an async method) under `stage`. */
function counted<T extends object>(target: T, key: keyof T & string, stage: string): void {
  const method = (target[key] as (...args: unknown[]) => Promise<unknown>).bind(target);
  Object.assign(target, {
    [key]: async (...args: unknown[]) => {
      const began = cpuNow();
      try {
        return await method(...args);
      } finally {
        stages[stage] = (stages[stage] ?? 0) + cpuNow() - began;
      }
    },
  });
}
const startRssKb = status("VmRSS");
const cpu = process.cpuUsage();
const start = performance.now();
let sessions = 0;
let bytesRead = 0;
/** Wall time until every transcript was written, when the second pass (sketches and index) began. */
let transcriptsMs: number | undefined;

if (mode === "baseline") {
  const { sessions: listed } = await source.list();
  for (const listing of listed) {
    const info = await source.session(listing.id);
    const messages = await source.messages(listing.id);
    fs.writeFileSync(path.join(outDir, `${listing.id}.json`), JSON.stringify({ info, messages }));
    sessions++;
    bytesRead += listing.bytes ?? 0;
  }
} else {
  const data = createDataContext(parseOptions({ dataDir: outDir }).options, createMemoryLogger());
  if (mode === "stages") {
    for (const key of ["list", "session", "messages"] as const) counted(source, key, "source");
    counted(data.database, "write", "store");
    counted(data.searchIndex, "update", "index");
    // A batch's own work (its begin and its commit, where FTS5 writes the batch's segment) is the index's too.
    const batch = data.searchIndex.batch.bind(data.searchIndex);
    data.searchIndex.batch = async <T>(fn: () => Promise<T>) => {
      const began = cpuNow();
      let inside = 0;
      try {
        return await batch(async () => {
          const entered = cpuNow();
          try {
            return await fn();
          } finally {
            inside += cpuNow() - entered;
          }
        });
      } finally {
        stages.index = (stages.index ?? 0) + cpuNow() - began - inside;
      }
    };
  }
  const outcome = await runBackfill({
    data,
    source,
    cpuShare: mode === "paced" ? data.options.backfill.cpuShare : 1,
    maxSessionBytes: 1e12,
    onProgress: (p) => {
      if (p.indexing && transcriptsMs === undefined) transcriptsMs = performance.now() - start;
    },
  });
  if (!outcome.ran) throw new Error("the lease was held");
  sessions = outcome.progress.exported;
  bytesRead = outcome.progress.bytes;
  data.database.close();
}

const wallMs = performance.now() - start;
/** The bytes of the transcripts written (what the second pass indexed). */
const transcriptBytes = fs
  .readdirSync(outDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
  .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
const used = process.cpuUsage(cpu);
source.close();
console.log(
  JSON.stringify({
    wallMs,
    transcriptsMs: transcriptsMs ?? wallMs,
    cpuMs: (used.user + used.system) / 1000,
    startRssKb,
    peakRssKb: status("VmHWM"),
    sessions,
    bytesRead,
    transcriptBytes,
    stages,
  }),
);
