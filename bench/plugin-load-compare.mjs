/**
 * The cold load of two builds of the server entry in one run, alternated (for a change that touches the start path):
 * `BEFORE=<other checkout>/dist/index.js node bench/plugin-load-compare.mjs [runs]`; medians of wall, CPU and import.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const bin = new URL("../node_modules/.bin/opencode", import.meta.url).pathname;
const child = new URL("./plugin-load-child.ts", import.meta.url).pathname;
const entries = { before: process.env.BEFORE, after: new URL("../dist/index.js", import.meta.url).pathname };
if (!entries.before) throw new Error("set BEFORE to the dist/index.js of the build to compare against");
const runs = Number(process.argv[2] ?? 40);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-compare-"));

function load(entry) {
  const home = path.join(scratch, "home");
  const env = { ...process.env, BUN_BE_BUN: "1", HOME: home, XDG_DATA_HOME: path.join(home, ".local", "share") };
  const out = spawnSync(bin, ["run", child, entry, scratch], { cwd: scratch, encoding: "utf8", env });
  if (out.status !== 0) throw new Error(`plugin load child failed: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split("\n").pop());
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const loads = { before: [], after: [] };
for (const name of ["before", "after"]) load(entries[name]); // fills the OS file cache
for (let i = 0; i < runs; i++) for (const name of ["before", "after"]) loads[name].push(load(entries[name]));
for (const name of ["before", "after"]) {
  const m = (key) => median(loads[name].map((l) => l[key])).toFixed(1);
  console.log(`${name}: wall ${m("totalMs")} ms, CPU ${m("cpuMs")} ms, import ${m("importMs")} ms`);
}
fs.rmSync(scratch, { recursive: true, force: true });
