// Ships the package as a few self-contained files instead of ~170 modules and four packages. The build's Bun (the
// OpenCode binary) bundles the code the plugin uses from drizzle, zod, nanoid and regexpp into what ships: the
// installed package needs no dependency (OpenCode installs plugins without their install scripts, and every dependency
// is one more download), and every OpenCode start resolves, reads and links a few files for the plugin's start path.
// The parts loaded on first use (store, transcripts, search, the regex parser) stay behind their dynamic imports as
// chunks.
//
// Three bundles, each flat in a folder two levels under the package root as dist/<area>/ is, so the paths the code
// builds from import.meta.url hold (../../migrations, ../../package.json, ./pointer-provider.js, ./scan-worker.js):
// - dist/server/: the server entry OpenCode imports at every start, the pointer model's provider and the scan worker.
//   Alone in its build, its start path shares no chunk with the TUI or the CLI and stays a few files.
// - dist/tui-part/: the TUI part (tui.js). Alone too: chunks shared with the CLI kept OpenCode's TUI from loading it.
// - dist/cli-tool/: the command-line tool (cli.js), with a scan worker of its own.
// What stays outside: the runtime's own modules (node:*, bun:sqlite), the host's TUI libraries (solid-js, @opentui/*:
// OpenCode hands the TUI part its own instances) and better-sqlite3 (a native addon, used only where installed).
// dist/index.js then re-exports dist/server/index.js for checkouts loaded by path.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// `node scripts/bundle.mjs [dist folder]`: by default this package's dist/, in place (the build's last step).
const dist = path.resolve(process.argv[2] ?? path.join(root, "dist"));
const EXTERNAL = ["bun:sqlite", "better-sqlite3", "solid-js", "solid-js/*", "@opentui/*"];
const bun = path.join(root, "node_modules", ".bin", "opencode");
const aliases = path.join(dist, `.entries.${process.pid}`);
const staged = [];

const fail = (message) => {
  for (const dir of [...staged, aliases]) fs.rmSync(dir, { recursive: true, force: true });
  console.error(`[bundle] ${message}`);
  process.exit(1);
};
const compiled = [
  "index.js",
  "host/v1/pointer-provider.js",
  "search/scan/scan-worker.js",
  "tui/index.js",
  "cli/main.js",
];
for (const entry of compiled) {
  if (!fs.existsSync(path.join(dist, entry))) fail(`${path.join(dist, entry)} is missing: compile with tsc first`);
}

/** Bundles `entries` (named after their files) into a staging folder beside dist/<name>; returns the folder. */
function bundle(name, entries, { minify = true } = {}) {
  const staging = path.join(dist, `${name}.${process.pid}.tmp`);
  staged.push(staging);
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
      ...EXTERNAL.flatMap((e) => ["--external", e]),
      ...(minify ? ["--minify-syntax", "--minify-whitespace"] : []),
      "--entry-naming",
      "[name].[ext]",
      "--chunk-naming",
      "chunk-[hash].[ext]",
    ],
    { cwd: root, encoding: "utf8", env: { ...process.env, BUN_BE_BUN: "1" } },
  );
  if (result.status !== 0) fail(`bundling ${name} failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
  for (const entry of entries) {
    if (!fs.existsSync(path.join(staging, path.basename(entry)))) fail(`bundling produced no ${path.basename(entry)}`);
  }
  return staging;
}

const [server, pointer, worker] = compiled.map((e) => path.join(dist, e));
const serverDir = bundle("server", [server, pointer, worker]);
// The TUI and CLI entries are index.js and main.js in their folders: short re-exports give them their shipped names.
fs.mkdirSync(aliases, { recursive: true });
fs.writeFileSync(path.join(aliases, "tui.js"), 'export { default } from "../tui/index.js";\n');
fs.writeFileSync(path.join(aliases, "cli.js"), 'import "../cli/main.js";\n');
// Not minified: OpenCode's TUI hands a plugin its own solid-js and @opentui instances only for imports written the
// usual way (`from "solid-js"`, with the space); a minified `from"solid-js"` loads a second copy and no toast, no slot
// and no dialog of the part renders ("No renderer found").
const tuiDir = bundle("tui-part", [path.join(aliases, "tui.js")], { minify: false });
const cliDir = bundle("cli-tool", [path.join(aliases, "cli.js"), worker]);
fs.rmSync(aliases, { recursive: true, force: true });

const cli = path.join(cliDir, "cli.js");
const text = fs.readFileSync(cli, "utf8");
if (!text.startsWith("#!")) fs.writeFileSync(cli, `#!/usr/bin/env node\n${text}`);
fs.chmodSync(cli, 0o755);
for (const [name, staging] of [
  ["server", serverDir],
  ["tui-part", tuiDir],
  ["cli-tool", cliDir],
]) {
  fs.rmSync(path.join(dist, name), { recursive: true, force: true });
  fs.renameSync(staging, path.join(dist, name));
}
fs.writeFileSync(path.join(dist, "index.js"), 'export { default } from "./server/index.js";\n');
