// Replaces dist/zod.js (the zod schema builders the plugin uses) by one minified file. zod is 70 modules and its
// namespace carries every locale; the runtime that loads the plugin read and compiled each of them on every OpenCode
// start, which cost 20-40 ms. Bundled, the builders load in a few. The rest of dist/ stays one file per module.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// `node scripts/bundle-zod.mjs [entry] [outfile]`: by default dist/zod.js in place (the build's last step).
const [entryArg, outArg] = process.argv.slice(2);
const entry = path.resolve(entryArg ?? path.join(root, "dist", "zod.js"));
const out = path.resolve(outArg ?? entry);
const bundled = `${out}.${process.pid}.tmp.js`;
const bun = path.join(root, "node_modules", ".bin", "opencode");

const result = spawnSync(
  bun,
  ["build", entry, "--outfile", bundled, "--target", "node", "--format", "esm", "--minify"],
  { cwd: root, encoding: "utf8", env: { ...process.env, BUN_BE_BUN: "1" } },
);
if (result.status !== 0 || !fs.existsSync(bundled)) {
  console.error(`[bundle-zod] bundling failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
  process.exit(1);
}
fs.renameSync(bundled, out);
