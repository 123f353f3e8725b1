// Runs the benchmarks (all, or those named: `npm run bench -- search append`; `--skip <name>` leaves one out and keeps
// its last section) in the runtime that loads the plugin (the OpenCode binary is a Bun: BUN_BE_BUN=1), then assembles
// BENCHMARKS.md from every section in bench/results/, with a summary of the headline figures and targets on top.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = path.join(root, "node_modules", ".bin", "opencode");
const benchDir = path.join(root, "bench");
const resultsDir = path.join(benchDir, "results");
const all = fs
  .readdirSync(benchDir)
  .filter((f) => f.endsWith(".bench.ts"))
  .map((f) => f.slice(0, -".bench.ts".length))
  .sort();

const args = process.argv.slice(2);
const skipped = [];
const wanted = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--skip") skipped.push(args[++i]);
  else wanted.push(args[i]);
}
for (const name of [...wanted, ...skipped]) {
  if (!all.includes(name)) {
    console.error(`[bench] unknown benchmark "${name}"; known: ${all.join(", ")}`);
    process.exit(2);
  }
}
const loadBefore = os.loadavg()[0] ?? 0;
for (const name of (wanted.length ? wanted : all).filter((n) => !skipped.includes(n))) {
  console.error(`[bench] ${name}`);
  const result = spawnSync(bin, ["run", path.join(benchDir, `${name}.bench.ts`)], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, BUN_BE_BUN: "1" },
  });
  if (result.status !== 0) {
    console.error(`[bench] ${name} failed (exit ${result.status})`);
    process.exit(1);
  }
}

const version = (cmd, args) =>
  spawnSync(cmd, args, { encoding: "utf8", env: { ...process.env, BUN_BE_BUN: "1" } }).stdout?.trim();
const cpu = os.cpus()[0]?.model ?? "unknown CPU";
const header = [
  "# Benchmarks",
  "",
  "Every figure is a ratio against a baseline measured in the same run, with medians; each section names the command",
  "that reproduces it. `npm run bench` reruns them all and rewrites this file.",
  "",
  `Machine of the last run: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM,`,
  `${os.type()} ${os.release()}; Bun ${version(bin, ["--version"])} (the OpenCode binary), Node ${process.version}.`,
  `Load average when the run started: ${loadBefore.toFixed(2)} (the machine is shared; each section states its own).`,
  "",
].join("\n");

const sectionFiles = fs
  .readdirSync(resultsDir)
  .filter((f) => f.endsWith(".md"))
  .sort();
const cell = (text) => String(text).replaceAll("|", "\\|");
const summaryRows = [];
for (const file of sectionFiles) {
  const name = file.slice(0, -".md".length);
  const figuresFile = path.join(resultsDir, `${name}.json`);
  if (!fs.existsSync(figuresFile)) {
    summaryRows.push(`| ${name} | (figures in its section) | | | |`);
    continue;
  }
  const { figures } = JSON.parse(fs.readFileSync(figuresFile, "utf8"));
  for (const f of figures) {
    const met = f.target === undefined ? "" : f.met ? "yes" : "**no**";
    const verdict = f.note ? `${met} (${f.note})` : met;
    summaryRows.push(`| ${name} | ${cell(f.what)} | ${cell(f.value)} | ${cell(f.target ?? "")} | ${cell(verdict)} |`);
  }
}
const summary = [
  "## Summary",
  "",
  "Headline figures of each section below, with the targets the requirements set.",
  "",
  "| benchmark | figure | value | target | met |",
  "| --- | --- | --- | --- | --- |",
  ...summaryRows,
].join("\n");
const sections = sectionFiles.map((f) => fs.readFileSync(path.join(resultsDir, f), "utf8").trim());
const out = path.join(root, "BENCHMARKS.md");
fs.writeFileSync(out, `${header}\n${summary}\n\n${sections.join("\n\n")}\n`);
// Aligned tables read better as text, and the file then passes `npm run lint` as it is.
spawnSync(path.join(root, "node_modules", ".bin", "biome"), ["format", "--write", out], { cwd: root, stdio: "ignore" });
console.error(
  `[bench] wrote BENCHMARKS.md (${sections.length} sections${skipped.length ? `; kept the last ${skipped.join(", ")}` : ""})`,
);
