/**
 * The cold load of several builds of the server entry in one run, alternated, for a change that touches the start
 * path: `node bench/plugin-load-compare.mjs <runs> <label>=<dist/index.js> ...` (this checkout's build is added last
 * as "this build"). Each load is `bench/plugin-load-child.ts` (import, `server()`, the `config` hook) in a fresh
 * process of the OpenCode binary's Bun, in a scratch folder as working directory (a build's loads are not to depend
 * on where the run starts). Prints medians, and with `--write` writes bench/results/plugin-load-builds.{md,json}.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const bin = path.join(here, "..", "node_modules", ".bin", "opencode");
const child = path.join(here, "plugin-load-child.ts");
const args = process.argv.slice(2);
const write = args.includes("--write");
const [runsArg, ...pairs] = args.filter((a) => a !== "--write");
const runs = Number(runsArg);
if (!Number.isInteger(runs) || runs < 1) throw new Error("usage: plugin-load-compare.mjs <runs> <label>=<entry> ...");
const builds = pairs.map((pair) => {
  const at = pair.lastIndexOf("=");
  if (at < 1) throw new Error(`"${pair}" is not <label>=<path to dist/index.js>`);
  return { label: pair.slice(0, at), entry: path.resolve(pair.slice(at + 1)) };
});
builds.push({ label: "this build", entry: path.join(here, "..", "dist", "index.js") });
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-compare-"));

/** The files and bytes a start of `entry` loads (static imports only; dynamic ones load on first use). */
function startGraph(entry) {
  const files = [];
  const visit = (file) => {
    if (files.includes(file)) return;
    files.push(file);
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:\bfrom|^import|[;}]import)\s*"([^"]+)"/gm)) {
      if (m[1].startsWith(".")) visit(path.resolve(path.dirname(file), m[1]));
    }
  };
  visit(entry);
  return { files: files.length, bytes: files.reduce((n, f) => n + fs.statSync(f).size, 0) };
}

function load(entry) {
  const home = path.join(scratch, "home");
  const env = { ...process.env, BUN_BE_BUN: "1", HOME: home, XDG_DATA_HOME: path.join(home, ".local", "share") };
  const out = spawnSync(bin, ["run", child, entry, scratch], { cwd: scratch, encoding: "utf8", env });
  if (out.status !== 0) throw new Error(`plugin load child failed for ${entry}: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split("\n").pop());
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load0 = os.loadavg()[0];
const loads = builds.map(() => []);
for (const build of builds) load(build.entry); // fills the OS file cache
for (let i = 0; i < runs; i++) {
  for (const [b, build] of builds.entries()) loads[b].push(load(build.entry));
}
const rows = builds.map((build, b) => {
  const m = (key) => median(loads[b].map((l) => l[key]));
  return { ...build, ...startGraph(build.entry), wall: m("totalMs"), cpu: m("cpuMs"), importMs: m("importMs") };
});
fs.rmSync(scratch, { recursive: true, force: true });
const mine = rows.at(-1);
for (const r of rows) {
  console.log(
    `${r.label}: ${r.files} files, ${(r.bytes / 1000).toFixed(0)} kB; wall ${r.wall.toFixed(1)} ms, CPU ${r.cpu.toFixed(1)} ms, import ${r.importMs.toFixed(1)} ms; CPU ${(mine.cpu / r.cpu).toFixed(2)}x`,
  );
}
if (!write) process.exit(0);

const table = [
  "| build | start graph | wall (median) | CPU (median) | import (median) | this build's CPU against it |",
  "| --- | --- | --- | --- | --- | --- |",
  ...rows.map(
    (r) =>
      `| ${r.label} | ${r.files} files, ${(r.bytes / 1000).toFixed(0)} kB | ${r.wall.toFixed(1)} ms | ${r.cpu.toFixed(1)} ms | ${r.importMs.toFixed(1)} ms | ${r === mine ? "" : `**${(mine.cpu / r.cpu).toFixed(2)}x**`} |`,
  ),
];
const oldest = rows[0];
const section = [
  "## Plugin load: this build against earlier ones, in one run",
  "",
  `Reproduce: build each earlier commit into a folder of its own (\`git archive <commit> | tar -x -C <dir>\`, its \`node_modules\` linked, \`npm run build\`), then \`node bench/plugin-load-compare.mjs ${runs} <label>=<dir>/dist/index.js ... --write\`.`,
  "",
  `Load average when the run started: ${load0.toFixed(2)}.`,
  "",
  `The cold load of \`bench/plugin-load-child.ts\` (import of \`dist/index.js\`, \`server()\` with no options, the \`config\` hook) in a fresh process of the OpenCode binary's Bun, in a scratch folder as working directory; the builds alternated, ${runs} runs each, medians. The start graph is what the import loads before it returns (the rest loads behind dynamic imports on first use). Only the ratios within this run are meant to be read: the absolute figures move with the machine's load.`,
  "",
  ...table,
  "",
].join("\n");
const results = path.join(here, "results");
fs.writeFileSync(path.join(results, "plugin-load-builds.md"), section);
fs.writeFileSync(
  path.join(results, "plugin-load-builds.json"),
  `${JSON.stringify(
    {
      name: "plugin-load-builds",
      figures: [
        {
          what: `plugin start CPU, this build against ${oldest.label}, one run`,
          value: `${mine.cpu.toFixed(1)} ms vs ${oldest.cpu.toFixed(1)} ms (${(mine.cpu / oldest.cpu).toFixed(2)}x); start graph ${mine.files} files, ${(mine.bytes / 1000).toFixed(0)} kB vs ${oldest.files}, ${(oldest.bytes / 1000).toFixed(0)} kB`,
          target: "not worse (<= 1.00x)",
          met: mine.cpu <= oldest.cpu,
        },
      ],
    },
    null,
    2,
  )}\n`,
);
console.error("[bench] wrote bench/results/plugin-load-builds.md and .json");
