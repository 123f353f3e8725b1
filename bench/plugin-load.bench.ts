/**
 * What the plugin adds to an OpenCode start, measured two ways in the same run:
 * 1. Precisely: a cold load in a fresh process of the runtime that loads it (import of dist/index.js, the `server`
 *    factory, the `config` hook), against an empty plugin loaded the same way.
 * 2. Live: `opencode serve` in an isolated home, started without a plugin, with an empty plugin and with this one,
 *    alternately; OpenCode loads plugins when the first request for a project folder boots its instance, so that
 *    request's time carries the plugin's cost, inside a start of a few seconds.
 * OpenCode 1.18.33 logs no timing of its own for plugin loads (not at DEBUG either): the clock is ours.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, liveEnv, OPENCODE_BIN, PLUGIN_ENTRY, prepareHome } from "../test/live/live-home.js";
import { startStubModel } from "../test/live/stub-model.js";
import { loadAverage, median, percentile, table, writeFigures, writeSection } from "./report.js";

const COLD_RUNS = Number(process.env.BENCH_LOAD_RUNS ?? 40);
const LIVE_RUNS = Number(process.env.BENCH_START_RUNS ?? 20);
const TARGET_MS = 30;
const here = path.dirname(fileURLToPath(import.meta.url));

if (!fs.existsSync(PLUGIN_ENTRY)) throw new Error(`${PLUGIN_ENTRY} is missing: run "npm run build" first`);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-load-"));
// The empty plugin sits inside the checkout, as dist/ does: a module outside any package costs the runtime a search
// for package.json files that the plugin does not pay.
const emptyDir = path.join(here, "..", "node_modules", ".cache", "ledger-bench");
fs.mkdirSync(emptyDir, { recursive: true });
const emptyPlugin = path.join(emptyDir, "empty-plugin.js");
fs.writeFileSync(emptyPlugin, 'export default { id: "empty", server: async () => ({ config: async () => {} }) };\n');
const loadBefore = loadAverage();

/** The files the import of `entry` reads before it returns: its static graph (dynamic imports load on first use). */
function startGraph(entry: string): { files: number; bytes: number } {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of fs.readFileSync(file, "utf8").matchAll(/(?:\bfrom|^import|[;}]import)\s*"(\.{1,2}\/[^"]+)"/gm)) {
      visit(path.resolve(path.dirname(file), m[1] as string));
    }
  };
  visit(entry);
  return { files: seen.size, bytes: [...seen].reduce((sum, f) => sum + fs.statSync(f).size, 0) };
}
const graph = startGraph(PLUGIN_ENTRY);

// 1. Cold loads in fresh processes.
interface Load {
  importMs: number;
  serverMs: number;
  configMs: number;
  totalMs: number;
  cpuMs: number;
  rssKb: number;
}

