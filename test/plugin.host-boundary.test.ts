/**
 * Nothing the plugin registers ever throws into OpenCode: every tool's execute, called with generated garbage and
 * hostile arguments (wrong types, missing and unknown keys, traversal, NUL bytes, huge strings and numbers),
 * resolves with a message within its byte bound; every hook, called with garbage input and output, resolves. The
 * plugin talks to a host that answers every request wrongly, and its store and transcripts hold data, so the calls
 * get past their first checks.
 */
import path from "node:path";
import type { Hooks, PluginInput, ToolContext } from "@opencode-ai/plugin";
import { createOpencodeClient } from "@opencode-ai/sdk";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byteLength, MAX_RESULT_BYTES } from "../src/bounded-output.js";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { server } from "../src/plugin.js";
import { normalizeScopePath } from "../src/scope.js";
import { createDataContext } from "../src/services.js";
import { createMemoryStore } from "../src/store/memory-store.js";
import { exportTranscript } from "../src/transcripts/export/export-transcript.js";
import { createMemorySource } from "../src/transcripts/source/export-file-source.js";
import { type HostileHost, startHostileHost } from "./helpers/hostile-host.js";
import { HOSTILE_SESSION, hostileString, hostileValue } from "./helpers/hostile-input.js";
import { syntheticSession } from "./helpers/synthetic-session.js";
import { suiteDir } from "./helpers/temp-dir.js";
import { toolContext } from "./helpers/tool-context.js";
import { PLUGIN_TOOLS } from "./helpers/tool-names.js";

const SESSION = HOSTILE_SESSION;
/** An error result is at most 2,000 characters after "Error: "; characters of hostile input may take 4 bytes. */
const ERROR_BYTES = 8_100;

/** Arguments for a tool: its own argument names with hostile values, plus stray keys, or no object at all. */
function hostileArgs(names: readonly string[]) {
  const named = fc.dictionary(fc.constantFrom(...names), hostileValue, { maxKeys: names.length });
  const withStray = fc.tuple(named, fc.dictionary(fc.string({ maxLength: 20 }), hostileValue, { maxKeys: 4 }));
  return fc.oneof(
    { weight: 5, arbitrary: named },
    { weight: 2, arbitrary: withStray.map(([a, b]) => ({ ...b, ...a })) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2, size: "small" }) },
  );
}

/** The byte bound a tool's result must keep: its `maxBytes` when it takes one and it is valid, else the default. */
function boundOf(args: unknown): number {
  const maxBytes = (args as { maxBytes?: unknown } | null)?.maxBytes;
  const asked = typeof maxBytes === "number" && Number.isInteger(maxBytes) ? Math.min(maxBytes, 100_000) : 0;
  return Math.max(MAX_RESULT_BYTES, asked, ERROR_BYTES);
}

describe("no tool or hook throws into the host", () => {
  let host: HostileHost;
  let hooks: Hooks;
  let contexts: ToolContext[];
  const suite = suiteDir();

  beforeAll(async () => {
    host = await startHostileHost();
    const root = suite.path;
    const project = normalizeScopePath(path.join(root));
    const dataDir = path.join(root, "data");
    // A store with entries and a transcript of this project, so the tools get past "nothing here yet".
    const data = createDataContext(parseOptions({ dataDir }).options, createMemoryLogger());
    const memory = createMemoryStore({ database: data.database, clock: Date.now });
    for (let i = 0; i < 30; i++) {
      await memory.save(
        { scope: i % 2 ? project : "global", kind: `kind${i % 7}`, title: `Entry ${i}`, body: "b".repeat(i * 250) },
        { kind: "cli" },
      );
    }
    const session = syntheticSession(12, SESSION, 3_000);
    await exportTranscript({ data, source: createMemorySource([session.data]), sessionID: SESSION, scope: project });
    data.database.close();

    const input = {
      client: createOpencodeClient({ baseUrl: host.url }),
      directory: project,
      worktree: project,
    } as unknown as PluginInput;
    hooks = await server(input, { dataDir, search: { useRipgrep: false }, tools: "all" });
    const aborted = new AbortController();
    aborted.abort();
    contexts = [
      toolContext(project),
      { ...toolContext(project), abort: aborted.signal },
      toolContext(path.join(root, "no", "such", "folder")),
      { ...toolContext("/"), directory: project },
    ];
  });
  afterAll(async () => {
    await host?.close();
    suite.remove();
  });

  it("registers the tools this test covers", () => {
    expect(Object.keys(hooks.tool ?? {}).sort()).toEqual(PLUGIN_TOOLS);
  });

  it("every tool resolves with a message within its bound, whatever the arguments", async () => {
    const failures: string[] = [];
    for (const [name, definition] of Object.entries(hooks.tool ?? {})) {
      await fc.assert(
        fc.asyncProperty(hostileArgs(Object.keys(definition.args)), fc.nat(contexts.length - 1), async (args, c) => {
          const result = await definition.execute(args as never, contexts[c] as ToolContext).then(
            (value) => value,
            (error: unknown) => {
              failures.push(`${name} rejected: ${String(error)}`);
              return "";
            },
          );
          expect(typeof result, name).toBe("string");
          const text = result as string;
          expect(text.length, name).toBeGreaterThan(0);
          expect(byteLength(text), name).toBeLessThanOrEqual(boundOf(args));
          if (text.startsWith("Error: ")) expect(text, name).toMatch(/^Error: \[opencode-ledger\] /);
        }),
        { numRuns: 40 },
      );
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("an argument of the wrong type is named in a clear message", async () => {
    const tools = hooks.tool ?? {};
    const ctx = contexts[0] as ToolContext;
    expect(await tools.memory_restore?.execute({} as never, ctx)).toMatch(/^Error: \[opencode-ledger\] id: /);
    expect(await tools.memory_session_read?.execute({ sessionID: 42 } as never, ctx)).toMatch(
      /^Error: \[opencode-ledger\] sessionID: /,
    );
    expect(await tools.memory_transcript_cleanup?.execute({ sessionIDs: "ses_x" } as never, ctx)).toMatch(
      /^Error: \[opencode-ledger\] sessionIDs: /,
    );
    expect(await tools.memory_save?.execute(null as never, ctx)).toMatch(/^Error: \[opencode-ledger\] /);
  });

  it("every hook resolves, whatever its input and output", async () => {
    const names = Object.keys(hooks).filter((name) => name !== "tool");
    expect(names.length).toBeGreaterThanOrEqual(6);
    const garbage = fc.oneof(
      fc.anything({ maxDepth: 3, size: "medium" }),
      fc.record({
        sessionID: hostileString,
        messageID: hostileString,
        command: fc.constantFrom("memory-continue", "memory-cleanup", "other"),
        arguments: hostileString,
        agent: fc.constantFrom("compaction", "build"),
        message: fc.anything({ maxDepth: 2 }),
      }),
    );
    const outputs = fc.oneof(
      fc.anything({ maxDepth: 3, size: "medium" }),
      fc.record({
        parts: fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
        messages: fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
        context: fc.array(hostileString, { maxLength: 3 }),
        text: hostileString,
      }),
    );
    for (const name of names) {
      const hook = (hooks as Record<string, (i: unknown, o: unknown) => Promise<void>>)[name];
      if (typeof hook !== "function") continue;
      await fc.assert(
        fc.asyncProperty(garbage, outputs, async (input, output) => {
          await expect(hook(input, output)).resolves.toBeUndefined();
        }),
        { numRuns: 60 },
      );
    }
  }, 120_000);
});
