// Ships the server entry as a few files instead of ~70 modules. Every OpenCode start imports the plugin, and the runtime
// pays for each module it resolves, reads and links; bundled by the OpenCode binary's Bun, the start path is one file
// and the parts loaded on first use (store, transcripts, search) stay behind their dynamic imports as chunks.
// Packages (drizzle, better-sqlite3, nanoid) stay external: they load from node_modules only when those parts do.
//
// Everything lands flat in dist/server/, two levels under the package root as dist/<area>/ is, so the paths the code
// builds from import.meta.url hold: ../../migrations, ./pointer-provider.js (OpenCode imports it as the pointer
// model's provider) and ./scan-worker.js (the search's worker threads) are bundled as entries beside the chunks.
// dist/index.js then re-exports dist/server/index.js. The rest of dist/ (CLI, TUI, types) stays one file per module.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// `node scripts/bundle-server.mjs [dist folder]`: by default this package's dist/, in place (the build's last step).
const dist = path.resolve(process.argv[2] ?? path.join(root, "dist"));
const outDir = path.join(dist, "server");
const staging = `${outDir}.${process.pid}.tmp`;
const entries = ["index.js", "compaction/pointer-provider.js", "search/scan/scan-worker.js"].map((e) =>
  path.join(dist, e),
);
const bun = path.join(root, "node_modules", ".bin", "opencode");

const fail = (message) => {
  fs.rmSync(staging, { recursive: true, force: true });
  console.error(`[bundle-server] ${message}`);
  process.exit(1);
};
for (const entry of entries) if (!fs.existsSync(entry)) fail(`${entry} is missing: compile with tsc first`);

const result = spawnSync(
  bun,
  [
    "build",
    ...entries,
    "--outdir",
    staging,
    "--splitting",
    "--target",
    "node",
    "--format",
    "esm",
    "--packages",
    "external",
    "--minify-syntax",
    "--minify-whitespace",
    "--entry-naming",
    "[name].[ext]",
    "--chunk-naming",
    "chunk-[hash].[ext]",
  ],
  { cwd: root, encoding: "utf8", env: { ...process.env, BUN_BE_BUN: "1" } },
);
if (result.status !== 0) fail(`bundling failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
for (const entry of entries) {
  if (!fs.existsSync(path.join(staging, path.basename(entry)))) fail(`bundling produced no ${path.basename(entry)}`);
}
fs.rmSync(outDir, { recursive: true, force: true });
fs.renameSync(staging, outDir);
fs.writeFileSync(path.join(dist, "index.js"), 'export { default } from "./server/index.js";\n');
