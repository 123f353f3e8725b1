/**
 * The features that run through the host port, run through each adapter: OpenCode 1.x's (`server()`'s hooks) and
 * 2.x's (`setup(ctx)`'s registrations, over a context in 2.0.26's shape). Each adapter is built as the composition
 * root builds it, its port given sessions held in memory (both hosts' own session readers are tested beside their
 * adapters), and driven only by what its host would call: the tools, the system prompt, a host tool's result, a slash
 * command, an idle event and a compaction. The same expectations hold for both.
 */
import fs from "node:fs";
import path from "node:path";
import type { Hooks } from "@opencode-ai/plugin";
import { describe, expect, it, vi } from "vitest";
import { hookBoundary } from "../../src/hook-boundary.js";
import type { HostPort } from "../../src/host/host-port.js";
import { extractPointer } from "../../src/host/v1/markers.js";
import { createV1Host } from "../../src/host/v1/v1-host.js";
import { createV2Host } from "../../src/host/v2/v2-host.js";
import { V1_TOOLS } from "../../src/host-tools.js";
import { MEMORY_NUDGE } from "../../src/injection/nudge.js";
import { composeLedger } from "../../src/plugin.js";
import { normalizeScopePath } from "../../src/scope.js";
import { commandDescriptions } from "../../src/slash-commands/definitions.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { z } from "../../src/zod.js";
import { offlineInput } from "../helpers/plugin-input.js";
import { PROVIDER_SAMPLES } from "../helpers/provider-samples.js";
import { seeded } from "../helpers/secret-samples.js";
import { syntheticSession } from "../helpers/synthetic-session.js";
import { tempDir } from "../helpers/temp-dir.js";
import { toolContext } from "../helpers/tool-context.js";
import { sessionContext, toolCall, v2TestHost } from "../helpers/v2-context.js";
import { waitFor } from "../helpers/wait-for.js";

const SESSION = "ses_portadapter0000000001";
const TOKEN = PROVIDER_SAMPLES.find((s) => s.kind === "Docker Hub token")?.build(seeded(7)) ?? "";

