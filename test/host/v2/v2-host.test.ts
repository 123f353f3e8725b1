/**
 * The plugin on OpenCode 2.x, through `setup(ctx)` and the 2.x adapter, over a context in the 2.0.26 interface's
 * shape (test/helpers/v2-context.ts) with sessions in 2.x's stored form (test/helpers/v2-session.ts) and a real data
 * folder: native tools, the memory block in every primary request, transcripts from `session.context()` at idle and
 * in the compaction hook, the recall at the point of action on 2.x's tools, its turn budget reset by each prompt,
 * slash commands, read permission, reflection's model call, and a setup that fails registering nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hookBoundary } from "../../../src/hook-boundary.js";
import type { V2SessionHooks, V2ToolHooks } from "../../../src/host/v2/v2-context.js";
import { createV2Host } from "../../../src/host/v2/v2-host.js";
import { MEMORY_NUDGE } from "../../../src/injection/nudge.js";
import { createMemoryLogger } from "../../../src/log.js";
import { setup } from "../../../src/plugin.js";
import { normalizeScopePath } from "../../../src/scope.js";
import { commandDescriptions } from "../../../src/slash-commands/definitions.js";
import { z } from "../../../src/zod.js";
import { PROVIDER_SAMPLES } from "../../helpers/provider-samples.js";
import { seeded } from "../../helpers/secret-samples.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { PLUGIN_TOOLS } from "../../helpers/tool-names.js";
import { sessionContext, toolCall, type V2TestHost, type V2TestOptions, v2TestHost } from "../../helpers/v2-context.js";
import { storedV2Session } from "../../helpers/v2-session.js";
import { waitFor } from "../../helpers/wait-for.js";

const SESSION = "ses_v2host0000000000000001";
const TOKEN = PROVIDER_SAMPLES.find((s) => s.kind === "Docker Hub token")?.build(seeded(7)) ?? "";

describe("setup(ctx) on OpenCode 2.x", () => {
  let host: V2TestHost;
  let cleanup: () => Promise<void>;
  let dataDir: string;
  let project: string;
  const errors: string[] = [];

  async function start(options: Record<string, unknown> = {}, test: V2TestOptions = {}) {
    const root = normalizeScopePath(tempDir());
    project = path.join(root, "project");
    fs.mkdirSync(project);
    dataDir = path.join(root, "data");
    host = v2TestHost(project, { dataDir, search: { useRipgrep: false }, tools: "all", ...options }, test);
    host.stored.set(SESSION, storedV2Session(SESSION).messages);
    cleanup = await setup(host.ctx);
  }

  const transcriptOf = (summary: string) => fs.readFileSync(summary.match(/(\/\S+\.md)/)?.[1] ?? "", "utf8");

  beforeEach(() => {
    errors.length = 0;
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void errors.push(String(line)));
  });
  afterEach(async () => {
    await cleanup?.();
    vi.restoreAllMocks();
  });

  it("puts every tool on the native tool list, its arguments as zod with their JSON Schema, and offers everything", async () => {
    await start();
    expect(host.registered).toEqual([
      "tool.transform",
      "tool.execute.after",
      "session.prompt",
      "session.context",
      "session.compaction",
      "permission.evaluate",
      "command.transform",
    ]);
    expect([...host.tools.keys()].sort()).toEqual(PLUGIN_TOOLS);
    for (const tool of host.tools.values()) {
      expect(tool.options, tool.name).toEqual({ codemode: false });
      const standard = tool.input["~standard"];
      expect(typeof standard.validate, tool.name).toBe("function");
      const schema = standard.jsonSchema.input({ target: "draft-2020-12" });
      expect(schema.type, tool.name).toBe("object");
      expect(schema.$schema, tool.name).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(standard.jsonSchema.input({ target: "draft-07" }).$schema, tool.name).toBe(
        "http://json-schema.org/draft-07/schema#",
      );
    }
    const save = host.tools.get("memory_save")?.input["~standard"].jsonSchema.input();
    expect(save?.required).toEqual(expect.arrayContaining(["kind", "title", "body"]));
    expect([...host.commands.keys()].sort()).toEqual(["memory-cleanup", "memory-continue"]);
    expect(errors.join("\n")).not.toMatch(/does not offer/);
  });

  it("saves an entry with memory_save and finds it with memory_search, the results as text content", async () => {
    await start();
    const call = toolCall(SESSION);
    const save = host.tools.get("memory_save");
    const saved = await save?.execute(
      { kind: "decision", title: "Tokenizer split", body: "The tokenizer lives in lexer.ts and reader.ts." },
      call,
    );
    expect(saved?.content).toMatch(/Tokenizer split/);
    const found = await host.tools.get("memory_search")?.execute({ query: "tokenizer" }, call);
    expect(found?.content).toContain("Tokenizer split");
    // A bad argument is a clear error result, not a rejection into the host.
    const bad = await save?.execute({ kind: 42 }, call);
    expect(bad?.content).toMatch(/^Error: \[opencode-ledger\] /);
  });

  it("records the session map as the compaction's result, from the session's stored messages", async () => {
    await start();
    // The hook's own messages are only the older part of the conversation: the transcript does not depend on them.
    const event = await host.fire("session", "compaction", sessionContext(SESSION));
    const summary = event.result?.summary ?? "";
    expect(summary).toContain(SESSION);
    expect(summary).toContain(path.join(dataDir, "transcripts"));
    // 2.x's tools by its own table: edit(path), patch (metadata files[].file), read(path).
    expect(summary).toMatch(/^- src\/lexer1\.ts: 1 change/m);
    expect(summary).toMatch(/^- src\/reader0\.ts: 1 change/m);
    const transcript = transcriptOf(summary);
    expect(transcript).toContain(`Refactor the tokenizer of ${SESSION} into two files`);
    expect(transcript).toContain("Split into lexer.ts and reader.ts.");
    // A tool's content parts are joined as text, not written as JSON.
    expect(transcript).toMatch(/\tok 1\n\s+\d+\t\(end\)\n/);
    expect(transcript).not.toContain('"type":"text"');
    // The same messages again append nothing.
    const lines = transcript.split("\n").length;
    await host.fire("session", "compaction", sessionContext(SESSION));
    expect(transcriptOf(summary).split("\n").length).toBe(lines);
  });

  it("keeps the messages a compaction hid, and records its checkpoint as the summary, not as a user turn", async () => {
    await start();
    const first = await host.fire("session", "compaction", sessionContext(SESSION));
    const summary = first.result?.summary ?? "";
    // After the compaction 2.x's context starts at its checkpoint: the earlier messages are not listed any more.
    const after = storedV2Session(SESSION).messages.slice(0, 0);
    const checkpoint = {
      id: "msg_zz_checkpoint",
      type: "compaction",
      status: "completed",
      reason: "auto",
      summary: "CHECKPOINT SUMMARY",
      recent: "",
      time: { created: 1_900_000_000_000 },
    };
    const reply = {
      id: "msg_zz_reply",
      type: "assistant",
      agent: "build",
      model: { id: "m", providerID: "p" },
      content: [{ type: "text", text: "Carrying on after the compaction." }],
      time: { created: 1_900_000_001_000 },
    };
    host.stored.set(SESSION, [...after, checkpoint, reply]);
    const second = await host.fire("session", "compaction", sessionContext(SESSION));
    const transcript = transcriptOf(second.result?.summary ?? summary);
    expect(transcript).toContain("Carrying on after the compaction.");
    expect(transcript).not.toMatch(/was removed from the session/);
    // The checkpoint is an assistant summary: the map's requests do not quote it.
    expect(transcript).toContain("CHECKPOINT SUMMARY");
    expect(second.result?.summary).not.toMatch(/"CHECKPOINT SUMMARY"/);
  });

  it("leaves the result unset when no map can be made, so the host writes its own summary, and says why once", async () => {
    await start();
    const unknown = sessionContext("ses_neverseen00000000000001");
    const event = await host.fire("session", "compaction", unknown);
    expect(event.result).toBeUndefined();
    await host.fire("session", "compaction", unknown);
    const said = errors.filter((e) => e.includes("ses_neverseen00000000000001"));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/no session map .*the host writes the summary/);
  });

  it("leaves every compaction to the host with compaction.mode off", async () => {
    await start({ compaction: { mode: "off" } });
    const event = await host.fire("session", "compaction", sessionContext(SESSION));
    expect(event.result).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, "transcripts"))).toBe(false);
  });

  it("adds the memory block to the context hook's request, which has no kind: it fires for primary requests only", async () => {
    await start();
    const primary = await host.fire("session", "context", sessionContext(SESSION));
    expect(primary.system).toEqual([{ type: "text", text: MEMORY_NUDGE }]);
    // A garbage event is absorbed by the boundary: the host's request goes on.
    await expect(host.fire("session", "context", {} as V2SessionHooks["context"])).resolves.toBeDefined();
  });

  it("appends saved entries after 2.x's edit(path) and shell(command), within a budget that each prompt resets", async () => {
    await start({ actionRecall: { maxChars: 400 } });
    const call = toolCall(SESSION);
    for (const n of [1, 2, 3, 4]) {
      await host.tools.get("memory_save")?.execute(
        {
          kind: "gotcha",
          title: `Migrate gotcha ${n}`,
          body: `src/db/migrate.ts must run inside a transaction, case ${n} of four.`,
          tags: ["migrate.ts"],
        },
        call,
      );
    }
    const edit = (id: string) =>
      host.fire("tool", "execute.after", {
        tool: "edit",
        sessionID: SESSION,
        agent: "build",
        messageID: "msg_1",
        id,
        input: { path: "src/db/migrate.ts" },
        status: "completed",
        result: { content: "Edit applied." },
      } as V2ToolHooks["execute.after"]);
    const text = (event: unknown) => String((event as { result: { content: unknown } }).result.content);
    const firstEdit = text(await edit("c1"));
    expect(firstEdit).toMatch(/Edit applied\.[\s\S]*Migrate gotcha/);
    // Shown entries are not repeated and the budget runs out: later calls of the turn add nothing.
    let quiet = "";
    for (const id of ["c2", "c3", "c4"]) quiet = text(await edit(id));
    expect(quiet).toBe("Edit applied.");
    // The next prompt starts a new turn, and the budget starts again for an entry not yet shown.
    await host.tools
      .get("memory_save")
      ?.execute(
        { kind: "gotcha", title: "Npm test gotcha", body: "npm test needs the database up first.", tags: ["npm"] },
        call,
      );
    await host.fire("session", "prompt", { sessionID: SESSION, messageID: "msg_2", prompt: { text: "go on" } });
    const shell = await host.fire("tool", "execute.after", {
      tool: "shell",
      sessionID: SESSION,
      agent: "build",
      messageID: "msg_3",
      id: "c5",
      input: { command: "npm test" },
      status: "completed",
      result: { content: [{ type: "text", text: "1 passed" }] },
    } as V2ToolHooks["execute.after"]);
    expect(text(shell)).toMatch(/^1 passed[\s\S]*Npm test gotcha/);
  });

  it("redacts what the host's read(path) returns from the data folder, and leaves other results as they are", async () => {
    await start();
    const base = { sessionID: SESSION, agent: "build", messageID: "msg_1", id: "call_2" };
    const file = path.join(dataDir, "transcripts", "p", `${SESSION}.md`);
    const read = await host.fire("tool", "execute.after", {
      ...base,
      tool: "read",
      input: { path: file },
      status: "completed",
      result: { content: `the bot logs in with ${TOKEN} nightly` },
    } as V2ToolHooks["execute.after"]);
    const content = (read as { result: { content: string } }).result.content;
    expect(content).toContain("[redacted: Docker Hub token]");
    expect(content).not.toContain(TOKEN);
    const other = { content: `the bot logs in with ${TOKEN} nightly` };
    const elsewhere = await host.fire("tool", "execute.after", {
      ...base,
      tool: "read",
      input: { path: path.join(project, "notes.md") },
      status: "completed",
      result: other,
    } as V2ToolHooks["execute.after"]);
    expect((elsewhere as { result: unknown }).result).toBe(other);
    const failed = { ...base, tool: "read", input: { path: file }, status: "error", error: "gone" } as const;
    await expect(host.fire("tool", "execute.after", failed)).resolves.toEqual(failed);
  });

  it("allows reads of the transcripts folder that would ask, and leaves a rule the person set and other folders alone", async () => {
    await start();
    const transcripts = path.join(dataDir, "transcripts");
    const evaluate = (action: string, resources: string[], effect: "allow" | "deny" | "ask" = "ask") =>
      host.fire("permission", "evaluate", { sessionID: SESSION, action, resources, effect });
    expect((await evaluate("external_directory", [`${transcripts}/p/*`])).effect).toBe("allow");
    expect((await evaluate("read", [path.join(transcripts, "p", "a.md")])).effect).toBe("allow");
    expect((await evaluate("read", [path.join(transcripts, "p", "a.md")], "deny")).effect).toBe("deny");
    expect((await evaluate("read", [path.join(dataDir, "memory.db")])).effect).toBe("ask");
    expect((await evaluate("read", [path.join(transcripts, "..", "memory.db")])).effect).toBe("ask");
    expect((await evaluate("edit", [path.join(transcripts, "p", "a.md")])).effect).toBe("ask");
    expect((await evaluate("read", [])).effect).toBe("ask");
  });

  it("runs /memory-continue through command.transform and posts its text as a synthetic message", async () => {
    await start();
    await host.commands
      .get("memory-continue")
      ?.execute({ sessionID: "ses_other00000000000000001", prompt: { text: ` ${SESSION} ` } });
    expect(host.synthetic).toHaveLength(1);
    expect(host.synthetic[0]?.sessionID).toBe("ses_other00000000000000001");
    expect(host.synthetic[0]?.text).toContain(`Continue the work of ${SESSION}`);
    expect(host.synthetic[0]?.description).toBe("/memory-continue");
    // A bad argument is said in the message, never thrown into the host.
    await host.commands.get("memory-continue")?.execute({ sessionID: SESSION, prompt: { text: "nonsense" } });
    expect(host.synthetic[1]?.text).toMatch(/is not a session id/);
  });

  it("exports an idle session's transcript from the event stream, and the cleanup closes the stream and every hook", async () => {
    await start();
    await waitFor(() => host.subscribers() === 1);
    host.emit({ type: "session.idle", data: { sessionID: SESSION } });
    const transcripts = path.join(dataDir, "transcripts");
    const files = () =>
      fs.existsSync(transcripts)
        ? fs
            .readdirSync(transcripts, { recursive: true })
            .map(String)
            .filter((f) => f.endsWith(".md"))
        : [];
    await waitFor(() => files().some((f) => f.includes(SESSION)));
    await cleanup();
    expect(host.subscribers()).toBe(0);
    expect(host.disposed).toBe(host.registered.length);
    cleanup = async () => undefined;
  });

  it("a setup that fails registers nothing, says why once on standard error, and leaves the host running", async () => {
    const off = await setup({});
    await off();
    expect(errors).toEqual([
      "[opencode-ledger] error: opencode-ledger is off: its setup failed ([opencode-ledger] the OpenCode 2.x plugin context has no tool.transform())",
    ]);
    errors.length = 0;
    await setup(null);
    expect(errors.join("\n")).toMatch(/context is not an object/);
    const { ctx } = v2TestHost("/tmp");
    errors.length = 0;
    await setup({ ...ctx, location: {} });
    expect(errors.join("\n")).toMatch(/has no location\.directory/);
    // A host that refuses a hook half-way: what was registered before is disposed again.
    errors.length = 0;
    await start({}, { refuse: ["session.compaction"] });
    expect(host.registered.length).toBeGreaterThan(0);
    expect(host.disposed).toBe(host.registered.length);
    expect(host.tools.size).toBe(0);
    expect(errors.filter((e) => e.includes("is off"))).toEqual([
      "[opencode-ledger] error: opencode-ledger is off: its setup failed ([opencode-ledger] unexpected error: session.compaction is not a hook of this host)",
    ]);
  });

  it("asks reflection's one model call of generate.text, on the default model", async () => {
    const test = v2TestHost("/tmp");
    const v2 = createV2Host(test.ctx, {
      boundary: hookBoundary,
      objectSchema: z.object,
      toJSONSchema: z.toJSONSchema,
      commands: commandDescriptions,
      log: createMemoryLogger(),
    });
    const ask = v2.port.ask;
    expect(ask).toBeTypeOf("function");
    const request = { title: "t", agent: "compaction", model: { providerID: "p", modelID: "m" }, text: "Distil" };
    test.answer = { text: "  one lesson  " };
    expect(await ask?.(request)).toBe("one lesson");
    test.answer = "plain";
    expect(await ask?.(request)).toBe("plain");
    test.answer = { nothing: true };
    await expect(ask?.(request)).rejects.toThrow(/without text/);
    expect(test.generated).toEqual(["Distil", "Distil", "Distil"]);
  });
});

describe("setup(ctx) on a 2.x preview without session.context()", () => {
  const errors: string[] = [];
  beforeEach(() => {
    errors.length = 0;
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void errors.push(String(line)));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("writes the transcript from the messages the hooks hand over, and says once what it does not offer", async () => {
    const root = normalizeScopePath(tempDir());
    const dataDir = path.join(root, "data");
    fs.mkdirSync(path.join(root, "p"));
    const host = v2TestHost(path.join(root, "p"), { dataDir, search: { useRipgrep: false } }, { preview: true });
    const cleanup = await setup(host.ctx);
    expect(host.registered).not.toContain("command.transform");
    const said = errors.filter((e) => e.includes("does not offer"));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/session\.context\(\).*read access.*slash commands.*reflection/);
    const event = await host.fire(
      "session",
      "compaction",
      sessionContext(SESSION, [
        { role: "system", content: [{ type: "text", text: "You are the build agent." }] },
        {
          role: "user",
          content: [
            { type: "text", text: "<conversation-checkpoint>\nThe following is a summary\n</conversation-checkpoint>" },
          ],
        },
        {
          role: "user",
          content: [
            { type: "text", text: "Please look at this picture" },
            { type: "media", media: { mime: "image/png", data: "iVBOR" }, filename: "screen.png" },
          ],
        },
        {
          role: "assistant",
          content: [
            { type: "effort", effort: "high" },
            { type: "compaction", provider: "openai", encrypted: "xyz" },
            { type: "tool-call", id: "call_1", name: "shell", input: { command: "ls" } },
          ],
        },
        {
          role: "tool",
          content: [
            {
              type: "tool-result",
              id: "call_1",
              name: "shell",
              result: {
                type: "content",
                value: [
                  { type: "text", text: "a.ts" },
                  { type: "text", text: "b.ts" },
                ],
              },
            },
          ],
        },
      ]),
    );
    const transcript = fs.readFileSync(event.result?.summary.match(/(\/\S+\.md)/)?.[1] ?? "", "utf8");
    expect(transcript).toMatch(/\ta\.ts\n\s+\d+\tb\.ts\n/);
    expect(transcript).toContain("screen.png");
    expect(transcript).not.toContain("xyz");
    // The checkpoint is the compaction's summary, not a request of the person's.
    expect(event.result?.summary).not.toMatch(/Task[^\n]*conversation-checkpoint/);
    expect(event.result?.summary).toMatch(/Task[^\n]*Please look at this picture/);
    await cleanup();
  });
});
