/**
 * The isolated home of a live OpenCode: temp folders for HOME, XDG_* and TMPDIR, the offline switches, a pre-seeded
 * config folder and the opencode.json that loads the plugin from dist/ with its options. Also runs one-off CLI
 * commands (`opencode import`) in that home.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { StubModel } from "./stub-model.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const OPENCODE_BIN = path.join(REPO_ROOT, "node_modules", ".bin", "opencode");
export const PLUGIN_ENTRY = path.join(REPO_ROOT, "dist", "index.js");

export interface StartOptions {
  /** Plugin options (the second element of the plugin tuple); `false` runs OpenCode without the plugin. */
  plugin?: Record<string, unknown> | false;
  /** Merged over the base opencode.json (top-level keys replace). */
  config?: Record<string, unknown>;
  /** Share a stub between servers; by default each server gets its own. */
  stub?: StubModel;
  /** Runs after the folders exist and before OpenCode starts (e.g. to prepare the data folder). */
  prepare?: (paths: LivePaths) => void;
}

export interface LivePaths {
  root: string;
  home: string;
  project: string;
  /** `$XDG_DATA_HOME/opencode-ledger`, the plugin's default data folder. */
  dataDir: string;
  transcriptsDir: string;
  xdgData: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function makePaths(): LivePaths {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-live-"));
  const home = path.join(root, "home");
  const project = path.join(root, "project");
  const xdgData = path.join(home, ".local", "share");
  for (const dir of [home, project, xdgData, path.join(root, "tmp")]) fs.mkdirSync(dir, { recursive: true });
  const dataDir = path.join(xdgData, "opencode-ledger");
  return { root, home, project, dataDir, transcriptsDir: path.join(dataDir, "transcripts"), xdgData };
}

/** Makes OpenCode's background `npm install @opencode-ai/plugin` into the config folder a no-op (no registry). */
function seedConfigDir(configDir: string): void {
  fs.mkdirSync(path.join(configDir, "node_modules"), { recursive: true });
  const deps = { "@opencode-ai/plugin": "1.18.33" };
  fs.writeFileSync(path.join(configDir, "package.json"), JSON.stringify({ dependencies: deps }));
  fs.writeFileSync(
    path.join(configDir, "package-lock.json"),
    JSON.stringify({ lockfileVersion: 3, packages: { "": { dependencies: deps } } }),
  );
}

export function baseConfig(stub: StubModel, plugin: StartOptions["plugin"]): Record<string, unknown> {
  return {
    $schema: "https://opencode.ai/config.json",
    model: "stub/stub-model",
    small_model: "stub/stub-model",
    autoupdate: false,
    share: "disabled",
    snapshot: false,
    provider: {
      stub: {
        npm: "@ai-sdk/openai-compatible",
        name: "Stub",
        options: { baseURL: stub.baseURL, apiKey: "stub" },
        models: { "stub-model": { name: "Stub Model", tool_call: true, limit: { context: 200_000, output: 8_000 } } },
      },
    },
    plugin: plugin === false ? [] : [[`file://${PLUGIN_ENTRY}`, plugin ?? {}]],
  };
}

export function liveEnv(paths: LivePaths): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: paths.home,
    XDG_CONFIG_HOME: path.join(paths.home, ".config"),
    XDG_DATA_HOME: paths.xdgData,
    XDG_CACHE_HOME: path.join(paths.home, ".cache"),
    XDG_STATE_HOME: path.join(paths.home, ".local", "state"),
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
    OPENCODE_DISABLE_SHARE: "1",
    OPENCODE_DISABLE_CLAUDE_CODE: "1",
    OPENCODE_DISABLE_EXTERNAL_SKILLS: "1",
    OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
    // Bun extracts its embedded native libraries into TMPDIR on every start: keep them in the run folder.
    TMPDIR: path.join(paths.root, "tmp"),
    NO_PROXY: "127.0.0.1,localhost",
  };
}

/** Writes the isolated config; returns the paths. Shared by `startOpencode` and CLI runs (`opencode import`). */
export function prepareHome(stub: StubModel, options: StartOptions = {}): LivePaths {
  if (options.plugin !== false && !fs.existsSync(PLUGIN_ENTRY)) {
    throw new Error(`${PLUGIN_ENTRY} is missing: run "npm run build" first (npm test builds before testing)`);
  }
  const paths = makePaths();
  const configDir = path.join(paths.home, ".config", "opencode");
  seedConfigDir(configDir);
  const config = { ...baseConfig(stub, options.plugin), ...options.config };
  fs.writeFileSync(path.join(configDir, "opencode.json"), JSON.stringify(config, null, 2));
  options.prepare?.(paths);
  return paths;
}

/** Runs an `opencode` CLI command in the isolated HOME (e.g. `import <file>`); resolves with its output. */
export function runCli(
  paths: LivePaths,
  args: string[],
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(OPENCODE_BIN, args, {
      cwd: paths.project,
      env: liveEnv(paths),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      output += c.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Filler text of about `lines` × 60 characters. */
export function filler(tag: string, lines: number): string {
  return Array.from({ length: lines }, (_, i) => `${tag} line ${i}: the quick brown fox jumps over the lazy dog.`).join(
    "\n",
  );
}
