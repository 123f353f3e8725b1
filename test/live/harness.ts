/**
 * Live harness: the real OpenCode binary (`opencode serve`) in an isolated HOME, talking only to a stub model on
 * 127.0.0.1, with the plugin loaded from `dist/` exactly as it ships (`file://<repo>/dist/index.js` plus options).
 * Used by test/live/*.test.ts, the demo and the compaction benchmark.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { restoreWritable } from "./read-only.js";
import { type StubModel, startStubModel } from "./stub-model.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const OPENCODE_BIN = path.join(REPO_ROOT, "node_modules", ".bin", "opencode");
export const PLUGIN_ENTRY = path.join(REPO_ROOT, "dist", "index.js");
export const STUB_MODEL = { providerID: "stub", modelID: "stub-model" } as const;

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

export interface ApiResult<T = unknown> {
  status: number;
  json: T;
  headers: Record<string, string>;
}

export interface LiveEvent {
  type: string;
  properties: Record<string, unknown>;
}

export interface MessageInfo {
  id: string;
  role: "user" | "assistant";
  sessionID: string;
  summary?: boolean;
  agent?: string;
  mode?: string;
  providerID?: string;
  modelID?: string;
  error?: unknown;
  model?: { providerID: string; modelID: string };
}

export interface LivePart {
  id: string;
  type: string;
  text?: string;
  synthetic?: boolean;
  tool?: string;
  state?: { status: string; input?: unknown; output?: string };
}

export interface LiveMessage {
  info: MessageInfo;
  parts: LivePart[];
}

export interface LiveServer extends LivePaths {
  readonly stub: StubModel;
  readonly base: string;
  readonly events: LiveEvent[];
  api<T = unknown>(method: string, route: string, body?: unknown): Promise<ApiResult<T>>;
  createSession(title?: string): Promise<string>;
  /** One user turn with the stub model; resolves when OpenCode has finished the turn. */
  prompt(sessionID: string, text: string): Promise<LiveMessage>;
  /** Manual compaction (`POST /session/:id/summarize`), as the TUI's /compact does. */
  summarize(sessionID: string): Promise<ApiResult>;
  messages(sessionID: string): Promise<LiveMessage[]>;
  /** The stored summary text of the newest compaction, or undefined. */
  summary(sessionID: string): Promise<{ message: LiveMessage; text: string } | undefined>;
  command(sessionID: string, command: string, args: string): Promise<ApiResult>;
  /** OpenCode's own log so far (the plugin logs into it). */
  serverLog(): string;
  /** Lines of OpenCode's log written by the plugin. */
  pluginLog(): string[];
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

export async function startOpencode(options: StartOptions = {}): Promise<LiveServer> {
  const ownStub = options.stub === undefined;
  const stub = options.stub ?? (await startStubModel());
  const paths = prepareHome(stub, options);
  return launch(paths, stub, ownStub);
}

/** Starts `opencode serve` on a prepared HOME (see `prepareHome`). */
export async function launch(paths: LivePaths, stub: StubModel, ownStub = false): Promise<LiveServer> {
  const port = await freePort();
  const logFile = path.join(paths.root, "server.log");
  const out = fs.openSync(logFile, "w");
  const child = spawn(
    OPENCODE_BIN,
    ["serve", "--port", String(port), "--hostname", "127.0.0.1", "--print-logs", "--log-level", "INFO"],
    { cwd: paths.project, env: liveEnv(paths), stdio: ["ignore", out, out] },
  );
  fs.closeSync(out);
  const base = `http://127.0.0.1:${port}`;
  const events: LiveEvent[] = [];
  const sse = new AbortController();
  const server = createServer(paths, stub, base, events, () => stopAll(child, sse, stub, ownStub, paths), logFile);
  try {
    await waitHealthy(base, child);
    await subscribe(server, sse, events);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      // The first request right after "listening" can hang: poll with a short timeout per attempt.
      const res = await fetch(`${base}/global/health`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`opencode serve exited early (code ${child.exitCode})`);
    await sleep(50);
  }
  throw new Error("opencode serve did not become healthy within 60 s");
}

