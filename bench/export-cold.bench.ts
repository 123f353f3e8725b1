/**
 * Cold export of 2,000 sessions: every session of a host exported to its transcript into an empty data folder (no
 * store, no transcript yet), the cold path of each export, against reading the same sessions and
 * writing each back as plain JSON with one writeFile. Each run is a fresh process (bench/export-cold-child.ts), so
 * its peak resident memory is its own; the two alternate, so both meet the same load on the machine.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { syntheticSession } from "../test/helpers/synthetic-session.js";
import { loadAverage, median, table, writeFigures, writeSection } from "./report.js";

const SESSIONS = Number(process.env.BENCH_EXPORT_SESSIONS ?? 2_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const here = path.dirname(fileURLToPath(import.meta.url));
const bin = process.execPath;

interface Run {
  wallMs: number;
  cpuMs: number;
  startRssKb: number;
  peakRssKb: number;
  sessions: number;
  bytesWritten: number;
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-export-"));
try {
  const loadBefore = loadAverage();
  // Sessions of 4 to 50 messages, as the real exports beside the repository are, in a fixed mix.
  const sessionsDir = path.join(root, "sessions");
  fs.mkdirSync(sessionsDir);
  let inputBytes = 0;
  let messages = 0;
  console.error(`[export-cold] writing ${SESSIONS} session exports…`);
  for (let i = 0; i < SESSIONS; i++) {
    const turns = 2 + ((i * 7) % 24);
    const id = `ses_bench${String(i).padStart(6, "0")}cold`;
    const text = JSON.stringify(syntheticSession(turns, id).data);
    fs.writeFileSync(path.join(sessionsDir, `${id}.json`), text);
    inputBytes += Buffer.byteLength(text);
    messages += turns * 2;
  }

  type Mode = "ledger" | "single" | "baseline";
  function run(mode: Mode, n: number): Run {
    const out = path.join(root, `${mode}-${n}`);
    fs.mkdirSync(out);
    const child = spawnSync(bin, ["run", path.join(here, "export-cold-child.ts"), mode, sessionsDir, out], {
      encoding: "utf8",
      env: { ...process.env, BUN_BE_BUN: "1" },
      maxBuffer: 1 << 20,
    });
    if (child.status !== 0) throw new Error(`export child (${mode}) failed: ${child.stderr}`);
    fs.rmSync(out, { recursive: true, force: true });
    return JSON.parse(child.stdout.trim().split("\n").pop() as string) as Run;
  }

  const runs: Record<Mode, Run[]> = { ledger: [], single: [], baseline: [] };
  for (let n = 0; n < RUNS; n++) {
    console.error(`[export-cold] run ${n + 1} of ${RUNS}…`);
    for (const mode of ["baseline", "ledger", "single"] as const) runs[mode].push(run(mode, n));
  }
  const med = (mode: keyof typeof runs, key: keyof Run) => median(runs[mode].map((r) => r[key]));
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  const bytes = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const [ledgerMs, singleMs, baseMs] = [med("ledger", "wallMs"), med("single", "wallMs"), med("baseline", "wallMs")];
  // Each run of the exporter against the baseline run just before it: how far the ratio moves from run to run.
  const pairs = runs.ledger.map((r, i) => r.wallMs / (runs.baseline[i] as Run).wallMs);
  const spread = `${Math.min(...pairs).toFixed(1)}-${Math.max(...pairs).toFixed(1)}x`;
  const [ledgerPeak, basePeak] = [med("ledger", "peakRssKb"), med("baseline", "peakRssKb")];
  const [ledgerStart, baseStart] = [med("ledger", "startRssKb"), med("baseline", "startRssKb")];
  const row = (mode: keyof typeof runs, what: string) => [
    what,
    seconds(med(mode, "wallMs")),
    seconds(med(mode, "cpuMs")),
    `${(med(mode, "wallMs") / SESSIONS).toFixed(2)} ms`,
    mb(med(mode, "peakRssKb")),
    mb(med(mode, "startRssKb")),
    bytes(med(mode, "bytesWritten")),
  ];

  writeFigures("export-cold", [
    {
      what: `cold export of ${SESSIONS.toLocaleString("en-US")} sessions`,
      value: `${seconds(ledgerMs)}, peak ${mb(ledgerPeak)} resident (plain JSON read + write: ${seconds(baseMs)}, ${mb(basePeak)}; ${(ledgerMs / baseMs).toFixed(1)}x time; one session per call ${(singleMs / baseMs).toFixed(1)}x)`,
      target: "≤ 4x, < 200 MB",
      met: ledgerMs / baseMs <= 4 && ledgerPeak / 1024 < 200,
    },
  ]);
  writeSection(
    "export-cold",
    `Cold export of ${SESSIONS.toLocaleString("en-US")} sessions`,
    `Load average when the run started: ${loadBefore}.

${SESSIONS.toLocaleString("en-US")} synthetic sessions (${messages.toLocaleString("en-US")} messages, 4 to 50 each, ${bytes(inputBytes)} of \`opencode export\` JSON: user requests; assistant turns with reasoning, a shell call and a file read with their outputs, an answer, step boundaries) are exported into an empty data folder, in 20 projects, each read from its file when its turn comes. _opencode-ledger_ is the plugin's exporter as a bulk export uses it (\`exportTranscripts\`, 8 sessions a call; the backfill's 16 held 200 MB at their peak: each session narrowed at the edge, under its export lock, its transcript rendered and written 0600 and its catalog rows in the store, one store transaction per group; then each transcript's search sketch, and the full-text index brought up to every transcript's end in one index transaction per group; the store and the index are created by the first export). The second row is the same exporter one session per call (\`exportTranscript\`, as the plugin exports a session on demand: one store and one index transaction per session). The baseline reads and parses the same files and writes each session back with \`JSON.stringify\` and one \`writeFile\`. Each run is a fresh process of the OpenCode binary's Bun (module loading left out of the time); the three alternate, ${RUNS} runs each; medians. Peak memory is the process's high-water resident set (VmHWM); the resident set when the export started is beside it. CPU time is the process's, its runtime's threads included: on a loaded machine it moves less than the wall time.

${table(["variant", "wall time", "CPU time", "per session", "peak resident", "resident at start", "files written"], [row("ledger", "opencode-ledger, 8 sessions per call"), row("single", "opencode-ledger, one session per call"), row("baseline", "plain JSON read + write")])}

Time against the baseline: **${(ledgerMs / baseMs).toFixed(1)}x** in groups (each run against the baseline run just before it, ${spread}), **${(singleMs / baseMs).toFixed(1)}x** one session per call; peak memory: **${mb(ledgerPeak)}** against **${mb(basePeak)}** (${mb(ledgerPeak - ledgerStart)} and ${mb(basePeak - baseStart)} above each process's start). Where the exporter's time goes is the backfill's stage table (section "Backfill of 2,000 sessions"): the same work, with the index in batches.`,
  );
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
