import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Hooks, PluginInput } from "@opencode-ai/plugin";
import { describe, expect, it } from "vitest";
import { offlineInput } from "../helpers/plugin-input.js";
import { tempDir } from "../helpers/temp-dir.js";
import { toolContext } from "../helpers/tool-context.js";
import { toolCall, v2TestHost } from "../helpers/v2-context.js";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const DIST = path.join(ROOT, "dist");
const ENTRY = path.join(DIST, "index.js");
const SERVER = path.join(DIST, "server");

/** Files and package imports the import of `entry` loads before it returns (dynamic imports load on first use). */
function startGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:\bfrom|^import|[;}]import)\s*"([^"]+)"/gm)) {
      const spec = m[1] as string;
      if (spec.startsWith(".")) visit(path.resolve(path.dirname(file), spec));
      else packages.add(spec);
    }
  };
  visit(entry);
  return { files, packages };
}

describe("the server entry the build ships", () => {
  it("starts from a few bundled files that import only the runtime's own modules", () => {
    expect(fs.readFileSync(ENTRY, "utf8")).toBe('export { default } from "./server/index.js";\n');
    const { files, packages } = startGraph(ENTRY);
    expect(files.every((f) => f === ENTRY || path.dirname(f) === SERVER)).toBe(true);
    // 16 files today, 125 kB: the entry, index.js and 14 small chunks (errors, scope and team-file names, data-folder
    // paths, output limits...) that the start path shares with the parts loaded on first use. Not among them: the
    // secret guard (for the redaction of recall, maps and extracts), the pointer, the extract, the SQLite driver
    // chooser, the tools' calls (src/tools/run/), the reflection, the injected memory block, the slash commands'
    // work, the redaction of OpenCode's own tools and the index's driver: each loads with the first call that needs
    // it. The bound keeps the start graph from growing.
    expect(files.length).toBeLessThanOrEqual(16);
    const startCode = files.map((f) => fs.readFileSync(f, "utf8")).join("\n");
    for (const lazy of [
      "function secretSpans(",
      "function redactSecrets(",
      "function chooseDriver(",
      "function memorySave(",
      "function sessionRead(",
      "function transcriptCleanup(",
      "function createReflection(",
      "function createSystemTransformHook(",
      "function createCommandHook(",
      "function createHostReadRedaction(",
      "function connectIndex(",
      "function narrowSessionMessages(",
    ]) {
      expect([lazy, startCode.includes(lazy)]).toEqual([lazy, false]);
    }
    // drizzle and nanoid are inlined in chunks that load with the store, on first use; zod is inside the bundle.
    expect([...packages].filter((p) => !p.startsWith("node:"))).toEqual([]);
  });

  it("loads the regex parser (regexpp) only when a regex search runs: not at start, not with a scan thread", () => {
    // One of regexpp's own messages marks the chunk it is bundled in.
    const marker = "Lone quantifier brackets";
    const holders = fs
      .readdirSync(SERVER)
      .filter((f) => fs.readFileSync(path.join(SERVER, f), "utf8").includes(marker));
    expect(holders).toHaveLength(1);
    const parser = path.join(SERVER, holders[0] as string);
    expect(startGraph(ENTRY).files).not.toContain(parser);
    expect(startGraph(path.join(SERVER, "scan-worker.js")).files).not.toContain(parser);
    // It is reached by a dynamic import (the one in prepare-query.ts), from a chunk the search loads.
    const importer = fs
      .readdirSync(SERVER)
      .filter((f) => fs.readFileSync(path.join(SERVER, f), "utf8").includes(`import("./${holders[0]}")`));
    expect(importer).toHaveLength(1);
  });

  it("finds every file it locates from its own URL beside it: migrations, the pointer provider, the scan worker", () => {
    const located = new Set<string>();
    for (const file of fs.readdirSync(SERVER).filter((f) => f.endsWith(".js"))) {
      const text = fs.readFileSync(path.join(SERVER, file), "utf8");
      for (const m of text.matchAll(
        /new URL\("(\.{1,2}\/[^"]+\.js|\.\.\/\.\.\/migrations)",\s*(?:import\.meta\.url|here)\)/g,
      )) {
        located.add(m[1] as string);
      }
    }
    expect([...located].sort()).toEqual(["../../migrations", "./pointer-provider.js", "./scan-worker.js"]);
    for (const relative of located) expect(fs.existsSync(path.resolve(SERVER, relative)), relative).toBe(true);
  });

  it("runs from dist: the pointer model's provider is the bundled file, and a saved entry is found again", async () => {
    const dir = tempDir();
    const dataDir = path.join(dir, "data");
    const input = offlineInput(dir);
    const plugin = (await import(pathToFileURL(ENTRY).href)) as {
      default: { id: string; server: (input: PluginInput, options?: Record<string, unknown>) => Promise<Hooks> };
    };
    expect(plugin.default.id).toBe("opencode-ledger");
    const hooks = await plugin.default.server(input, { dataDir });
    const cfg: { model: string; provider: Record<string, { npm?: string }> } = {
      model: "stub/stub-model",
      provider: { stub: {} },
    };
    await hooks.config?.(cfg as never);
    const npm = cfg.provider.ledger?.npm as string;
    expect(fileURLToPath(npm)).toBe(path.join(SERVER, "pointer-provider.js"));
    const provider = (await import(npm)) as Record<string, unknown>;
    expect(Object.keys(provider)).toEqual(["createLedgerPointer"]);

    const ctx = toolContext(dir);
    expect(await hooks.tool?.memory_save?.execute({ kind: "fact", title: "Bundled store", body: "b" }, ctx)).toMatch(
      /^Saved fact/,
    );
    expect(fs.existsSync(path.join(dataDir, "ledger.db"))).toBe(true);
    expect(await hooks.tool?.memory_search?.execute({ query: "bundled" }, ctx)).toMatch(/"Bundled store"/);
  });

  it("runs from dist on OpenCode 2.x: the same default's setup() registers the tools, which save and find an entry", async () => {
    const dir = tempDir();
    const dataDir = path.join(dir, "data");
    const plugin = (await import(pathToFileURL(ENTRY).href)) as {
      default: { id: string; setup: (ctx: unknown) => Promise<() => Promise<void>> };
    };
    // The loader of 2.x accepts a default with a string id and a setup function.
    expect(typeof plugin.default.setup).toBe("function");
    const host = v2TestHost(dir, { dataDir });
    const cleanup = await plugin.default.setup(host.ctx);
    const call = toolCall("ses_bundled00000000000001");
    const save = host.tools.get("memory_save");
    expect((await save?.execute({ kind: "fact", title: "Bundled on 2.x", body: "b" }, call))?.content).toMatch(
      /^Saved fact/,
    );
    expect((await host.tools.get("memory_search")?.execute({ query: "bundled" }, call))?.content).toMatch(
      /"Bundled on 2\.x"/,
    );
    await cleanup();
    expect(host.disposed).toBe(host.registered.length);
  });

  it("the bundling step refuses a folder without the compiled entries and leaves it as it was", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "index.js"), "export default {};\n");
    const run = spawnSync("node", [path.join(ROOT, "scripts", "bundle.mjs"), dir], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("[bundle]");
    expect(run.stderr).toContain("pointer-provider.js is missing");
    expect(fs.readdirSync(dir)).toEqual(["index.js"]);
    expect(fs.readFileSync(path.join(dir, "index.js"), "utf8")).toBe("export default {};\n");
  });
});
