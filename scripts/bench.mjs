// Runs the benchmarks (all, or those named: `npm run bench -- search append`) in the runtime that loads the plugin
// (the OpenCode binary is a Bun: BUN_BE_BUN=1), then assembles BENCHMARKS.md from every section in bench/results/.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = path.join(root, "node_modules", ".bin", "opencode");
const benchDir = path.join(root, "bench");
const all = fs
  .readdirSync(benchDir)
  .filter((f) => f.endsWith(".bench.ts"))
  .map((f) => f.slice(0, -".bench.ts".length))
  .sort();
const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!all.includes(name)) {
    console.error(`[bench] unknown benchmark "${name}"; known: ${all.join(", ")}`);
    process.exit(2);
  }
}
for (const name of wanted.length ? wanted : all) {
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
  "",
].join("\n");
const sections = fs
  .readdirSync(path.join(benchDir, "results"))
  .filter((f) => f.endsWith(".md"))
  .sort()
  .map((f) => fs.readFileSync(path.join(benchDir, "results", f), "utf8").trim());
fs.writeFileSync(path.join(root, "BENCHMARKS.md"), `${header}\n${sections.join("\n\n")}\n`);
console.error(`[bench] wrote BENCHMARKS.md (${sections.length} sections)`);
