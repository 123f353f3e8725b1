/**
 * One cold export of every session in a folder of `opencode export` files, in a process of its own so that its peak
 * memory is its own: `ledger` exports each session to its transcript with the plugin's exporter into an empty data
 * folder (no store, no transcript yet); `baseline` reads and parses the same files and writes each session back as
 * plain JSON with one writeFile. Prints the wall time, the process's peak and starting resident memory, and the bytes
 * written. Sessions are read one at a time (the host serves them one request at a time, too): nothing holds them all.
 */
import fs from "node:fs";
import path from "node:path";
import { createDataContext } from "../src/data-context.js";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { exportTranscript } from "../src/transcripts/export/export-transcript.js";
import { readExportFile, type SessionExport } from "../src/transcripts/source/export-file-source.js";
import type { SessionSource } from "../src/transcripts/source/session-source.js";

const [mode, sessionsDir, outDir] = process.argv.slice(2);
if ((mode !== "ledger" && mode !== "baseline") || !sessionsDir || !outDir) {
  throw new Error("usage: export-cold-child.ts ledger|baseline <sessions folder> <empty output folder>");
}

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
const start = performance.now();
let transcriptsDir = outDir;

if (mode === "ledger") {
  const data = createDataContext(parseOptions({ dataDir: outDir }).options, createMemoryLogger());
  transcriptsDir = data.transcriptsDir;
  // The session being exported, parsed once: the exporter asks for its info, then its messages.
  let current: SessionExport | undefined;
  const source: SessionSource = {
    session: async (id) => (current?.info.id === id ? current.info : undefined),
    messages: async (id) => (current?.info.id === id ? current.messages : []),
  };
  for (const [i, file] of files.entries()) {
    current = readExportFile(file);
    await exportTranscript({ data, source, sessionID: current.info.id, scope: `/projects/p${i % 20}` });
  }
  current = undefined;
  data.database.close();
} else {
  for (const file of files) {
    const data = JSON.parse(fs.readFileSync(file, "utf8")) as SessionExport;
    fs.writeFileSync(path.join(outDir, `${data.info.id}.json`), JSON.stringify(data), { mode: 0o600 });
  }
}

const wallMs = performance.now() - start;
console.log(
  JSON.stringify({
    wallMs,
    startRssKb,
    peakRssKb: status("VmHWM"),
    sessions: files.length,
    bytesWritten: bytesUnder(transcriptsDir),
  }),
);
