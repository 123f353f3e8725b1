/**
 * The 1.x adapter against the interface it is written to: every hook name `server()` returns is declared in the
 * `Hooks` interface of @opencode-ai/plugin 1.18.33 (read from its published declarations), the set is the one this
 * build means to register, and each hook does its work when called with the payload shape that interface declares.
 * The package entry exports one default that both hosts' loaders accept.
 */
import fs from "node:fs";
import path from "node:path";
import type { Hooks } from "@opencode-ai/plugin";
import { describe, expect, it } from "vitest";
import entry, * as entryModule from "../../../src/index.js";
import { MEMORY_NUDGE } from "../../../src/injection/nudge.js";
import { server } from "../../../src/plugin.js";
import { normalizeScopePath } from "../../../src/scope.js";
import { z } from "../../../src/zod.js";
import { offlineInput } from "../../helpers/plugin-input.js";
import { PROVIDER_SAMPLES } from "../../helpers/provider-samples.js";
import { REPO_ROOT } from "../../helpers/runtime-child.js";
import { seeded } from "../../helpers/secret-samples.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { PLUGIN_TOOLS } from "../../helpers/tool-names.js";

const DECLARATIONS = path.join(REPO_ROOT, "node_modules", "@opencode-ai", "plugin", "dist", "index.d.ts");
const TOKEN = PROVIDER_SAMPLES.find((s) => s.kind === "Docker Hub token")?.build(seeded(7)) ?? "";

/** The member names of `export interface Hooks { … }` in the published declarations. */
function declaredHooks(): string[] {
  const text = fs.readFileSync(DECLARATIONS, "utf8");
  const start = text.indexOf("export interface Hooks {");
  const end = text.indexOf("\n}", start);
  expect(start, "the declarations have a Hooks interface").toBeGreaterThan(0);
  return [...text.slice(start, end).matchAll(/^ {4}"?([A-Za-z][\w.]*)"?\??:/gm)].map((m) => m[1] as string);
}

async function hooksOf(options: Record<string, unknown> = {}): Promise<{ hooks: Hooks; dataDir: string; dir: string }> {
  const dir = normalizeScopePath(tempDir());
  const dataDir = path.join(dir, "data");
  const input = offlineInput(dir);
  return {
    hooks: await server(input, { dataDir, search: { useRipgrep: false }, tools: "all", ...options }),
    dataDir,
    dir,
  };
}

describe("the 1.x adapter's contract", () => {
  it("registers only hooks the 1.18.33 interface declares, and exactly the ones this build uses", async () => {
    const declared = declaredHooks();
    expect(declared).toContain("tool.execute.after");
    const { hooks } = await hooksOf();
    const used = Object.keys(hooks).sort();
    expect(used.filter((name) => !declared.includes(name))).toEqual([]);
    expect(used).toEqual([
      "chat.message",
      "chat.params",
      "command.execute.before",
      "config",
      "event",
      "experimental.chat.messages.transform",
      "experimental.chat.system.transform",
      "experimental.compaction.autocontinue",
      "experimental.session.compacting",
      "experimental.text.complete",
      "tool",
      "tool.execute.after",
    ]);
  });

  it("builds every tool as 1.18.33's ToolDefinition: a description, zod 4 arguments each described, an execute", async () => {
    const { hooks } = await hooksOf();
    const tools = Object.entries(hooks.tool ?? {});
    expect(tools.map(([name]) => name).sort()).toEqual(PLUGIN_TOOLS);
    for (const [name, definition] of tools) {
      expect(Object.keys(definition).sort(), name).toEqual(["args", "description", "execute"]);
      expect(definition.description.length, name).toBeGreaterThan(20);
      expect(typeof definition.execute, name).toBe("function");
      for (const [arg, schema] of Object.entries(definition.args)) {
        // 1.x takes any zod 4 schema (it checks for `_zod`), wraps the arguments in its own object and sends the
        // model that object's JSON Schema.
        expect((schema as { _zod?: unknown })._zod, `${name}.${arg}`).toBeDefined();
        expect((schema as { description?: string }).description, `${name}.${arg}`).toBeTruthy();
      }
      const json = z.toJSONSchema(z.object(definition.args)) as { type?: unknown; properties?: object };
      expect(json.type, name).toBe("object");
      expect(Object.keys(json.properties ?? {}).sort(), name).toEqual(Object.keys(definition.args).sort());
    }
  });

  it("leaves the system transform out when injection is off, and registers nothing when dataDir is bad", async () => {
    const { hooks } = await hooksOf({ injection: { enabled: false } });
    expect(hooks["experimental.chat.system.transform"]).toBeUndefined();
    const off = await hooksOf({ dataDir: 42 });
    expect(off.hooks).toEqual({});
  });

  it("config: adds the commands, the pointer model for the compaction agent and read access to the transcripts", async () => {
    const { hooks, dataDir } = await hooksOf();
    const cfg: Record<string, unknown> = { model: "stub/stub-model" };
    await hooks.config?.(cfg as never);
    expect(Object.keys(cfg.command as object).sort()).toEqual(["memory-cleanup", "memory-continue"]);
    expect((cfg.agent as { compaction?: { model?: string } }).compaction?.model).toBe("ledger/pointer");
    expect(JSON.stringify(cfg.permission)).toContain(path.join(dataDir, "transcripts"));
  });

  it("tool.execute.after: a read of the data folder comes back redacted in output.output", async () => {
    const { hooks, dataDir } = await hooksOf();
    const output = { title: "read", output: `the bot logs in with ${TOKEN} nightly`, metadata: {} };
    await hooks["tool.execute.after"]?.(
      {
        tool: "read",
        sessionID: "ses_a",
        callID: "call_1",
        args: { filePath: path.join(dataDir, "transcripts", "x.md") },
      },
      output,
    );
    expect(output.output).toContain("[redacted: Docker Hub token]");
    expect(output.title).toBe("read");
  });

  it("experimental.chat.system.transform: the nudge joins the system prompt; the pointer model's requests get nothing", async () => {
    const { hooks } = await hooksOf();
    const transform = hooks["experimental.chat.system.transform"];
    const model = { providerID: "stub", modelID: "m" } as never;
    const output = { system: ["You are the build agent."] };
    await transform?.({ sessionID: "ses_contract000000000000001", model }, output);
    expect(output.system).toEqual(["You are the build agent.", MEMORY_NUDGE]);
    const ours = { system: ["You are the build agent."] };
    await transform?.(
      { sessionID: "ses_contract000000000000001", model: { providerID: "ledger", modelID: "pointer" } as never },
      ours,
    );
    expect(ours.system).toHaveLength(1);
  });

  it("command.execute.before: a refusal replaces the template, worded for the model", async () => {
    const { hooks } = await hooksOf();
    const parts = [{ id: "p", sessionID: "s", messageID: "m", type: "text", text: "Continue the work of session x." }];
    await hooks["command.execute.before"]?.(
      { command: "memory-continue", sessionID: "ses_c", arguments: "not-a-session" },
      { parts } as never,
    );
    expect(parts[0]?.text).toMatch(/^\/memory-continue could not run: .*is not a session id/);
  });

  it("the entry exports one default that both loaders accept: id, server() for 1.x and setup() for 2.x", () => {
    expect(Object.keys(entryModule)).toEqual(["default"]);
    expect(entry.id).toBe("opencode-ledger");
    expect(typeof entry.server).toBe("function");
    expect(typeof entry.setup).toBe("function");
    // 1.x refuses a default with both server and tui; the TUI is its own entry.
    expect("tui" in entry).toBe(false);
  });
});
