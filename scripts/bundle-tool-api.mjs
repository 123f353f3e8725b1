// Replaces dist/tool-api.js (the host's `tool` helper and zod) by one minified file. zod is 70 modules; the runtime
// that loads the plugin reads and compiles each of them on every OpenCode start, which cost 20-40 ms. Bundled, the
// same code loads in about a third of that. The rest of dist/ stays one file per module.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const entry = path.join(root, "dist", "tool-api.js");
const bundled = path.join(root, "dist", "tool-api.bundle.js");
const bun = path.join(root, "node_modules", ".bin", "opencode");

const result = spawnSync(
  bun,
  ["build", entry, "--outfile", bundled, "--target", "node", "--format", "esm", "--minify"],
  { cwd: root, encoding: "utf8", env: { ...process.env, BUN_BE_BUN: "1" } },
);
if (result.status !== 0 || !fs.existsSync(bundled)) {
  console.error(`[bundle-tool-api] bundling failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
  process.exit(1);
}
fs.renameSync(bundled, entry);
