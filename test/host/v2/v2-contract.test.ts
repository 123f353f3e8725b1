/**
 * The 2.x adapter against the interface it is declared to (src/host/v2/v2-context.ts, from 2.0.26): it registers
 * through exactly the hook names V2_HOOKS lists, in the domains that declare them, and every value it hands the host
 * has the declared shape: Tool.Info for each tool (a Standard Schema input with its Standard JSON Schema, native
 * tool options), Tool.Result from each call, LLM.SystemPart in the system prompt, SessionCompactionResult as a
 * compaction's `result`, a replaced Tool.Result that keeps its other fields, and a PermissionEvaluation's effect.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { V2_HOOKS, type V2ToolHooks } from "../../../src/host/v2/v2-context.js";
import { setup } from "../../../src/plugin.js";
import { normalizeScopePath } from "../../../src/scope.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { PLUGIN_TOOLS } from "../../helpers/tool-names.js";
import { sessionContext, toolCall, v2TestHost } from "../../helpers/v2-context.js";
import { storedV2Session } from "../../helpers/v2-session.js";

const SESSION = "ses_v2contract00000000001";

async function started() {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  const dir = normalizeScopePath(tempDir());
  const project = path.join(dir, "p");
  fs.mkdirSync(project);
  const host = v2TestHost(project, { dataDir: path.join(dir, "data"), search: { useRipgrep: false }, tools: "all" });
  host.stored.set(SESSION, storedV2Session(SESSION, 1).messages);
  const cleanup = await setup(host.ctx);
  return { host, cleanup, dataDir: path.join(dir, "data") };
}

/** The JSON Schema keywords a tool's arguments may use: what 2.x hands the model's provider. */
function checkSchema(name: string, schema: Record<string, unknown>): void {
  expect(schema.type, name).toBe("object");
  const properties = schema.properties as Record<string, Record<string, unknown>>;
  expect(Object.keys(properties).length, name).toBeGreaterThanOrEqual(0);
  for (const [arg, property] of Object.entries(properties)) {
    expect(typeof property.description, `${name}.${arg}`).toBe("string");
    expect(property.type ?? property.anyOf ?? property.enum, `${name}.${arg}`).toBeDefined();
  }
  for (const required of (schema.required as string[] | undefined) ?? []) expect(properties).toHaveProperty(required);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the 2.x adapter's contract", () => {
  it("hooks only the names the declared interface lists, in their own domains", async () => {
    const { host, cleanup } = await started();
    const hooked = host.registered.filter((name) => !name.endsWith(".transform"));
    expect(hooked.sort()).toEqual(
      [
        ...V2_HOOKS.tool.map((n) => `tool.${n}`),
        ...V2_HOOKS.session.map((n) => `session.${n}`),
        ...V2_HOOKS.permission.map((n) => `permission.${n}`),
      ].sort(),
    );
    await cleanup();
  });

  it("builds every tool as a Tool.Info on the native list, its input readable as Standard Schema and JSON Schema", async () => {
    const { host, cleanup } = await started();
    expect([...host.tools.keys()].sort()).toEqual(PLUGIN_TOOLS);
    for (const tool of host.tools.values()) {
      expect(Object.keys(tool).sort(), tool.name).toEqual(["description", "execute", "input", "name", "options"]);
      expect(tool.name).toMatch(/^memory_[a-z_]+$/);
      expect(tool.options).toEqual({ codemode: false });
      const standard = tool.input["~standard"];
      expect(standard.version, tool.name).toBe(1);
      expect(standard.vendor, tool.name).toBe("zod");
      checkSchema(tool.name, standard.jsonSchema.input({ target: "draft-2020-12" }));
      checkSchema(tool.name, standard.jsonSchema.output({ target: "draft-2020-12" }));
      // The Standard Schema validates as the host would call it: a bad input is issues, not a throw.
      const bad = (await standard.validate(7)) as { issues?: unknown[] };
      expect(bad.issues?.length, tool.name).toBeGreaterThan(0);
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
      ...sessionContext(SESSION),
      system: [{ type: "text", text: "base" }],
    });
    expect(context.system.slice(1).every((p) => p.type === "text" && typeof p.text === "string")).toBe(true);
    expect(context.system).toHaveLength(2);
    const compaction = await host.fire("session", "compaction", sessionContext(SESSION));
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

  it("sets a PermissionEvaluation's effect to one of the declared effects, and adds commands with a name and an execute", async () => {
    const { host, cleanup, dataDir } = await started();
    const evaluated = await host.fire("permission", "evaluate", {
      sessionID: SESSION,
      action: "read",
      resources: [path.join(dataDir, "transcripts", "x.md")],
      effect: "ask",
    });
    expect(["allow", "deny", "ask"]).toContain(evaluated.effect);
    for (const [name, command] of host.commands) {
      expect(name).toMatch(/^memory-[a-z]+$/);
      expect(typeof command.description).toBe("string");
      expect(typeof command.execute).toBe("function");
    }
    await cleanup();
  });
});
