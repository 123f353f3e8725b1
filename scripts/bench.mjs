// Runs the benchmarks (all, or those named: `npm run bench -- memory export-cold`; `--skip <name>` leaves one out and
// keeps its last section; `--assemble` runs none) in the runtime that loads the plugin (the OpenCode binary is a Bun:
// BUN_BE_BUN=1), then assembles BENCHMARKS.md from every section in bench/results/, with the machine, the versions and
// a summary of the headline figures and targets on top.
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
let assembleOnly = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--skip") skipped.push(args[++i]);
  else if (args[i] === "--assemble") assembleOnly = true;
  else wanted.push(args[i]);
}
for (const name of [...wanted, ...skipped]) {
  if (!all.includes(name)) {
    console.error(`[bench] unknown benchmark "${name}"; known: ${all.join(", ")}`);
    process.exit(2);
  }
}
const toRun = assembleOnly ? [] : (wanted.length ? wanted : all).filter((n) => !skipped.includes(n));
for (const name of toRun) {
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

const output = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { encoding: "utf8", env: { ...process.env, ...env } })
    .stdout?.trim()
    .split("\n")[0] || "?";
const bun = (args) => output(bin, args, { BUN_BE_BUN: "1" });
const sqlite = bun([
  "-e",
  'console.log(new (require("bun:sqlite").Database)(":memory:").query("select sqlite_version() v").get().v)',
]);
const cpu = os.cpus()[0]?.model ?? "unknown CPU";
const header = [
  "# Benchmarks",
  "",
  "Every figure is a ratio against a baseline measured in the same run, with medians; each section names the command",
  "that reproduces it and the sizes it ran at. `npm run bench` reruns them all and rewrites this file",
  "(`npm run bench -- <name>` reruns one; `node scripts/bench.mjs --assemble` only rewrites this file from bench/results/).",
  "",
  `Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()} (${os.arch()}).`,
  `Versions: OpenCode ${output(bin, ["--version"])}, Bun ${bun(["--version"])} (the OpenCode binary's, which runs the`,
  `benchmarks and loads the plugin), SQLite ${sqlite} (bun:sqlite), Node ${process.version}, ${output("rg", ["--version"])}.`,
  "The machine is shared with other work: each section states the load average when it ran, and its figures move with it.",
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
