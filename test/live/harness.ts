/**
 * Live harness: the real OpenCode binary (`opencode serve`) in an isolated HOME, talking only to a stub model on
 * 127.0.0.1, with the plugin loaded from `dist/` exactly as it ships (`file://<repo>/dist/index.js` plus options).
 * Used by test/live/*.test.ts, the demo and the compaction benchmark.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort, type LivePaths, liveEnv, OPENCODE_BIN, prepareHome, type StartOptions } from "./live-home.js";
import { restoreWritable } from "./read-only.js";
import { type StubModel, startStubModel } from "./stub-model.js";

export const STUB_MODEL = { providerID: "stub", modelID: "stub-model" } as const;

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

/**
 * The processes running on each HOME (a second `opencode serve` may share one): the run folder goes with the last of
 * them, never while another may still write into it (a transcript exported as its session goes idle).
 */
const running = new Map<string, number>();

export async function startOpencode(options: StartOptions = {}): Promise<LiveServer> {
  const ownStub = options.stub === undefined;
  const stub = options.stub ?? (await startStubModel());
  const paths = prepareHome(stub, options);
  return launch(paths, stub, ownStub);
}

/** Starts `opencode serve` on a prepared HOME (see `prepareHome`); a second process on it needs its own `logName`. */
export async function launch(
  paths: LivePaths,
  stub: StubModel,
  ownStub = false,
  logName = "server.log",
): Promise<LiveServer> {
  const port = await freePort();
  running.set(paths.root, (running.get(paths.root) ?? 0) + 1);
  const logFile = path.join(paths.root, logName);
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
  // Stopped once, however often asked: its count on the HOME is taken back once.
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= stopAll(child, sse, stub, ownStub, paths));
  const server = createServer(paths, stub, base, events, stop, logFile);
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
  const left = (running.get(paths.root) ?? 1) - 1;
  if (left > 0) running.set(paths.root, left);
  else running.delete(paths.root);
  if (left <= 0 && !process.env.LEDGER_KEEP_LIVE) {
    // A test may have made the transcripts read-only: undo it, so the whole run folder can go.
    restoreWritable(paths.dataDir);
    fs.rmSync(paths.root, { recursive: true, force: true, maxRetries: 3 });
  }
}