function coldLoad(entry: string): Load {
  const home = path.join(scratch, "home");
  const out = spawnSync(OPENCODE_BIN, ["run", path.join(here, "plugin-load-child.ts"), entry, scratch], {
    encoding: "utf8",
    env: { ...process.env, BUN_BE_BUN: "1", HOME: home, XDG_DATA_HOME: path.join(home, ".local", "share") },
  });
  if (out.status !== 0) throw new Error(`plugin load child failed: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split("\n").pop() as string) as Load;
}

console.error(`[plugin-load] ${COLD_RUNS} cold loads of each module…`);
const cold = { empty: [] as Load[], ledger: [] as Load[] };
coldLoad(PLUGIN_ENTRY); // the first run of the binary after a build also fills the OS file cache
for (let i = 0; i < COLD_RUNS; i++) {
  cold.empty.push(coldLoad(emptyPlugin));
  cold.ledger.push(coldLoad(PLUGIN_ENTRY));
}
const coldMed = (which: keyof typeof cold, key: keyof Load) => median(cold[which].map((r) => r[key]));
const coldP90 = (which: keyof typeof cold, key: keyof Load) =>
  percentile(
    cold[which].map((r) => r[key]),
    90,
  );

// 2. Live starts of `opencode serve`.
interface Start {
  readyMs: number;
  bootMs: number;
  totalMs: number;
  rssKb: number;
}

const stub = await startStubModel();
const variants = [
  { name: "no plugin", options: { plugin: false as const } },
  {
    name: "empty plugin",
    options: { plugin: false as const, config: { plugin: [[`file://${emptyPlugin}`, {}]] } },
  },
  { name: "opencode-ledger", options: { plugin: {} } },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

async function liveStart(variant: (typeof variants)[number]): Promise<Start> {
  const paths = prepareHome(stub, variant.options);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(paths.root, "server.log"), "w");
  const start = performance.now();
  const child = spawn(OPENCODE_BIN, ["serve", "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: paths.project,
    env: liveEnv(paths),
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  try {
    let readyMs = Number.NaN;
    while (Number.isNaN(readyMs)) {
      if (child.exitCode !== null) throw new Error(`opencode serve exited early (${child.exitCode})`);
      if (performance.now() - start > 60_000) throw new Error("opencode serve was not healthy within 60 s");
      try {
        const res = await fetch(`${base}/global/health`, { signal: AbortSignal.timeout(1_000) });
        if (res.ok) readyMs = performance.now() - start;
      } catch {
        await sleep(5);
      }
    }
    // The first request for the project folder boots its instance, plugins and their config hooks included.
    const bootStart = performance.now();
    const res = await fetch(`${base}/config?directory=${encodeURIComponent(paths.project)}`);
    const cfg = (await res.json()) as { agent?: { compaction?: { model?: string } } };
    const end = performance.now();
    if (!res.ok) throw new Error(`GET /config: HTTP ${res.status}`);
    const pointer = cfg.agent?.compaction?.model === "ledger/pointer";
    if (pointer !== (variant.name === "opencode-ledger")) {
      throw new Error(`${variant.name}: the plugin's config hook ${pointer ? "ran" : "did not run"} in this start`);
    }
    const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
    const rssKb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
    return { readyMs, bootMs: end - bootStart, totalMs: end - start, rssKb };
  } finally {
    await stop(child);
    fs.rmSync(paths.root, { recursive: true, force: true, maxRetries: 3 });
  }
}

console.error(`[plugin-load] ${LIVE_RUNS} starts of opencode serve per variant…`);
const live: Start[][] = variants.map(() => []);
try {
  for (const variant of variants) await liveStart(variant); // warm-up
  for (let i = 0; i < LIVE_RUNS; i++) {
    for (const [v, variant] of variants.entries()) live[v]?.push(await liveStart(variant));
  }
} finally {
  await stub.close();
  fs.rmSync(scratch, { recursive: true, force: true });
}
const liveMed = (v: number, key: keyof Start) => median((live[v] ?? []).map((s) => s[key]));

// Report.
const ms = (v: number) => `${v.toFixed(1)} ms`;
const total = coldMed("ledger", "totalMs");
const added = total - coldMed("empty", "totalMs");
const coldRows = (["importMs", "serverMs", "configMs", "totalMs"] as const).map((key) => [
  { importMs: "import of the module", serverMs: "`server()` factory", configMs: "`config` hook", totalMs: "total" }[
    key
  ],
  ms(coldMed("empty", key)),
  ms(coldMed("ledger", key)),
  ms(coldP90("ledger", key)),
]);
coldRows.push([
  "CPU time of the load (all threads)",
  ms(coldMed("empty", "cpuMs")),
  ms(coldMed("ledger", "cpuMs")),
  ms(coldP90("ledger", "cpuMs")),
]);
coldRows.push([
  "resident memory added",
  `${(coldMed("empty", "rssKb") / 1024).toFixed(1)} MB`,
  `${(coldMed("ledger", "rssKb") / 1024).toFixed(1)} MB`,
  `${(coldP90("ledger", "rssKb") / 1024).toFixed(1)} MB`,
]);
const liveRows = variants.map((v, i) => [
  v.name,
  ms(liveMed(i, "readyMs")),
  ms(liveMed(i, "bootMs")),
  ms(liveMed(i, "totalMs")),
  `${(liveMed(i, "rssKb") / 1024).toFixed(0)} MB`,
]);
const bootAdded = liveMed(2, "bootMs") - liveMed(1, "bootMs");
const bootOverNone = liveMed(2, "bootMs") - liveMed(0, "bootMs");
const startRatio = liveMed(2, "totalMs") / liveMed(0, "totalMs");
const cpu = coldMed("ledger", "cpuMs");
const met = total < TARGET_MS;
// On a busy machine the wall clock also counts the time other processes hold the cores; CPU time does not.
const metVerdict = met
  ? "met"
  : cpu < TARGET_MS
    ? `**not met** in wall-clock time (the CPU time, ${ms(cpu)}, is under)`
    : "**not met**";

writeSection(
  "plugin-load",
  "Plugin load: what the plugin adds to an OpenCode start",
  `Load average when the run started: ${loadBefore} (the machine was shared; every figure here moves with it).

**Cold load in a fresh process** of the OpenCode binary's Bun (\`BUN_BE_BUN=1 opencode run bench/plugin-load-child.ts\`):
import of \`dist/index.js\`, its \`server()\` factory with no options (a one-line install), then its \`config\` hook on a
configuration with one provider, which registers the in-process pointer model and logs one line. Baseline: an empty
plugin module (\`{ id, server: async () => ({ config }) }\`) loaded the same way. ${COLD_RUNS} runs each, alternated;
medians, and the 90th percentile of the plugin's runs.

${table(["step", "empty plugin (median)", "opencode-ledger (median)", "opencode-ledger (p90)"], coldRows)}

The plugin's own cost: **${ms(total)}** wall-clock median (${ms(added)} over the empty plugin), **${ms(cpu)}** of CPU
time; target under ${TARGET_MS} ms: ${metVerdict}. On an idle core the wall-clock time of a load equals its CPU time;
under load the wall clock also counts the time other processes hold the cores, which is why both are shown.

What loads at start: ${graph.files} files, ${(graph.bytes / 1024).toFixed(0)} kB. The build bundles the server entry with the OpenCode
binary's Bun into \`dist/server/\` (\`dist/index.js\` re-exports it): one file with the plugin's start path and the
zod builders it uses, and a few chunks it shares with the parts loaded on first use (the memory store, drizzle, the
transcript exporter and the search engines, each behind a dynamic import). Tool argument schemas are built when
OpenCode first lists the tools for a prompt, option schemas only for the sections a user sets.

**Live starts** of \`opencode serve\` (OpenCode 1.18.33) in an isolated home, offline switches on, no model call:
*ready* is spawn to the first answer of \`/global/health\`; *instance boot* is the first request for the project
folder (\`GET /config?directory=…\`), during which OpenCode loads the plugins and runs their \`config\` hooks (the run
checks that the plugin's hook did run in its start); *total* is spawn to that answer; memory is the server's resident
set afterwards. ${LIVE_RUNS} starts per variant after one warm-up each, variants alternated; medians.

${table(["variant", "ready", "instance boot", "total", "resident memory"], liveRows)}

Instance boot with the plugin against no plugin: **+${ms(bootOverNone)}** (${(liveMed(2, "bootMs") / liveMed(0, "bootMs")).toFixed(2)}x; target under ${TARGET_MS} ms:
${bootOverNone < TARGET_MS ? "met" : "**not met**"}), against the empty plugin: **+${ms(bootAdded)}**; whole start with the plugin
against no plugin: **${startRatio.toFixed(3)}x**. The boot also counts what OpenCode itself does with what the plugin
registers (tools, commands, the pointer provider, hooks), which the cold load above leaves out. A start varies by hundreds of
milliseconds from one run to the next, so the live difference is coarse; the cold-load figure above is the precise one.`,
);
writeFigures("plugin-load", [
  {
    what: "plugin load (import + server() + config hook), cold",
    value: `${ms(total)} wall, ${ms(cpu)} CPU (medians; empty plugin ${ms(coldMed("empty", "totalMs"))})`,
    target: `< ${TARGET_MS} ms median`,
    met,
    note: met ? undefined : `load average ${loadBefore}; CPU time ${ms(cpu)}`,
  },
  {
    what: "live opencode serve: instance boot added, plugin vs none",
    value: `+${ms(bootOverNone)} (+${ms(bootAdded)} over an empty plugin); whole start ${startRatio.toFixed(3)}x`,
    target: `< ${TARGET_MS} ms median`,
    met: bootOverNone < TARGET_MS,
    note: "coarse: starts vary by hundreds of ms",
  },
]);
