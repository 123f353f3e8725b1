/**
 * Every feature wired through the host port, with no host version in between: a port of the test's own (the port is
 * the project's boundary, so this is its other side, not a stand-in for the code under test) over sessions held in
 * memory, a real data folder, the real store and real transcript files. What the composition root asks of a host is
 * what both adapters must give.
 */
import fs from "node:fs";
import path from "node:path";
import type { ToolDefinition } from "@opencode-ai/plugin";
import { describe, expect, it } from "vitest";
import type {
  CommandRunner,
  CompactionRequest,
  HostEvent,
  HostPort,
  HostToolCall,
  HostToolResult,
  PromptRequest,
} from "../../src/host/host-port.js";
import { MEMORY_NUDGE } from "../../src/injection/nudge.js";
import { createMemoryLogger } from "../../src/log.js";
import { composeLedger } from "../../src/plugin.js";
import { normalizeScopePath } from "../../src/scope.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { PROVIDER_SAMPLES } from "../helpers/provider-samples.js";
import { seeded } from "../helpers/secret-samples.js";
import { syntheticSession } from "../helpers/synthetic-session.js";
import { tempDir } from "../helpers/temp-dir.js";
import { toolContext } from "../helpers/tool-context.js";
import { waitFor } from "../helpers/wait-for.js";

const SESSION = "ses_portfeature0000000001";
const TOKEN = PROVIDER_SAMPLES.find((s) => s.kind === "Docker Hub token")?.build(seeded(7)) ?? "";

interface RecordingPort extends HostPort {
  tools: Record<string, ToolDefinition>;
  commands?: CommandRunner;
  events: ((event: HostEvent) => void)[];
  compaction?: CompactionRequest;
  results: ((call: HostToolCall, result: HostToolResult) => Promise<void>)[];
  prompts: ((request: PromptRequest, system: string[]) => Promise<void>)[];
  messages: Parameters<HostPort["onUserMessage"]>[0][];
  reads: string[];
}

function recordingPort(directory: string): RecordingPort & { lines: { level: string; message: string }[] } {
  const log = createMemoryLogger();
  const session = syntheticSession(4, SESSION);
  const port: RecordingPort = {
    directory,
    worktree: directory,
    log,
    sessions: createMemorySource([session.data]),
    backfill: false,
    hostTools: undefined,
    ask: undefined,
    tools: {},
    events: [],
    results: [],
    prompts: [],
    messages: [],
    reads: [],
    registerTools: (tools) => Object.assign(port.tools, tools),
    registerCommands: (run) => {
      port.commands = run;
    },
    onEvent: (handler) => port.events.push(handler),
    supplyCompactionSummary: (request) => {
      port.compaction = request;
    },
    onToolResult: (handler) => port.results.push(handler),
    onSystemPrompt: (handler) => port.prompts.push(handler),
    onUserMessage: (handler) => port.messages.push(handler),
    allowReads: (folder) => port.reads.push(folder),
  };
  return Object.assign(port, { lines: log.lines });
}

function setUp(options: Record<string, unknown> = {}) {
  const root = normalizeScopePath(tempDir());
  const project = path.join(root, "project");
  fs.mkdirSync(project);
  const dataDir = path.join(root, "data");
  const port = recordingPort(project);
  const on = composeLedger(port, { dataDir, search: { useRipgrep: false }, tools: "all", ...options });
  return { port, on, dataDir, project };
}

describe("the features, through the port", () => {
  it("asks the host for every capability once: tools, commands, events, compaction, results, prompt, reads", () => {
    const { port, on, dataDir } = setUp();
    expect(on).toBe(true);
    expect(Object.keys(port.tools)).toHaveLength(12);
    expect(port.commands).toBeTypeOf("function");
    expect(port.events).toHaveLength(1);
    expect(port.compaction?.mode).toBe("pointer");
    // The redaction of the host's reads, then the recall at the point of action.
    expect(port.results).toHaveLength(2);
    expect(port.prompts).toHaveLength(1);
    expect(port.messages).toHaveLength(1);
    expect(port.reads).toEqual([path.join(dataDir, "transcripts")]);
  });

  it("asks for nothing when the dataDir option is bad, and logs why", () => {
    const { port, on } = setUp({ dataDir: 7 });
    expect(on).toBe(false);
    expect(Object.keys(port.tools)).toHaveLength(0);
    expect(port.compaction).toBeUndefined();
    expect(port.lines.map((l) => l.message).join("\n")).toContain("opencode-ledger is off: fix the dataDir option");
  });

  it("the compaction summary is the session map over a transcript written from the host's messages", async () => {
    const { port, dataDir } = setUp();
    const summary = (await port.compaction?.summarize(SESSION)) ?? "";
    expect(summary).toContain(SESSION);
    const file = summary.match(/(\/\S+\.md)/)?.[1] ?? "";
    expect(file.startsWith(path.join(dataDir, "transcripts"))).toBe(true);
    expect(fs.readFileSync(file, "utf8")).toContain("the import path was wrong");
    // A session the host does not have: the summarizer throws, so the host keeps its own summary.
    await expect(port.compaction?.summarize("ses_unknownunknown0000001")).rejects.toThrow(
      /no session with id "ses_unknownunknown0000001"/,
    );
  });

  it("the tools save and find an entry; /memory-continue brings the session's pointer; other commands are not ours", async () => {
    const { port, project } = setUp();
    const ctx = toolContext(project);
    await port.tools.memory_save?.execute({ kind: "fact", title: "Port test", body: "Saved through the port." }, ctx);
    expect(await port.tools.memory_search?.execute({ query: "port" }, ctx)).toContain("Port test");
    const text = (await port.commands?.("memory-continue", SESSION)) ?? "";
    expect(text).toContain(`Continue the work of ${SESSION}`);
    expect(await port.commands?.("memory-continue", "nonsense")).toMatch(/could not run: .*is not a session id/);
    expect(await port.commands?.("review", "")).toBeUndefined();
  });

  it("adds the nudge to the system prompt, and nothing to the pointer model's own requests", async () => {
    const { port } = setUp();
    const system: string[] = [];
    await port.prompts[0]?.({ sessionID: SESSION, providerID: "stub" }, system);
    expect(system).toEqual([MEMORY_NUDGE]);
    const ours: string[] = [];
    await port.prompts[0]?.({ sessionID: SESSION, providerID: "ledger" }, ours);
    expect(ours).toEqual([]);
  });

  it("rewrites a host tool's result that reads the data folder, and leaves one elsewhere alone", async () => {
    const { port, dataDir, project } = setUp();
    const call = { tool: "read", sessionID: SESSION, callID: "c1", args: { filePath: path.join(dataDir, "x.md") } };
    const result = { output: `token ${TOKEN}` };
    await port.results[0]?.(call, result);
    expect(result.output).toContain("[redacted: Docker Hub token]");
    const elsewhere = { output: `token ${TOKEN}` };
    await port.results[0]?.({ ...call, args: { filePath: path.join(project, "x.md") } }, elsewhere);
    expect(elsewhere.output).toBe(`token ${TOKEN}`);
  });

  it("exports a session when the host says it went idle, and ignores events it does not know", async () => {
    const { port, dataDir } = setUp();
    port.events[0]?.({ type: "something.new", properties: { sessionID: SESSION } });
    port.events[0]?.({ type: "session.idle", properties: { sessionID: SESSION } });
    const transcripts = path.join(dataDir, "transcripts");
    await waitFor(
      () =>
        fs.existsSync(transcripts) &&
        fs.readdirSync(transcripts, { recursive: true }).some((f) => String(f).includes(SESSION)),
    );
  });
});
