/**
 * One cold export of every session in a folder of `opencode export` files, in a process of its own so that its peak
 * memory is its own: `ledger` exports the sessions to their transcripts with the plugin's exporter into an empty data
 * folder (no store, no transcript yet), 8 per call of `exportTranscripts` (one store and one index transaction per
 * group); `single` the same one session per `exportTranscript` call (as the plugin exports a
 * session on demand); `baseline` reads and parses the same files and writes each session back as plain JSON with one
 * writeFile. Prints the wall time, the process's peak and starting resident memory, and the bytes
 * written. Sessions are read when their group's turn comes: nothing holds them all.
 */
import fs from "node:fs";
import path from "node:path";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { createDataContext } from "../src/services.js";
import { exportTranscripts } from "../src/transcripts/export/export-transcript.js";
import { readExportFile, type SessionExport } from "../src/transcripts/source/export-file-source.js";
import type { SessionSource } from "../src/transcripts/source/session-source.js";

const [mode, sessionsDir, outDir] = process.argv.slice(2);
const MODES = ["ledger", "single", "baseline"];
if (!MODES.includes(mode ?? "") || !sessionsDir || !outDir) {
  throw new Error(`usage: export-cold-child.ts ${MODES.join("|")} <sessions folder> <empty output folder>`);
}
/** Sessions per exporter call in `ledger` mode: the backfill's 16 held a peak resident set of 200 MB, 8 about 30 MB less. */
const GROUP = 8;

function status(field: "VmRSS" | "VmHWM"): number {
  const text = fs.readFileSync("/proc/self/status", "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? Number.NaN);
}

function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const files = fs
  .readdirSync(sessionsDir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => path.join(sessionsDir, f));
const startRssKb = status("VmRSS");
const cpu = process.cpuUsage();
const start = performance.now();
let transcriptsDir = outDir;

if (mode !== "baseline") {
  const data = createDataContext(parseOptions({ dataDir: outDir }).options, createMemoryLogger());
  transcriptsDir = data.transcriptsDir;
  // The sessions being exported, each parsed once: the exporter asks for its info, then its messages.
  let current: SessionExport[] = [];
  const find = (id: string) => current.find((s) => s.info.id === id);
  const source: SessionSource = {
    session: async (id) => find(id)?.info,
    messages: async (id) => find(id)?.messages ?? [],
  };
  const step = mode === "ledger" ? GROUP : 1;
  for (let first = 0; first < files.length; first += step) {
    current = files.slice(first, first + step).map(readExportFile);
    const requests = current.map((session, i) => ({
      data,
      source,
      sessionID: session.info.id,
      scope: `/projects/p${(first + i) % 20}`,
    }));
    await exportTranscripts(requests);
  }
  current = [];
  data.database.close();
} else {
  for (const file of files) {
    const data = JSON.parse(fs.readFileSync(file, "utf8")) as SessionExport;
    fs.writeFileSync(path.join(outDir, `${data.info.id}.json`), JSON.stringify(data), { mode: 0o600 });
  }
}

const wallMs = performance.now() - start;
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    startRssKb,
    peakRssKb: status("VmHWM"),
    sessions: files.length,
    bytesWritten: bytesUnder(transcriptsDir),
  }),
);
