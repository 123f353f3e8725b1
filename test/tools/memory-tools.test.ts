import fs from "node:fs";
import path from "node:path";
import type { PluginInput } from "@opencode-ai/plugin";
import { tool } from "@opencode-ai/plugin";
import { createOpencodeClient } from "@opencode-ai/sdk";
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../src/log.js";
import { server } from "../../src/plugin.js";
import { scheduleStartupPurge } from "../../src/store/memory-startup.js";
import { DAY, memoryFixture, T0, toolContext } from "../helpers/memory.js";
import { tempDir } from "../helpers/temp-dir.js";

const REQUIRED: Record<string, string[]> = {
  memory_save: ["kind", "title", "body"],
  memory_search: ["query"],
  memory_list: [],
  memory_forget: [],
  memory_restore: ["id"],
  memory_review: ["id", "status"],
  memory_history: [],
  memory_stats: [],
};

describe("memory tool definitions", () => {
  it("defines the eight tools, every argument described, the required ones required", () => {
    const f = memoryFixture();
    expect(Object.keys(f.tools).sort()).toEqual(Object.keys(REQUIRED).sort());
    for (const [name, definition] of Object.entries(f.tools)) {
      expect(definition.description.length, name).toBeGreaterThan(40);
      const required: string[] = [];
      for (const [arg, schema] of Object.entries(definition.args)) {
        expect(schema.description, `${name}.${arg}`).toMatch(/\w{3,}/);
        if (!schema.safeParse(undefined).success) required.push(arg);
      }
      expect(required.sort(), name).toEqual([...(REQUIRED[name] ?? [])].sort());
    }
    f.close();
  });

  it("bounds limits in the argument schema", () => {
    const f = memoryFixture();
    const list = tool.schema.object(f.tools.memory_list.args);
    expect(list.safeParse({ limit: 50 }).success).toBe(true);
    expect(list.safeParse({ limit: 51 }).success).toBe(false);
    expect(list.safeParse({ limit: 0 }).success).toBe(false);
    const history = tool.schema.object(f.tools.memory_history.args);
    expect(history.safeParse({ limit: 50 }).success).toBe(true);
    expect(history.safeParse({ limit: 51 }).success).toBe(false);
    expect(history.safeParse({ limit: 1.5 }).success).toBe(false);
    expect(tool.schema.object(f.tools.memory_review.args).safeParse({ id: "x", status: "candidate" }).success).toBe(
      false,
    );
    f.close();
  });
});

describe("plugin wiring", () => {
  it("registers the memory tools and creates no store at load", async () => {
    const dataDir = path.join(tempDir(), "data");
    const input = { client: createOpencodeClient({ baseUrl: "http://127.0.0.1:9" }) } as unknown as PluginInput;
    const hooks = await server(input, { dataDir, tools: "all" });
    const tools = hooks.tool ?? {};
    expect(Object.keys(tools)).toEqual(expect.arrayContaining(Object.keys(REQUIRED)));
    expect(fs.existsSync(dataDir)).toBe(false);
    // Reads through the plugin's store still create nothing; the first save creates the store.
    const ctx = toolContext(tempDir());
    expect(await tools.memory_list?.execute({}, ctx)).toMatch(/^No active or candidate entries/);
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(await tools.memory_save?.execute({ kind: "fact", title: "Through the plugin", body: "b" }, ctx)).toMatch(
      /^Saved fact/,
    );
    expect(fs.existsSync(path.join(dataDir, "ledger.db"))).toBe(true);
    expect(await tools.memory_search?.execute({ query: "plugin" }, ctx)).toMatch(/"Through the plugin"/);
  });

  it("purges after start-up only when a store exists, and logs what it removed", async () => {
    const f = memoryFixture();
    const log = createMemoryLogger();
    await new Promise<void>((resolve) => {
      scheduleStartupPurge(f.memory, log, { autoPurge: true }, 0);
      setTimeout(resolve, 50);
    });
    expect(fs.existsSync(f.dataDir)).toBe(false);
    expect(log.lines).toEqual([]);
    const { entry } = await f.memory.save({ scope: f.project, kind: "fact", title: "A", body: "a" }, { kind: "cli" });
    await f.memory.trash(entry.id, { kind: "cli" });
    f.now.value = T0 + 31 * DAY;
    await new Promise<void>((resolve) => {
      scheduleStartupPurge(f.memory, log, { autoPurge: true }, 0);
      setTimeout(resolve, 100);
    });
    expect(log.lines).toEqual([
      { level: "info", message: "memory purge: 0 expired and 1 old trashed entries removed" },
    ]);
    expect(await f.memory.get(entry.id)).toBeUndefined();
    f.close();
  });
});
