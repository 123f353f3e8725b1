/**
 * The backfill of 2,000 sessions from OpenCode's database (the real source: the file opened read-only, the plugin's
 * reader), against reading the same sessions through the same source and writing each back as plain JSON; each run a
 * fresh process (bench/backfill-child.ts), the two alternating. The backfill's first pass (every session a transcript)
 * and the whole run (with the second pass: search sketches and index) are both timed. Then the share of a core the
 * background backfill really takes at its default pace, and what an idle append costs the agent's turn (the event
 * hook) and after it (the export of the new messages into a 2,000-message transcript).
 *
 * Each run's output stays until the end: on ext4 without a journal (this machine's), a file freed in the last minutes
 * is skipped by every later file creation near it, so removing one run's 2,000 files slowed the next run's by half.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { createDataContext } from "../src/services.js";
import { createCurrency } from "../src/transcripts/backfill/currency.js";
import { createMemorySource } from "../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../src/transcripts/transcript-service.js";
import { createOpencodeDb, storedSession } from "../test/helpers/opencode-db.js";
import { syntheticSession } from "../test/helpers/synthetic-session.js";
import { loadAverage, median, percentile, table, writeFigures, writeSection } from "./report.js";

const SESSIONS = Number(process.env.BENCH_BACKFILL_SESSIONS ?? 2_000);
const PACED = Number(process.env.BENCH_BACKFILL_PACED ?? 300);
const RUNS = Number(process.env.BENCH_BACKFILL_RUNS ?? 5);
const IDLE_TURNS = 40;
const here = path.dirname(fileURLToPath(import.meta.url));

interface Run {
  wallMs: number;
  /** Until every transcript was written (the backfill's first pass); the whole run for the baseline. */
  transcriptsMs: number;
  cpuMs: number;
  startRssKb: number;
  peakRssKb: number;
  sessions: number;
  bytesRead: number;
  /** Bytes of the transcripts written. */
  transcriptBytes: number;
  /** CPU milliseconds per stage (the `stages` mode only). */
  stages?: Record<string, number>;
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-backfill-"));
try {
  const loadBefore = loadAverage();
  console.error(`[backfill] writing ${SESSIONS} sessions into an OpenCode-shaped database…`);
  const build = async (dir: string, count: number) => {
    const db = await createOpencodeDb(dir);
    db.connection.exec("BEGIN");
    let messages = 0;
    for (let i = 0; i < count; i++) {
      const turns = 2 + ((i * 7) % 24);
      const session = storedSession(turns, `ses_bench${String(i).padStart(6, "0")}fill`);
      db.add(session, { worktree: `/projects/p${i % 20}`, updated: 1_771_200_000_000 + i });
      messages += session.messages.length;
    }
    db.connection.exec("COMMIT");
    db.connection.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    db.close();
    return { file: path.join(dir, "opencode.db"), messages };
  };
  const full = await build(path.join(root, "full"), SESSIONS);
  const paced = await build(path.join(root, "paced"), PACED);
  const dbBytes = fs.statSync(full.file).size;

  function run(mode: "ledger" | "baseline" | "paced" | "stages", file: string, n: number): Run {
    const out = path.join(root, `${mode}-${n}`);
    fs.mkdirSync(out);
    const child = spawnSync(process.execPath, ["run", path.join(here, "backfill-child.ts"), mode, file, out], {
      encoding: "utf8",
      env: { ...process.env, BUN_BE_BUN: "1" },
      maxBuffer: 1 << 20,
    });
    if (child.status !== 0) throw new Error(`backfill child (${mode}) failed: ${child.stderr}`);
    return JSON.parse(child.stdout.trim().split("\n").pop() as string) as Run;
  }

  const runs = { ledger: [] as Run[], baseline: [] as Run[] };
  for (let n = 0; n < RUNS; n++) {
    console.error(`[backfill] run ${n + 1} of ${RUNS}…`);
    runs.baseline.push(run("baseline", full.file, n));
    runs.ledger.push(run("ledger", full.file, n));
  }
  console.error(`[backfill] paced run over ${PACED} sessions…`);
  const pacedRun = run("paced", paced.file, 0);
  console.error(`[backfill] stages of a full-speed run over ${PACED} sessions…`);
  const stagesRun = run("stages", paced.file, 0);

  console.error("[backfill] idle appends…");
  const data = createDataContext(parseOptions({ dataDir: path.join(root, "idle") }).options, createMemoryLogger());
  const builder = syntheticSession(1_000, "ses_benchidle000append");
  const transcripts = createTranscripts({
    data,
    source: createMemorySource([builder.data]),
    scope: "/projects/idle",
  });
  await transcripts.export(builder.sessionID);
  const currency = createCurrency({ data, transcripts });
  const hook: number[] = [];
  const after: number[] = [];
  for (let i = 0; i < IDLE_TURNS; i++) {
    builder.turn(1_000 + i);
    const began = performance.now();
    currency.onEvent({ type: "session.idle", properties: { sessionID: builder.sessionID } });
    const returned = performance.now();
    await currency.settled();
    hook.push(returned - began);
    after.push(performance.now() - returned);
  }
  data.database.close();

  const med = (mode: keyof typeof runs, key: Exclude<keyof Run, "stages">) => median(runs[mode].map((r) => r[key]));
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  const bytes = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const [ledgerMs, baseMs] = [med("ledger", "wallMs"), med("baseline", "wallMs")];
  const transcriptsMs = med("ledger", "transcriptsMs");
  const ledgerPeak = med("ledger", "peakRssKb");
  const read = med("ledger", "bytesRead");
  const ratio = transcriptsMs / baseMs;
  // Each run of the backfill against the baseline run just before it: how far the ratio moves from pair to pair.
  const pairs = runs.ledger.map((r, i) => r.transcriptsMs / (runs.baseline[i] as Run).wallMs);
  const spread = `${Math.min(...pairs).toFixed(1)}-${Math.max(...pairs).toFixed(1)}x`;
  const wholeRatio = ledgerMs / baseMs;
  const perSecond = (SESSIONS / transcriptsMs) * 1000;
  const mbPerSecond = read / 2 ** 20 / (transcriptsMs / 1000);
  const transcriptBytes = med("ledger", "transcriptBytes");
  const indexMbPerSecond = transcriptBytes / 2 ** 20 / ((ledgerMs - transcriptsMs) / 1000);
  const share = pacedRun.cpuMs / pacedRun.wallMs;
  const ms = (v: number) => `${v.toFixed(3)} ms`;
  const spent = stagesRun.stages ?? {};
  const counted = Object.values(spent).reduce((a, b) => a + b, 0);
  const stageRows = [
    ["reading the session from OpenCode's database (what the baseline reads too)", spent.source ?? 0],
    [
      "first pass: the store transaction of each group of sessions: rendering, the transcript appends, the catalog rows",
      spent.store ?? 0,
    ],
    [
      "second pass: the search index update (the transcript read into units, tokenized, the secret guard, FTS5, the batch's commit)",
      spent.index ?? 0,
    ],
    [
      "the rest: the export locks, the search sketch (second pass), the backfill's loop, lease and progress",
      stagesRun.cpuMs - counted,
    ],
  ].map(([what, cpu]) => [
    what as string,
    seconds(cpu as number),
    `${(((cpu as number) / stagesRun.cpuMs) * 100).toFixed(0)}%`,
    `${((cpu as number) / PACED).toFixed(2)} ms`,
  ]);
  const row = (mode: keyof typeof runs, what: string) => [
    what,
    seconds(med(mode, "transcriptsMs")),
    seconds(med(mode, "wallMs")),
    seconds(med(mode, "cpuMs")),
    `${(med(mode, "wallMs") / SESSIONS).toFixed(2)} ms`,
    mb(med(mode, "peakRssKb")),
    mb(med(mode, "startRssKb")),
  ];

  writeFigures("backfill", [
    {
      what: `backfill of ${SESSIONS.toLocaleString("en-US")} sessions from OpenCode's database: every session a transcript (first pass)`,
      value: `${seconds(transcriptsMs)} (read + plain JSON write: ${seconds(baseMs)}; ${ratio.toFixed(1)}x; ${spread} run by run), ${perSecond.toFixed(0)} sessions/s, ${mbPerSecond.toFixed(1)} MB/s`,
      target: "≤ 3x",
      met: ratio <= 3,
    },
    {
      what: "the whole backfill, with its second pass (search sketches and full-text index of every transcript)",
      value: `${seconds(ledgerMs)} (${wholeRatio.toFixed(1)}x the baseline); the second pass ${seconds(ledgerMs - transcriptsMs)}, ${indexMbPerSecond.toFixed(1)} MB/s of transcripts`,
      target: "≤ 4x",
      met: wholeRatio <= 4,
    },
    { what: "peak memory of the backfill", value: mb(ledgerPeak), target: "< 200 MB", met: ledgerPeak / 1024 < 200 },
    {
      what: "idle append: time on the turn's own path, p95",
      value: `${ms(percentile(hook, 95))} (the export after the turn: p50 ${median(after).toFixed(1)} ms)`,
      target: "< 5 ms",
      met: percentile(hook, 95) < 5,
    },
    {
      what: "share of one core the background backfill takes",
      value: `${(share * 100).toFixed(0)}% (set: ${(parseOptions({}).options.backfill.cpuShare * 100).toFixed(0)}%)`,
    },
  ]);
  writeSection(
    "backfill",
    `Backfill of ${SESSIONS.toLocaleString("en-US")} sessions from OpenCode's database`,
    `Load average when the run started: ${loadBefore}.

${SESSIONS.toLocaleString("en-US")} synthetic sessions (${full.messages.toLocaleString("en-US")} messages, 4 to 50 each, in 20 projects, ${bytes(read)} of stored part JSON, a ${bytes(dbBytes)} database) are written the way OpenCode 1.18 stores them into a database with its session tables. _opencode-ledger_ is the plugin's backfill (\`runBackfill\`: the database opened read-only, every session listed newest first, read and narrowed, then exported through the normal exporter into an empty data folder, under the lease, with its progress file), at full speed (\`cpuShare\` 1, as \`opencode-ledger transcripts backfill\` runs). The baseline reads the same sessions through the same source and writes each back with \`JSON.stringify\` and one \`writeFile\`. Each run is a fresh process of the OpenCode binary's Bun; the two alternate, ${RUNS} runs each; medians. Peak memory is the process's high-water resident set (VmHWM).

${table(["variant", "every session a transcript", "wall time, all", "CPU time, all", "per session, all", "peak resident", "resident at start"], [row("ledger", "opencode-ledger backfill"), row("baseline", "read + plain JSON write")])}

The backfill runs in two passes. The first writes every transcript and its catalog rows (a group of up to 16 sessions per store transaction): from then on each session can be read, continued with \`/memory-continue\` and searched literally. The second brings the search sketch and the full-text index up to every transcript (one index transaction per slice of about 25 ms); until it reaches a transcript, a ranked search indexes what it needs itself (up to 64 MB a search) and says what it left out.

First pass against the baseline: **${ratio.toFixed(1)}x** (the medians; each run against the baseline run just before it, ${spread}); **${perSecond.toFixed(0)} sessions/s** and **${mbPerSecond.toFixed(1)} MB/s** of stored session data. The whole run: **${wholeRatio.toFixed(1)}x**, its second pass indexing ${bytes(transcriptBytes)} of transcripts at ${indexMbPerSecond.toFixed(1)} MB/s. Peak memory **${mb(ledgerPeak)}**.

**Where the time goes.** The same backfill over ${PACED} sessions at full speed, with the CPU time of the process counted in each stage (${seconds(stagesRun.cpuMs)} CPU in all; the baseline's whole work is about the first row plus one \`writeFile\` per session):

${table(["stage", "CPU time", "share", "per session"], stageRows)}

**Background pace.** The same backfill over ${PACED} sessions at the plugin's default \`backfill.cpuShare\` (0.25): ${seconds(pacedRun.wallMs)} wall, ${seconds(pacedRun.cpuMs)} CPU, so it took **${(share * 100).toFixed(0)}%** of one core (it rests between sessions in proportion to the work it did; a session is never cut in two).

**Idle append.** A session of 2,000 messages with its transcript; ${IDLE_TURNS} times, one turn (a user message and an answer) is added and \`session.idle\` delivered to the plugin's event hook. On the turn's own path the hook only queues the export: p50 ${ms(median(hook))}, p95 **${ms(percentile(hook, 95))}**. The export then runs after the turn, off its path: p50 ${median(after).toFixed(1)} ms, p95 ${percentile(after, 95).toFixed(1)} ms.`,
  );
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
