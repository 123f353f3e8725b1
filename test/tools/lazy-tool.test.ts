import type { PluginInput } from "@opencode-ai/plugin";
import { createOpencodeClient } from "@opencode-ai/sdk";
import { describe, expect, it } from "vitest";
import { server } from "../../src/plugin.js";
import { lazyTool } from "../../src/tools/lazy-tool.js";
import { toolBoundary } from "../../src/tools/tool-boundary.js";
import { z } from "../../src/zod.js";
import { tempDir } from "../helpers/temp-dir.js";
import { toolContext } from "../helpers/tool-context.js";

describe("tools with lazily built arguments", () => {
  it("build their schemas on the first read of args and load the call's code on the first call, each once", async () => {
    let built = 0;
    let loaded = 0;
    const definition = lazyTool(
      {
        description: "Echo a word back.",
        args: () => {
          built++;
          return { word: z.string().min(2).describe("The word.") };
        },
      },
      async () => {
        loaded++;
        return async (args) => `echo ${args.word}`;
      },
    );
    expect([built, loaded]).toEqual([0, 0]);
    expect(definition.description).toBe("Echo a word back.");
    const first = definition.args;
    expect(built).toBe(1);
    expect(definition.args).toBe(first);
    expect(Object.keys(definition.args)).toEqual(["word"]);
    expect([built, loaded]).toEqual([1, 0]);
    expect(z.strictObject(definition.args).safeParse({ word: "x" }).success).toBe(false);
    const context = toolContext(tempDir());
    const [one, two] = await Promise.all([
      definition.execute({ word: "hi" }, context),
      definition.execute({ word: "ho" }, context),
    ]);
    expect([one, two]).toEqual(["echo hi", "echo ho"]);
    expect(await definition.execute({ word: "ha" }, context)).toBe("echo ha");
    expect([built, loaded]).toEqual([1, 1]);
  });

  it("report a call whose code fails to load as a failed call, each time, without loading twice", async () => {
    let attempts = 0;
    const definition = toolBoundary(
      lazyTool({ description: "Never loads.", args: () => ({}) }, async () => {
        attempts++;
        throw new Error("chunk missing");
      }),
    );
    const context = toolContext(tempDir());
    expect(await definition.execute({}, context)).toBe("Error: [opencode-ledger] unexpected error: chunk missing");
    expect(await definition.execute({}, context)).toBe("Error: [opencode-ledger] unexpected error: chunk missing");
    expect(attempts).toBe(1);
  });

  it("is how every tool of the plugin is defined: its args are a getter, read only when the host lists tools", async () => {
    const dir = tempDir();
    const input = {
      client: createOpencodeClient({ baseUrl: "http://127.0.0.1:9" }),
      directory: dir,
      worktree: dir,
    } as unknown as PluginInput;
    const hooks = await server(input, { dataDir: `${dir}/data`, tools: "all" });
    const tools = Object.entries(hooks.tool ?? {});
    expect(tools.length).toBeGreaterThanOrEqual(12);
    for (const [name, definition] of tools) {
      expect(typeof Object.getOwnPropertyDescriptor(definition, "args")?.get, name).toBe("function");
      expect(definition.args, name).toBeTypeOf("object");
    }
  });
});
