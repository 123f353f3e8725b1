/**
 * OpenCode's own start and first prompt while the backfill runs: the real `opencode serve` 1.18.33 with the plugin, on
 * a home whose OpenCode holds sessions no transcript has yet, with the backfill starting at once (`delayMs` 0, the
 * default share of a core) against the same plugin with the backfill off. Time until the server answers, then the
 * first prompt (a session created and one turn with a local stub model). Fresh home per run, variants alternated.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createOpencodeDb, storedSession } from "../test/helpers/opencode-db.js";
import { launch } from "../test/live/harness.js";
import { prepareHome, runCli } from "../test/live/live-home.js";
import { startStubModel } from "../test/live/stub-model.js";
import { loadAverage, median, table, writeFigures, writeSection } from "./report.js";

const SESSIONS = Number(process.env.BENCH_START_SESSIONS ?? 300);
const RUNS = Number(process.env.BENCH_START_RUNS ?? 7);
const corpus =
  process.env.LEDGER_CORPUS_DIR ?? fileURLToPath(new URL("../../shared/corpus/opencode-export", import.meta.url));
const real = path.join(corpus, "session__jolly-eagle__ses_39b5d713cffeRgAoxPIwS3Plus.json");

const loadBefore = loadAverage();
const stub = await startStubModel();

async function once(backfill: boolean): Promise<{ startMs: number; promptMs: number }> {
  const paths = prepareHome(stub, { plugin: { backfill: backfill ? { delayMs: 0 } : { enabled: false } } });
  const imported = await runCli(paths, ["import", real]);
  if (!imported.output.includes("Imported session")) throw new Error(`opencode import failed: ${imported.output}`);
  const db = await createOpencodeDb(path.join(paths.xdgData, "opencode"), { existing: true });
  db.connection.exec("BEGIN");
  for (let i = 0; i < SESSIONS; i++) {
    const session = storedSession(2 + ((i * 7) % 24), `ses_benchstart${String(i).padStart(6, "0")}`);
    session.info.directory = paths.project;
    db.add(session, { updated: 1_771_200_000_000 + i });
  }
  db.connection.exec("COMMIT");
  db.close();
  const began = performance.now();
  const oc = await launch(paths, stub);
  const startMs = performance.now() - began;
  try {
    const prompted = performance.now();
    const sessionID = await oc.createSession();
    await oc.prompt(sessionID, "The first prompt of the day.");
    return { startMs, promptMs: performance.now() - prompted };
  } finally {
    await oc.stop();
  }
}

const runs = { on: [] as { startMs: number; promptMs: number }[], off: [] as { startMs: number; promptMs: number }[] };
await once(false);
for (let n = 0; n < RUNS; n++) {
  console.error(`[backfill-start] run ${n + 1} of ${RUNS}…`);
  runs.off.push(await once(false));
  runs.on.push(await once(true));
}
await stub.close();
const med = (variant: keyof typeof runs, key: "startMs" | "promptMs") => median(runs[variant].map((r) => r[key]));
const added = (key: "startMs" | "promptMs") => med("on", key) - med("off", key);
const ms = (v: number) => `${v.toFixed(0)} ms`;
writeFigures("backfill-start", [
  {
    what: "OpenCode start + first prompt while the backfill runs, added",
    value: `start ${added("startMs") >= 0 ? "+" : ""}${ms(added("startMs"))}, first prompt ${added("promptMs") >= 0 ? "+" : ""}${ms(added("promptMs"))} (medians; start ${ms(med("off", "startMs"))}, prompt ${ms(med("off", "promptMs"))} without)`,
    target: "< 30 ms (plugin-load budget)",
    met: added("startMs") < 30 && added("promptMs") < 30,
    note: "coarse: starts vary by hundreds of ms",
  },
]);
writeSection(
  "backfill-start",
  "OpenCode's start and first prompt while the backfill runs",
  `Load average when the run started: ${loadBefore}.

The real \`opencode serve\` 1.18.33 with the plugin from \`src/\` built into \`dist/\`, on a fresh home whose OpenCode holds ${(SESSIONS + 1).toLocaleString("en-US")} sessions and no transcript: _backfill on_ starts the backfill at once (\`backfill.delayMs\` 0, instead of the default 10 s after start; \`cpuShare\` 0.25), _backfill off_ is the same plugin with \`backfill.enabled: false\`. _start_ is the time from spawning the server until it answers; _first prompt_ a session created and one turn answered by a local stub model. One warm-up, then ${RUNS} runs of each, alternating; medians.

${table(
  ["variant", "start", "first prompt"],
  [
    ["backfill off", ms(med("off", "startMs")), ms(med("off", "promptMs"))],
    ["backfill on (at once)", ms(med("on", "startMs")), ms(med("on", "promptMs"))],
  ],
)}

Added by the backfill: start **${ms(added("startMs"))}**, first prompt **${ms(added("promptMs"))}**. With the default delay the backfill begins 10 s after the plugin starts, after OpenCode's own start and usually after the first prompt.`,
);
