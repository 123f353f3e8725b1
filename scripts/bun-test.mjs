// Runs the test suite under Bun, the runtime that loads the plugin inside OpenCode: the opencode binary is a Bun,
// and BUN_BE_BUN=1 makes it behave as one (`bun test`). Live tests (they start `opencode serve`) run under Node only.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = path.join(root, "node_modules", ".bin", "opencode");
if (!fs.existsSync(bin)) {
  console.error(`[bun-test] ${bin} is missing: run npm ci (the opencode-ai dev dependency ships the binary)`);
  process.exit(1);
}
const skip = new Set(["live", "helpers", "fixtures"]);
// Test files mirror the source, so some sit at the top of test/ (test/options.test.ts for src/options.ts).
const entries = fs.readdirSync(path.join(root, "test"), { withFileTypes: true });
const dirs = entries.filter((d) => d.isDirectory() && !skip.has(d.name)).map((d) => `./test/${d.name}/`);
const files = entries.filter((d) => d.isFile() && d.name.endsWith(".test.ts")).map((d) => `./test/${d.name}`);
const result = spawnSync(bin, ["test", ...dirs, ...files, ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, BUN_BE_BUN: "1" },
});
process.exit(result.status ?? 1);
