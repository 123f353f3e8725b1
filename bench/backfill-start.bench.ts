/**
 * OpenCode's own start and first prompt while the backfill runs: the real `opencode serve` 1.18.33 with the plugin, on
 * a home whose OpenCode holds sessions no transcript has yet, against the same plugin with the backfill off. Time
 * until the server answers, then the first prompt (a session created and one turn with a local stub model). Two
 * cases: the backfill starting at once (`delayMs` 0), so that its start meets OpenCode's start and first prompt; and
 * a first prompt sent 3 s after the server answered while the backfill, begun 1 s after the plugin started, is in
 * the middle of its work (checked from its progress file before and after the prompt). Fresh home per run, variants
 * alternated.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Database } from "../src/store/database.js";
import { readProgress } from "../src/transcripts/backfill/backfill-progress.js";
import { createOpencodeDb, storedSession } from "../test/helpers/opencode-db.js";
import { launch } from "../test/live/harness.js";
import { prepareHome, runCli } from "../test/live/live-home.js";
import { startStubModel } from "../test/live/stub-model.js";
import { loadAverage, median, table, writeFigures, writeSection } from "./report.js";

const SESSIONS = Number(process.env.BENCH_START_SESSIONS ?? 300);
const RUNS = Number(process.env.BENCH_START_RUNS ?? 7);
/** The running case: the backfill begins this long after the plugin starts, the prompt this long after the answer. */
const RUNNING_DELAY_MS = 1_000;
const PROMPT_AFTER_MS = 3_000;
const corpus =
  process.env.LEDGER_CORPUS_DIR ?? fileURLToPath(new URL("../../shared/corpus/opencode-export", import.meta.url));
const real = path.join(corpus, "session__jolly-eagle__ses_39b5d713cffeRgAoxPIwS3Plus.json");

const VARIANTS = ["offAtOnce", "atOnce", "offLater", "running"] as const;
type Variant = (typeof VARIANTS)[number];
interface Run {
  startMs: number;
  promptMs: number;
}

const loadBefore = loadAverage();
const stub = await startStubModel();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function once(variant: Variant): Promise<Run> {
  const backfill =
    variant === "atOnce" ? { delayMs: 0 } : variant === "running" ? { delayMs: RUNNING_DELAY_MS } : { enabled: false };
  const paths = prepareHome(stub, { plugin: { backfill } });
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
  // The plugin's store exists in every variant (a user of the plugin has one), so that only the backfill differs:
  // without it the first prompt would find no store to read its memory from, and do less.
  const store = new Database({ dataDir: paths.dataDir });
  await store.write(() => undefined);
  store.close();
  const began = performance.now();
  const oc = await launch(paths, stub);
  const startMs = performance.now() - began;
  try {
    if (variant === "offLater" || variant === "running") await sleep(PROMPT_AFTER_MS);
    const midRun = () => {
      const progress = readProgress(paths.dataDir);
      const busy = progress !== undefined && progress.done > 0 && progress.done < progress.total;
      if (variant === "running" && !busy) {
        throw new Error(`the backfill was not in the middle of its work at the prompt: ${JSON.stringify(progress)}`);
      }
    };
    midRun();
    const prompted = performance.now();
    const sessionID = await oc.createSession();
    await oc.prompt(sessionID, "The first prompt of the day.");
    const promptMs = performance.now() - prompted;
    midRun();
    return { startMs, promptMs };
  } finally {
    await oc.stop();
  }
}

const runs = Object.fromEntries(VARIANTS.map((v) => [v, [] as Run[]])) as Record<Variant, Run[]>;
await once("offAtOnce");
for (let n = 0; n < RUNS; n++) {
  console.error(`[backfill-start] run ${n + 1} of ${RUNS}…`);
  for (const variant of VARIANTS) runs[variant].push(await once(variant));
}
await stub.close();
const med = (variant: Variant, key: keyof Run) => median(runs[variant].map((r) => r[key]));
const added = (on: Variant, off: Variant, key: keyof Run) => med(on, key) - med(off, key);
const ms = (v: number) => `${v.toFixed(0)} ms`;
const signed = (v: number) => `${v >= 0 ? "+" : ""}${ms(v)}`;
const [atOnceStart, atOncePrompt] = [added("atOnce", "offAtOnce", "startMs"), added("atOnce", "offAtOnce", "promptMs")];
const runningPrompt = added("running", "offLater", "promptMs");
writeFigures("backfill-start", [
  {
    what: "OpenCode's first prompt while the backfill is in the middle of its work, added",
    value: `${signed(runningPrompt)} (medians; ${ms(med("offLater", "promptMs"))} without)`,
    target: "< 30 ms (plugin-load budget)",
    met: runningPrompt < 30,
    note: "coarse: prompts vary by tens of ms",
  },
  {
    what: "OpenCode start + first prompt with the backfill starting at once, added",
    value: `start ${signed(atOnceStart)}, first prompt ${signed(atOncePrompt)} (medians; start ${ms(med("offAtOnce", "startMs"))}, prompt ${ms(med("offAtOnce", "promptMs"))} without)`,
    note: "not the default (10 s after start); coarse: starts vary by hundreds of ms",
  },
]);
writeSection(
  "backfill-start",
  "OpenCode's start and first prompt while the backfill runs",
  `Load average when the run started: ${loadBefore}.

The real \`opencode serve\` 1.18.33 with the plugin from \`src/\` built into \`dist/\`, on a fresh home whose OpenCode holds ${(SESSIONS + 1).toLocaleString("en-US")} sessions and no transcript (the plugin's store exists, empty, in every variant), at the default share of a core (\`cpuShare\` 0.25). _start_ is the time from spawning the server until it answers; _first prompt_ a session created and one turn answered by a local stub model. Two cases, each against the same plugin with \`backfill.enabled: false\`:

- _at once_: the backfill starts with the plugin (\`backfill.delayMs\` 0, instead of the default 10 s), so its start (loading its code, opening OpenCode's database, listing every session, creating the store, its first slices) meets OpenCode's start and the first prompt;
- _running_: the backfill begins ${RUNNING_DELAY_MS / 1000} s after the plugin starts, and the first prompt is sent ${PROMPT_AFTER_MS / 1000} s after the server answered (the same wait without the backfill), while the backfill is in the middle of its work: its progress file says so before and after the prompt, or the run fails.

One warm-up, then ${RUNS} runs of each, alternating; medians.

${table(
  ["variant", "start", "first prompt"],
  [
    ["backfill off", ms(med("offAtOnce", "startMs")), ms(med("offAtOnce", "promptMs"))],
    ["backfill on (at once)", ms(med("atOnce", "startMs")), ms(med("atOnce", "promptMs"))],
    [
      `backfill off, prompt ${PROMPT_AFTER_MS / 1000} s after start`,
      ms(med("offLater", "startMs")),
      ms(med("offLater", "promptMs")),
    ],
    ["backfill on (running at the prompt)", ms(med("running", "startMs")), ms(med("running", "promptMs"))],
  ],
)}

Added by the backfill while it runs: first prompt **${signed(runningPrompt)}**. Starting at once: start **${signed(atOnceStart)}**, first prompt **${signed(atOncePrompt)}**. It rests while a turn runs and for a second after any event of a session, and works in slices of about 25 ms, so a prompt meets at most the slice under way; starting at once, that slice can be its first (its code run for the first time, OpenCode's database opened and listed), which is why it begins 10 s after the plugin starts by default.`,
);