/** What a host calls, in the same words for both adapters. */
interface Driver {
  port: HostPort;
  /** Runs a tool of ours; resolves with the text the model gets. */
  tool(name: string, args: Record<string, unknown>): Promise<string>;
  /** The system prompt parts added to a request of `sessionID`. */
  systemPrompt(sessionID: string): Promise<string[]>;
  /** A host tool's call and result; resolves with the result the model gets. */
  hostToolResult(tool: string, args: Record<string, unknown>, output: string): Promise<string>;
  /** Runs a slash command; resolves with the text the session gets. */
  command(name: string, args: string): Promise<string | undefined>;
  idle(sessionID: string): void;
  /** The summary a compaction of `sessionID` records. */
  compaction(sessionID: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/** The port with the test's sessions: what the host would read a session from. */
function withSessions(port: HostPort): HostPort {
  return Object.assign(Object.create(port) as HostPort, {
    sessions: createMemorySource([syntheticSession(4, SESSION).data]),
  });
}

async function v1Driver(project: string, options: Record<string, unknown>): Promise<Driver> {
  const host = createV1Host(offlineInput(project));
  const port = withSessions(host.port);
  composeLedger(port, options);
  const hooks: Hooks = host.hooks();
  const config: Record<string, unknown> = { agent: {}, provider: {}, command: {} };
  await hooks.config?.(config as never);
  return {
    port,
    async tool(name, args) {
      const result = await hooks.tool?.[name]?.execute(args as never, toolContext(project));
      return typeof result === "string" ? result : String((result as { output?: unknown } | undefined)?.output);
    },
    async systemPrompt(sessionID) {
      const output = { system: [] as string[] };
      await hooks["experimental.chat.system.transform"]?.(
        { sessionID, model: { providerID: "stub", id: "m" } } as never,
        output,
      );
      return output.system;
    },
    async hostToolResult(tool, args, text) {
      const output = { title: tool, output: text, metadata: {} };
      await hooks["tool.execute.after"]?.({ tool, sessionID: SESSION, callID: "c1", args }, output);
      return output.output;
    },
    async command(name, args) {
      const output = { parts: [{ type: "text", text: "template" }] };
      await hooks["command.execute.before"]?.({ command: name, sessionID: SESSION, arguments: args }, output as never);
      const first = output.parts[0];
      return first?.text === "template" ? undefined : first?.text;
    },
    idle(sessionID) {
      void hooks.event?.({ event: { type: "session.idle", properties: { sessionID } } as never });
    },
    async compaction(sessionID) {
      const output = { context: [] as string[], prompt: undefined as string | undefined };
      await hooks["experimental.session.compacting"]?.({ sessionID }, output);
      return output.prompt ? extractPointer(output.prompt) : undefined;
    },
    close: async () => undefined,
  };
}

async function v2Driver(project: string, options: Record<string, unknown>): Promise<Driver> {
  const test = v2TestHost(project, options);
  const host = createV2Host(test.ctx, {
    boundary: hookBoundary,
    objectSchema: z.object,
    toJSONSchema: z.toJSONSchema,
    commands: commandDescriptions,
  });
  const port = withSessions(host.port);
  composeLedger(port, host.options);
  const cleanup = await host.register();
  return {
    port,
    async tool(name, args) {
      const result = await test.tools.get(name)?.execute(args, toolCall(SESSION));
      return String(result?.content);
    },
    async systemPrompt(sessionID) {
      const event = await test.fire("session", "context", sessionContext(sessionID));
      return event.system.map((part) => part.text);
    },
    async hostToolResult(tool, args, text) {
      const event = await test.fire("tool", "execute.after", {
        tool,
        sessionID: SESSION,
        agent: "build",
        messageID: "msg_1",
        id: "c1",
        input: args,
        status: "completed",
        result: { content: text },
      });
      return String((event as { result: { content: unknown } }).result.content);
    },
    async command(name, args) {
      const before = test.synthetic.length;
      await test.commands.get(name)?.execute({ sessionID: SESSION, prompt: { text: args } });
      return test.synthetic[before]?.text;
    },
    idle(sessionID) {
      test.emit({ type: "session.idle", data: { sessionID } });
    },
    async compaction(sessionID) {
      const event = await test.fire("session", "compaction", sessionContext(sessionID));
      return event.result?.summary;
    },
    close: cleanup,
  };
}

const ADAPTERS = { "1.x": v1Driver, "2.x": v2Driver };

describe.each(Object.entries(ADAPTERS))("the features through OpenCode %s's adapter", (_name, build) => {
  async function setUp() {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const root = normalizeScopePath(tempDir());
    const project = path.join(root, "project");
    fs.mkdirSync(project);
    const dataDir = path.join(root, "data");
    const driver = await build(project, { dataDir, search: { useRipgrep: false } });
    return { driver, dataDir, project };
  }

  it("the compaction records the session map over a transcript written from the host's messages", async () => {
    const { driver, dataDir } = await setUp();
    const summary = (await driver.compaction(SESSION)) ?? "";
    expect(summary).toContain(SESSION);
    const file = summary.match(/(\/\S+\.md)/)?.[1] ?? "";
    expect(file.startsWith(path.join(dataDir, "transcripts"))).toBe(true);
    expect(fs.readFileSync(file, "utf8")).toContain("the import path was wrong");
    // A session the host does not have: no summary of ours, the host keeps its own.
    expect(await driver.compaction("ses_unknownunknown0000001")).toBeUndefined();
    await driver.close();
  });

  it("the tools save and find an entry; /memory-continue brings the session's pointer; other commands are not ours", async () => {
    const { driver } = await setUp();
    expect(
      await driver.tool("memory_save", { kind: "fact", title: "Port test", body: "Saved through the port." }),
    ).toMatch(/Port test/);
    expect(await driver.tool("memory_search", { query: "port" })).toContain("Port test");
    expect(await driver.command("memory-continue", SESSION)).toContain(`Continue the work of ${SESSION}`);
    expect(await driver.command("memory-continue", "nonsense")).toMatch(/is not a session id/);
    expect(await driver.command("review", "")).toBeUndefined();
    await driver.close();
  });

  it("adds the nudge to the system prompt of a request", async () => {
    const { driver } = await setUp();
    expect(await driver.systemPrompt(SESSION)).toEqual([MEMORY_NUDGE]);
    await driver.close();
  });

  it("rewrites what the host's read returns from the data folder, by the host's own argument name, and leaves other files alone", async () => {
    const { driver, dataDir, project } = await setUp();
    const key = (driver.port.hostTools ?? V1_TOOLS).readers.read ?? "";
    const redacted = await driver.hostToolResult("read", { [key]: path.join(dataDir, "x.md") }, `token ${TOKEN}`);
    expect(redacted).toContain("[redacted: Docker Hub token]");
    const elsewhere = await driver.hostToolResult("read", { [key]: path.join(project, "x.md") }, `token ${TOKEN}`);
    expect(elsewhere).toBe(`token ${TOKEN}`);
    await driver.close();
  });

  it("recalls a saved entry after the host's edit of the file it names, by the host's own tool table", async () => {
    const { driver } = await setUp();
    await driver.tool("memory_save", {
      kind: "gotcha",
      title: "Migrate gotcha",
      body: "src/db/migrate.ts must run inside a transaction.",
      tags: ["migrate.ts"],
    });
    const [tool, key] = Object.entries((driver.port.hostTools ?? V1_TOOLS).writers)[0] ?? ["", ""];
    const after = await driver.hostToolResult(tool, { [key]: "src/db/migrate.ts" }, "Edit applied.");
    expect(after).toMatch(/^Edit applied\.[\s\S]*Migrate gotcha/);
    await driver.close();
  });

  it("exports a session when the host says it went idle", async () => {
    const { driver, dataDir } = await setUp();
    driver.idle(SESSION);
    const transcripts = path.join(dataDir, "transcripts");
    await waitFor(
      () =>
        fs.existsSync(transcripts) &&
        fs.readdirSync(transcripts, { recursive: true }).some((f) => String(f).includes(SESSION)),
    );
    await driver.close();
  });
});
