/**
 * One backfill of every session in an OpenCode-shaped database, in a process of its own so that its peak memory is its
 * own: `data` runs the plugin's backfill (database source, normal exporter, lease, progress) into an empty data
 * folder; `baseline` reads the same sessions through the same source and writes each back as plain JSON with one
 * writeFile; `paced` is the backfill at its default share of a core, to measure the share it really takes. Prints the
 * wall and CPU time, the process's peak and starting resident memory, and the bytes read.
 */
import fs from "node:fs";
import path from "node:path";
import { createDataContext } from "../src/data-context.js";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { runBackfill } from "../src/transcripts/backfill/backfill.js";
import { createDatabaseSource } from "../src/transcripts/backfill/database-source.js";

const [mode, databaseFile, outDir] = process.argv.slice(2);
if ((mode !== "ledger" && mode !== "baseline" && mode !== "paced") || !databaseFile || !outDir) {
  throw new Error("usage: backfill-child.ts ledger|baseline|paced <opencode.db> <empty output folder>");
}

function status(field: "VmRSS" | "VmHWM"): number {
  const text = fs.readFileSync("/proc/self/status", "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? Number.NaN);
}

const source = await createDatabaseSource(databaseFile);
const startRssKb = status("VmRSS");
const cpu = process.cpuUsage();
const start = performance.now();
let sessions = 0;
let bytesRead = 0;

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
  const outcome = await runBackfill({
    data,
    source,
    cpuShare: mode === "paced" ? data.options.backfill.cpuShare : 1,
    maxSessionBytes: 1e12,
  });
  if (!outcome.ran) throw new Error("the lease was held");
  sessions = outcome.progress.exported;
  bytesRead = outcome.progress.bytes;
  data.database.close();
}

const wallMs = performance.now() - start;
const used = process.cpuUsage(cpu);
source.close();
console.log(
  JSON.stringify({
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    startRssKb,
    peakRssKb: status("VmHWM"),
    sessions,
    bytesRead,
  }),
);
