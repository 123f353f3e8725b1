/**
 * The 2.x adapter against the interface it is declared to (src/host/v2/v2-context.ts, from upstream's published
 * source): it registers through exactly the hook names V2_HOOKS lists, in the domains that declare them, and every
 * value it hands the host has the declared shape: Tool.Info for each tool, Tool.Result from each call, LLM.SystemPart
 * in the system prompt, SessionCompactionResult as a compaction's `result`, and a replaced Tool.Result that keeps its
 * other fields.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { V2_HOOKS, type V2Message, type V2ToolHooks } from "../../../src/host/v2/v2-context.js";
import { setup } from "../../../src/plugin.js";
import { normalizeScopePath } from "../../../src/scope.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { toolCall, v2TestHost } from "../../helpers/v2-context.js";

const SESSION = "ses_v2contract00000000001";
const MESSAGES: V2Message[] = [
  { role: "user", content: [{ type: "text", text: "Rename the config loader" }] },
  { role: "assistant", content: [{ type: "text", text: "Renamed to settings-loader.ts." }] },
];

async function started() {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  const dir = normalizeScopePath(tempDir());
  const project = path.join(dir, "p");
  fs.mkdirSync(project);
  const host = v2TestHost(project, { dataDir: path.join(dir, "data"), search: { useRipgrep: false } });
  const cleanup = await setup(host.ctx);
  return { host, cleanup, dataDir: path.join(dir, "data") };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the 2.x adapter's contract", () => {
  it("hooks only the names the declared interface lists, in their own domains", async () => {
    const { host, cleanup } = await started();
    const hooked = host.registered.filter((name) => name !== "tool.transform");
    expect(hooked.sort()).toEqual(
      [...V2_HOOKS.tool.map((n) => `tool.${n}`), ...V2_HOOKS.session.map((n) => `session.${n}`)].sort(),
    );
    await cleanup();
  });

  it("hands every tool over as a Tool.Info, and each call answers with a Tool.Result of text content", async () => {
    const { host, cleanup } = await started();
    for (const tool of host.tools.values()) {
      expect(Object.keys(tool).sort(), tool.name).toEqual(["description", "execute", "input", "name"]);
      expect(tool.name).toMatch(/^memory_[a-z_]+$/);
    }
    const call = toolCall(SESSION);
    const result = await host.tools.get("memory_stats")?.execute({}, call);
    expect(Object.keys(result ?? {})).toEqual(["content"]);
    expect(typeof result?.content).toBe("string");
    await cleanup();
  });

  it("adds LLM.SystemPart text parts and records a SessionCompactionResult", async () => {
    const { host, cleanup } = await started();
    const context = await host.fire("session", "context", {
      sessionID: SESSION,
      agent: "build",
      kind: "primary",
      system: [{ type: "text", text: "base" }],
      messages: MESSAGES,
    });
    expect(context.system.slice(1).every((p) => p.type === "text" && typeof p.text === "string")).toBe(true);
    expect(context.system).toHaveLength(2);
    const compaction = await host.fire("session", "compaction", {
      sessionID: SESSION,
      agent: "compaction",
      kind: "compaction",
      system: [],
      messages: MESSAGES,
    });
    expect(Object.keys(compaction.result ?? {}).sort()).toEqual(["metadata", "summary"]);
    expect(typeof compaction.result?.summary).toBe("string");
    await cleanup();
  });

  it("replaces a tool result only by a Tool.Result that keeps its output and metadata", async () => {
    const { host, cleanup, dataDir } = await started();
    const event = {
      tool: "grep",
      sessionID: SESSION,
      agent: "build",
      messageID: "msg_2",
      id: "call_2",
      input: { path: dataDir },
      status: "completed",
      result: {
        output: { matches: 1 },
        content: [{ type: "text", text: `${dataDir}/transcripts/a.md:3: password = "hunter2hunter2hunter2"` }],
        metadata: { count: 1 },
      },
    } as V2ToolHooks["execute.after"];
    const after = (await host.fire("tool", "execute.after", event)) as unknown as { result: Record<string, unknown> };
    expect(after.result.output).toEqual({ matches: 1 });
    expect(after.result.metadata).toEqual({ count: 1 });
    expect(typeof after.result.content).toBe("string");
    expect(after.result.content).not.toContain("hunter2hunter2hunter2");
    await cleanup();
  });
});
