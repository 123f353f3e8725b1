/**
 * Compaction cost with the real OpenCode: wall time of `POST /session/:id/summarize` and the bytes the provider
 * receives, pointer mode against OpenCode's own compaction (no plugin), on a session of about 40k tokens. The
 * provider is the local stub model, which answers at once: the wall times are OpenCode's and the plugin's own work
 * (a real model would add its generation time to the native compaction only).
 */
import { type LiveServer, startOpencode } from "../test/live/harness.js";
import { filler } from "../test/live/live-home.js";
import { loadAverage, median, table, writeFigures, writeSection } from "./report.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TURNS = 10;
/** ~16 kB of text per user turn: 10 turns ≈ 160 kB ≈ 40k tokens. */
const LINES_PER_TURN = 270;

interface Sample {
  ms: number;
  requests: number;
  bytes: number;
  historyBytes: number;
}

async function buildSession(oc: LiveServer, run: number): Promise<{ sessionID: string; historyBytes: number }> {
  const sessionID = await oc.createSession(`bench run ${run}`);
  let historyBytes = 0;
  for (let turn = 0; turn < TURNS; turn++) {
    const text = `Turn ${turn} of run ${run}: review this log.\n${filler(`r${run}t${turn}`, LINES_PER_TURN)}`;
    historyBytes += Buffer.byteLength(text);
    await oc.prompt(sessionID, text);
  }
  return { sessionID, historyBytes };
}

async function sample(oc: LiveServer, run: number): Promise<Sample> {
  const { sessionID, historyBytes } = await buildSession(oc, run);
  const mark = oc.stub.mark();
  const start = performance.now();
  const res = await oc.summarize(sessionID);
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`summarize failed: HTTP ${res.status}`);
  const during = oc.stub.since(mark);
  return { ms, requests: during.length, bytes: during.reduce((sum, r) => sum + r.bytes, 0), historyBytes };
}

const variants = [
  { name: "native (no plugin)", plugin: false as const },
  { name: "pointer (opencode-ledger)", plugin: {} },
  { name: "prompt mode (opencode-ledger)", plugin: { compaction: { mode: "prompt" } } },
];
const loadBefore = loadAverage();
const servers = await Promise.all(variants.map((v) => startOpencode({ plugin: v.plugin })));
const samples: Sample[][] = variants.map(() => []);
try {
  // One warm-up each, then alternate the variants so drift hits both alike.
  for (let run = 0; run <= RUNS; run++) {
    for (const [i, oc] of servers.entries()) {
      const s = await sample(oc, run);
      if (run > 0) samples[i]?.push(s);
    }
  }
} finally {
  await Promise.all(servers.map((oc) => oc.stop()));
}

const med = (i: number, key: keyof Sample) => median((samples[i] ?? []).map((s) => s[key]));
const historyKb = (med(0, "historyBytes") / 1024).toFixed(0);
const rows = variants.map((v, i) => [
  v.name,
  med(i, "ms").toFixed(0),
  med(i, "requests"),
  med(i, "bytes").toLocaleString("en-US"),
]);
const timeRatio = med(1, "ms") / med(0, "ms");
writeFigures("compaction", [
  {
    what: `compaction of a ${historyKb} kB session, pointer vs native`,
    value: `${med(1, "ms").toFixed(0)} ms vs ${med(0, "ms").toFixed(0)} ms (${timeRatio.toFixed(2)}x wall, stub provider answering at once); provider bytes ${med(1, "bytes")} vs ${med(0, "bytes").toLocaleString("en-US")}`,
    target: "0 provider bytes",
    met: med(1, "bytes") === 0,
  },
]);
writeSection(
  "compaction",
  "Compaction: pointer vs OpenCode's own",
  `Load average when the run started: ${loadBefore}.

A session of ${TURNS} user turns, ${historyKb} kB of text (about ${Math.round(med(0, "historyBytes") / 4 / 1000)}k tokens),
compacted with \`POST /session/:id/summarize\` on the real OpenCode 1.18.33; the provider is a local stub that
answers at once. Medians of ${RUNS} runs per variant (after one warm-up), variants alternated.

${table(["variant", "wall ms (median)", "provider requests", "provider bytes (median)"], rows)}

Pointer/native wall time: **${timeRatio.toFixed(2)}x** (the pointer run includes writing the ${historyKb} kB transcript;
the native run's provider answered instantly, where a real model spends seconds writing the summary).
Provider bytes: **${med(1, "bytes")}** with the pointer against **${med(0, "bytes").toLocaleString("en-US")}** natively (OpenCode sends
the head of the session to be summarised and keeps the most recent turns as they are); prompt mode, which keeps the
user's compaction model but sends it no history, costs **${med(2, "bytes").toLocaleString("en-US")}** bytes
(OpenCode's compaction instructions and the pointer).`,
);
