/**
 * The plugin on OpenCode 2.x, through `setup(ctx)` and the 2.x adapter, over a context in the published interface's
 * shape (test/helpers/v2-context.ts) and a real data folder: the tools save and find entries, a compaction records the
 * session map as its `result` (no model), the memory nudge reaches a primary request's system prompt, a host tool's
 * result from the data folder is redacted, an idle event exports the transcript, and the cleanup closes everything.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { V2Message, V2SessionHooks, V2ToolHooks } from "../../../src/host/v2/v2-context.js";
import { MEMORY_NUDGE } from "../../../src/injection/nudge.js";
import { setup } from "../../../src/plugin.js";
import { normalizeScopePath } from "../../../src/scope.js";
import { PROVIDER_SAMPLES } from "../../helpers/provider-samples.js";
import { seeded } from "../../helpers/secret-samples.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { PLUGIN_TOOLS } from "../../helpers/tool-names.js";
import { toolCall, type V2TestHost, v2TestHost } from "../../helpers/v2-context.js";
import { waitFor } from "../../helpers/wait-for.js";

const SESSION = "ses_v2host0000000000000001";
const TOKEN = PROVIDER_SAMPLES.find((s) => s.kind === "Docker Hub token")?.build(seeded(7)) ?? "";

const history: V2Message[] = [
  { role: "system", content: [{ type: "text", text: "You are the build agent." }] },
  { role: "user", content: [{ type: "text", text: "Please refactor the tokenizer into two files" }] },
  {
    role: "assistant",
    content: [
      { type: "text", text: "Reading it first." },
      { type: "tool-call", id: "call_1", name: "read", input: { filePath: "src/tokenizer.ts" } },
    ],
  },
  {
    role: "tool",
    content: [{ type: "tool-result", id: "call_1", name: "read", result: { type: "text", value: "export {}" } }],
  },
  { id: "msg_v2_done", role: "assistant", content: [{ type: "text", text: "Split into lexer.ts and reader.ts." }] },
];

function contextEvent(
  kind: "primary" | "title" | "compaction",
  messages: V2Message[] = history,
): V2SessionHooks["context"] {
  return { sessionID: SESSION, agent: "build", kind, system: [], messages: [...messages] };
}

describe("setup(ctx) on OpenCode 2.x", () => {
  let host: V2TestHost;
  let cleanup: () => Promise<void>;
  let dataDir: string;
  let project: string;
  const errors: string[] = [];

  async function start(options: Record<string, unknown> = {}) {
    const root = normalizeScopePath(tempDir());
    project = path.join(root, "project");
    fs.mkdirSync(project);
    dataDir = path.join(root, "data");
    host = v2TestHost(project, { dataDir, search: { useRipgrep: false }, ...options });
    cleanup = await setup(host.ctx);
  }

  beforeEach(() => {
    errors.length = 0;
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void errors.push(String(line)));
  });
  afterEach(async () => {
    await cleanup?.();
    vi.restoreAllMocks();
  });

  it("registers the tools through tool.transform and the hooks it declares, nothing else", async () => {
    await start();
    expect(host.registered).toEqual(["tool.transform", "tool.execute.after", "session.context", "session.compaction"]);
    expect([...host.tools.keys()].sort()).toEqual(PLUGIN_TOOLS);
    for (const tool of host.tools.values()) {
      expect(tool.description.length, tool.name).toBeGreaterThan(20);
      // A Standard Schema: what Tool.Info's `input` takes besides Effect and JSON schemas.
      expect(typeof (tool.input as { "~standard"?: { validate?: unknown } })["~standard"]?.validate, tool.name).toBe(
        "function",
      );
    }
    // Slash commands and read permissions have no 2.x form here yet: said once.
    expect(errors.join("\n")).toMatch(
      /on OpenCode 2\.x this build does not offer: read access to the transcripts folder .*, slash commands/,
    );
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

  it("records the session map as the compaction's result, from the messages the host handed over", async () => {
    await start();
    const event = await host.fire("session", "compaction", contextEvent("compaction"));
    const summary = event.result?.summary ?? "";
    expect(summary).toContain(SESSION);
    expect(summary).toContain(path.join(dataDir, "transcripts"));
    const file = summary.match(/(\/\S+\.md)/)?.[1] ?? "";
    const transcript = fs.readFileSync(file, "utf8");
    expect(transcript).toContain("Please refactor the tokenizer into two files");
    expect(transcript).toContain("Split into lexer.ts and reader.ts.");
    expect(transcript).toContain("src/tokenizer.ts");
    // The same messages again append nothing: each keeps its id from one request to the next.
    const lines = transcript.split("\n").length;
    await host.fire("session", "compaction", contextEvent("compaction"));
    expect(fs.readFileSync(file, "utf8").split("\n").length).toBe(lines);
  });

  it("leaves the result unset when no map can be made, so the host writes its own summary, and says why once", async () => {
    await start();
    const unknown = { ...contextEvent("compaction"), sessionID: "ses_neverseen00000000000001", messages: undefined };
    const event = await host.fire("session", "compaction", unknown as unknown as V2SessionHooks["compaction"]);
    expect(event.result).toBeUndefined();
    await host.fire("session", "compaction", unknown as unknown as V2SessionHooks["compaction"]);
    const said = errors.filter((e) => e.includes("ses_neverseen00000000000001"));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/no session map .*the host writes the summary/);
  });

  it("leaves every compaction to the host with compaction.mode off", async () => {
    await start({ compaction: { mode: "off" } });
    const event = await host.fire("session", "compaction", contextEvent("compaction"));
    expect(event.result).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, "transcripts"))).toBe(false);
  });

  it("adds the memory nudge to a primary request's system prompt, and nothing to a title request", async () => {
    await start();
    const primary = await host.fire("session", "context", contextEvent("primary"));
    expect(primary.system).toEqual([{ type: "text", text: MEMORY_NUDGE }]);
    const title = await host.fire("session", "context", contextEvent("title"));
    expect(title.system).toEqual([]);
    // A garbage event is absorbed by the boundary: the host's request goes on.
    await expect(host.fire("session", "context", {} as V2SessionHooks["context"])).resolves.toBeDefined();
  });

  it("redacts what the host's read returns from the data folder, and leaves other results as they are", async () => {
    await start();
    const base = { sessionID: SESSION, agent: "build", messageID: "msg_1", id: "call_2" };
    const file = path.join(dataDir, "transcripts", "p", `${SESSION}.md`);
    const read = await host.fire("tool", "execute.after", {
      ...base,
      tool: "read",
      input: { filePath: file },
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
      input: { filePath: path.join(project, "notes.md") },
      status: "completed",
      result: other,
    } as V2ToolHooks["execute.after"]);
    expect((elsewhere as { result: unknown }).result).toBe(other);
    const failed = { ...base, tool: "read", input: { filePath: file }, status: "error", error: "gone" } as const;
    await expect(host.fire("tool", "execute.after", failed)).resolves.toEqual(failed);
  });

  it("exports an idle session's transcript from the event stream, and the cleanup closes the stream and every hook", async () => {
    await start();
    await host.fire("session", "context", contextEvent("primary"));
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
    expect(host.disposed).toBe(4);
    cleanup = async () => undefined;
  });

  it("refuses a context without the domains it needs, naming the missing one", async () => {
    await expect(setup({})).rejects.toThrow(
      /\[opencode-ledger\] the OpenCode 2\.x plugin context has no tool\.transform\(\)/,
    );
    await expect(setup(null)).rejects.toThrow(/context is not an object/);
    const { ctx } = v2TestHost("/tmp");
    await expect(setup({ ...ctx, location: {} })).rejects.toThrow(/has no location\.directory/);
    await expect(setup({ ...ctx, event: {} })).rejects.toThrow(/has no event\.subscribe\(\)/);
  });
});
