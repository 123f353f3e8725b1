/**
 * Live TUI harness: the real OpenCode TUI (`opencode --port N <project>`) in tmux, in an isolated HOME, with the
 * server part loaded from `dist/index.js` through opencode.json and the TUI part through tui.json (by default the
 * package folder, so OpenCode resolves `exports["./tui"]` as it does for an installed package). The model is a stub
 * on 127.0.0.1; the TUI's own server listens on a free port so a test can read sessions over HTTP.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TmuxPane } from "./tmux-pane.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const OPENCODE_BIN = path.join(REPO_ROOT, "node_modules", ".bin", "opencode");

export interface TuiPaths {
  root: string;
  home: string;
  project: string;
  configDir: string;
  cacheDir: string;
  /** `$XDG_DATA_HOME/opencode-ledger`, the plugin's default data folder. */
  dataDir: string;
}

export interface TuiStartOptions {
  /** `http://127.0.0.1:<port>/v1` of the stub model. */
  stubBaseURL: string;
  /** Options of the server entry in opencode.json (the TUI reads them too when tui.json gives none). */
  serverOptions?: Record<string, unknown>;
  /** The server entry's spec; default: `file://<repo>/dist/index.js`. */
  serverSpec?: string;
  /** The tui.json plugin entry; default: the package folder, no options. */
  tuiPlugin?: string | [string, Record<string, unknown>];
  /** Runs before OpenCode starts: seed the store, lay out an installed package … */
  prepare?: (paths: TuiPaths) => void | Promise<void>;
}

export interface TuiRun extends TuiPaths {
  readonly pane: TmuxPane;
  readonly port: number;
  /** OpenCode's log so far (what the plugin's parts log goes there too). */
  logText(): string;
  /** A route of the TUI's own server, for this project. */
  api<T>(method: string, route: string, body?: unknown): Promise<{ status: number; json: T }>;
  stop(): Promise<void>;
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

function makePaths(): TuiPaths {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-tui-"));
  const home = path.join(root, "home");
  const paths = {
    root,
    home,
    project: path.join(root, "project"),
    configDir: path.join(home, ".config", "opencode"),
    cacheDir: path.join(home, ".cache"),
    dataDir: path.join(home, ".local", "share", "opencode-ledger"),
  };
  for (const dir of [paths.project, paths.configDir, paths.cacheDir, path.join(root, "tmp")]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  paths.project = fs.realpathSync(paths.project);
  return paths;
}

/** OpenCode installs @opencode-ai/plugin into each config folder in the background; this makes it a no-op. */
function seedConfigDir(configDir: string): void {
  fs.mkdirSync(path.join(configDir, "node_modules"), { recursive: true });
  const deps = { "@opencode-ai/plugin": "1.18.33" };
  fs.writeFileSync(path.join(configDir, "package.json"), JSON.stringify({ dependencies: deps }));
  fs.writeFileSync(
    path.join(configDir, "package-lock.json"),
    JSON.stringify({ lockfileVersion: 3, packages: { "": { dependencies: deps } } }),
  );
}

export async function startTui(options: TuiStartOptions): Promise<TuiRun> {
  if (!fs.existsSync(path.join(REPO_ROOT, "dist", "tui", "index.js"))) {
    throw new Error("dist/tui/index.js is missing: run npm run build before the live TUI tests");
  }
  const paths = makePaths();
  seedConfigDir(paths.configDir);
  const config = {
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
        options: { baseURL: options.stubBaseURL, apiKey: "stub" },
        models: { "stub-model": { name: "Stub Model", tool_call: true, limit: { context: 200_000, output: 8_000 } } },
      },
    },
    plugin: [[options.serverSpec ?? `file://${path.join(REPO_ROOT, "dist", "index.js")}`, options.serverOptions ?? {}]],
  };
  fs.writeFileSync(path.join(paths.configDir, "opencode.json"), JSON.stringify(config, null, 2));
  const tuiPlugin = options.tuiPlugin ?? `file://${REPO_ROOT}`;
  fs.writeFileSync(path.join(paths.configDir, "tui.json"), JSON.stringify({ plugin: [tuiPlugin] }, null, 2));
  await options.prepare?.(paths);

  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    TERM: "xterm-256color",
    HOME: paths.home,
    TMPDIR: path.join(paths.root, "tmp"),
    XDG_CONFIG_HOME: path.join(paths.home, ".config"),
    XDG_DATA_HOME: path.join(paths.home, ".local", "share"),
    XDG_CACHE_HOME: paths.cacheDir,
    XDG_STATE_HOME: path.join(paths.home, ".local", "state"),
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
  };
  const name = `tui${path.basename(paths.root).replace(/[^A-Za-z0-9]/g, "")}`;
  const pane = TmuxPane.start(name, [OPENCODE_BIN, "--port", String(port), paths.project], {
    env,
    cwd: paths.project,
  });
  const base = `http://127.0.0.1:${port}`;
  const run: TuiRun = {
    ...paths,
    pane,
    port,
    async api<T>(method: string, route: string, body?: unknown) {
      const url = new URL(route, base);
      url.searchParams.set("directory", paths.project);
      const res = await fetch(url, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      return { status: res.status, json: (text ? JSON.parse(text) : undefined) as T };
    },
    logText() {
      const dir = path.join(paths.home, ".local", "share", "opencode", "log");
      if (!fs.existsSync(dir)) return "";
      return fs
        .readdirSync(dir)
        .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
        .join("\n");
    },
    async stop() {
      pane.kill();
      fs.rmSync(paths.root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
  try {
    await pane.waitFor("Ask anything", 40_000, "the home screen");
  } catch (error) {
    await run.stop();
    throw error;
  }
  return run;
}
