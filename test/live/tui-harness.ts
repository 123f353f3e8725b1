/**
 * Live TUI harness: the real OpenCode TUI (`opencode --port N <project>`) in tmux, in the isolated home of the live
 * tests (live-home.ts: the server part from `dist/index.js` through opencode.json, the stub model on 127.0.0.1), with
 * the TUI part added through tui.json (by default the package folder, so OpenCode resolves `exports["./tui"]` as it
 * does for an installed package). The TUI's own server listens on a free port so a test can read sessions over HTTP.
 */
import fs from "node:fs";
import path from "node:path";
import { freePort, type LivePaths, liveEnv, OPENCODE_BIN, prepareHome, REPO_ROOT } from "./live-home.js";
import type { StubModel } from "./stub-model.js";
import { TmuxPane } from "./tmux-pane.js";

export { REPO_ROOT };

export interface TuiStartOptions {
  stub: StubModel;
  /** Options of the server entry in opencode.json (the TUI reads them too when tui.json gives none). */
  serverOptions?: Record<string, unknown>;
  /** Merged over the base opencode.json (top-level keys replace), e.g. another `plugin` list. */
  config?: Record<string, unknown>;
  /** The tui.json plugin entry; default: the package folder, no options. */
  tuiPlugin?: string | [string, Record<string, unknown>];
  /** Runs before OpenCode starts: seed the store, lay out an installed package … */
  prepare?: (paths: LivePaths) => void | Promise<void>;
  /** The terminal's size; default 160x45. */
  columns?: number;
  rows?: number;
}

export interface TuiRun extends LivePaths {
  readonly pane: TmuxPane;
  readonly port: number;
  /** OpenCode's log so far (both parts of the plugin log there). */
  logText(): string;
  /** A route of the TUI's own server, for this project. */
  api<T>(method: string, route: string, body?: unknown): Promise<{ status: number; json: T }>;
  stop(): Promise<void>;
}

/** How long a stopped run's temp folder is tried to be removed while something still writes in it. */
const REMOVE_MS = 15_000;
const REMOVE_RETRY_MS = 250;

/**
 * Removes `root`, trying again every REMOVE_RETRY_MS while something still writes in it, for `ms` at most; then leaves
 * it, said on the console (the test's outcome stands). Not fs.rmSync's own retries: they back off linearly and block
 * the thread, 60 of them for 7.6 minutes, past the hook's timeout.
 */
async function removeWithin(root: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      fs.rmSync(root, { recursive: true, force: true });
      return;
    } catch (error) {
      if (Date.now() >= deadline) {
        console.warn(`[live] left ${root}: ${(error as Error).message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, REMOVE_RETRY_MS));
    }
  }
}

export async function startTui(options: TuiStartOptions): Promise<TuiRun> {
  if (!fs.existsSync(path.join(REPO_ROOT, "dist", "tui", "index.js"))) {
    throw new Error("dist/tui/index.js is missing: run npm run build before the live TUI tests");
  }
  const paths = prepareHome(options.stub, { plugin: options.serverOptions ?? {}, config: options.config });
  paths.project = fs.realpathSync(paths.project);
  const configDir = path.join(paths.home, ".config", "opencode");
  const tuiPlugin = options.tuiPlugin ?? `file://${REPO_ROOT}`;
  fs.writeFileSync(path.join(configDir, "tui.json"), JSON.stringify({ plugin: [tuiPlugin] }, null, 2));
  await options.prepare?.(paths);

  const port = await freePort();
  const env = Object.fromEntries(
    Object.entries({ ...liveEnv(paths), TERM: "xterm-256color" }).filter(
      (e): e is [string, string] => typeof e[1] === "string",
    ),
  );
  const name = `tui${path.basename(paths.root).replace(/[^A-Za-z0-9]/g, "")}`;
  const pane = TmuxPane.start(name, [OPENCODE_BIN, "--port", String(port), paths.project], {
    env,
    cwd: paths.project,
    width: options.columns,
    height: options.rows,
  });
  const base = `http://127.0.0.1:${port}`;
  const run: TuiRun = {
    ...paths,
    pane,
    port,
    logText() {
      const dir = path.join(paths.xdgData, "opencode", "log");
      if (!fs.existsSync(dir)) return "";
      return fs
        .readdirSync(dir)
        .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
        .join("\n");
    },
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
    async stop() {
      pane.kill();
      // OpenCode's package install in the background may outlive the pane for a few seconds, still writing its cache.
      if (!process.env.LEDGER_KEEP_LIVE) await removeWithin(paths.root, REMOVE_MS);
    },
  };
  try {
    await pane.waitFor("Ask anything", 90_000, "the home screen");
  } catch (error) {
    await run.stop();
    throw error;
  }
  return run;
}
