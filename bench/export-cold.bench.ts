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

  function run(mode: "ledger" | "baseline", n: number): Run {
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

  const runs = { ledger: [] as Run[], baseline: [] as Run[] };
  for (let n = 0; n < RUNS; n++) {
    console.error(`[export-cold] run ${n + 1} of ${RUNS}…`);
    runs.baseline.push(run("baseline", n));
    runs.ledger.push(run("ledger", n));
  }
  const med = (mode: keyof typeof runs, key: keyof Run) => median(runs[mode].map((r) => r[key]));
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  const bytes = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const [ledgerMs, baseMs] = [med("ledger", "wallMs"), med("baseline", "wallMs")];
  const [ledgerPeak, basePeak] = [med("ledger", "peakRssKb"), med("baseline", "peakRssKb")];
  const [ledgerStart, baseStart] = [med("ledger", "startRssKb"), med("baseline", "startRssKb")];
  const row = (mode: keyof typeof runs, what: string) => [
    what,
    seconds(med(mode, "wallMs")),
    `${(med(mode, "wallMs") / SESSIONS).toFixed(2)} ms`,
    mb(med(mode, "peakRssKb")),
    mb(med(mode, "startRssKb")),
    bytes(med(mode, "bytesWritten")),
  ];

  writeFigures("export-cold", [
    {
      what: `cold export of ${SESSIONS.toLocaleString("en-US")} sessions`,
      value: `${seconds(ledgerMs)}, peak ${mb(ledgerPeak)} resident (plain JSON read + write: ${seconds(baseMs)}, ${mb(basePeak)}; ${(ledgerMs / baseMs).toFixed(1)}x time)`,
    },
  ]);
  writeSection(
    "export-cold",
    `Cold export of ${SESSIONS.toLocaleString("en-US")} sessions`,
    `Load average when the run started: ${loadBefore}.

${SESSIONS.toLocaleString("en-US")} synthetic sessions (${messages.toLocaleString("en-US")} messages, 4 to 50 each, ${bytes(inputBytes)} of \`opencode export\` JSON: user requests; assistant turns with reasoning, a shell call and a file read with their outputs, an answer, step boundaries) are exported into an empty data folder, in 20 projects, one session after another, each read from its file when its turn comes. _opencode-ledger_ is the plugin's exporter (\`exportTranscript\`: session narrowed at the edge, export lock, transcript rendered and written 0600, its catalog rows in the store, one store transaction per session, its search sketch, and the full-text index brought up to the transcript's end in one index transaction per session; the store and the index are created by the first export). Since the full-text index came in with ranked search, it is most of the exporter's time: the backfill's stage table (section "Backfill of 2,000 sessions") puts it at 57 %, and the backfill writes it in batches across sessions, which this one-at-a-time export does not. The baseline reads and parses the same files and writes each session back with \`JSON.stringify\` and one \`writeFile\`. Each run is a fresh process of the OpenCode binary's Bun (module loading left out of the time); the two alternate, ${RUNS} runs each; medians. Peak memory is the process's high-water resident set (VmHWM); the resident set when the export started is beside it.

${table(["variant", "wall time", "per session", "peak resident", "resident at start", "files written"], [row("ledger", "opencode-ledger"), row("baseline", "plain JSON read + write")])}

Time against the baseline: **${(ledgerMs / baseMs).toFixed(1)}x**; peak memory: **${mb(ledgerPeak)}** against **${mb(basePeak)}** (${mb(ledgerPeak - ledgerStart)} and ${mb(basePeak - baseStart)} above each process's start).`,
  );
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