async function subscribe(server: LiveServer, sse: AbortController, events: LiveEvent[]): Promise<void> {
  const url = `${server.base}/event?directory=${encodeURIComponent(server.project)}`;
  const res = await fetch(url, { signal: sse.signal });
  if (!res.body) return;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let i = buffer.indexOf("\n\n"); i >= 0; i = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const data = block
            .split("\n")
            .filter((l) => l.startsWith("data:"))
            .map((l) => l.slice(5).trim())
            .join("");
          if (data) events.push(JSON.parse(data) as LiveEvent);
        }
      }
    } catch {
      // aborted at stop
    }
  })();
}

function createServer(
  paths: LivePaths,
  stub: StubModel,
  base: string,
  events: LiveEvent[],
  stop: () => Promise<void>,
  logFile: string,
): LiveServer {
  const query = `directory=${encodeURIComponent(paths.project)}`;
  const api = async <T>(method: string, route: string, body?: unknown): Promise<ApiResult<T>> => {
    const res = await fetch(`${base}${route}${route.includes("?") ? "&" : "?"}${query}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, json: json as T, headers: Object.fromEntries(res.headers) };
  };
  const expectOk = <T>(result: ApiResult<T>, what: string): T => {
    if (result.status >= 300) throw new Error(`${what}: HTTP ${result.status} ${JSON.stringify(result.json)}`);
    return result.json;
  };
  const serverLog = () => fs.readFileSync(logFile, "utf8");
  const server: LiveServer = {
    ...paths,
    stub,
    base,
    events,
    api,
    async createSession(title) {
      const info = expectOk(await api<{ id: string }>("POST", "/session", title ? { title } : {}), "create session");
      return info.id;
    },
    async prompt(sessionID, text) {
      const body = { parts: [{ type: "text", text }], model: STUB_MODEL };
      return expectOk(await api<LiveMessage>("POST", `/session/${sessionID}/message`, body), "prompt");
    },
    summarize: (sessionID) => api("POST", `/session/${sessionID}/summarize`, { ...STUB_MODEL, auto: false }),
    async messages(sessionID) {
      return expectOk(await api<LiveMessage[]>("GET", `/session/${sessionID}/message`), "messages");
    },
    async summary(sessionID) {
      const all = await server.messages(sessionID);
      const message = all.filter((m) => m.info.role === "assistant" && m.info.summary).at(-1);
      if (!message) return undefined;
      const text = message.parts
        .filter((p) => p.type === "text")
        .map((p) => p.text ?? "")
        .join("");
      return { message, text };
    },
    command: (sessionID, command, args) => api("POST", `/session/${sessionID}/command`, { command, arguments: args }),
    serverLog,
    pluginLog: () =>
      serverLog()
        .split("\n")
        .filter((l) => l.includes("plugin=opencode-ledger")),
    stop,
  };
  return server;
}

async function stopAll(
  child: ChildProcess,
  sse: AbortController,
  stub: StubModel,
  ownStub: boolean,
  paths: LivePaths,
): Promise<void> {
  sse.abort();
  if (child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    for (let i = 0; i < 100 && child.exitCode === null && child.signalCode === null; i++) await sleep(50);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  if (ownStub) await stub.close();
  if (!process.env.LEDGER_KEEP_LIVE) {
    // A test may have made the transcripts read-only: undo it, so the whole run folder can go.
    restoreWritable(paths.dataDir);
    fs.rmSync(paths.root, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** Filler text of about `lines` × 60 characters. */
export function filler(tag: string, lines: number): string {
  return Array.from({ length: lines }, (_, i) => `${tag} line ${i}: the quick brown fox jumps over the lazy dog.`).join(
    "\n",
  );
}
