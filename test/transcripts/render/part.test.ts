import { describe, expect, it } from "vitest";
import { renderMessageError, renderMessageHeader } from "../../../src/transcripts/render/message.js";
import { renderPart } from "../../../src/transcripts/render/part.js";
import { cutHeadTail, textLines } from "../../../src/transcripts/render/text-lines.js";
import { narrowSessionMessages, type SessionPart } from "../../../src/transcripts/source/session-source.js";

const ids = { id: "prt_a0000001", sessionID: "ses_a0000001", messageID: "msg_a0000001" };
const render = (part: object, cap = 50_000) =>
  renderPart({ ...ids, ...part } as SessionPart, { inlineOutputMaxBytes: cap });

describe("rendering the parts the corpus lacks", () => {
  it("subtasks, retries, compaction markers, snapshots and agents as labelled lines", () => {
    expect(
      render({
        type: "subtask",
        agent: "explore",
        description: "Find uses",
        prompt: "Find every caller\nof save()",
        command: "review",
      }),
    ).toEqual(["[subtask · agent explore · command /review · Find uses]", "Find every caller", "of save()"]);
    expect(
      render({
        type: "retry",
        attempt: 2,
        error: { name: "APIError", data: { message: "rate limited", statusCode: 429, isRetryable: true } },
        time: { created: 1 },
      }),
    ).toEqual(["[retry · attempt 2 · APIError 429: rate limited]"]);
    expect(render({ type: "compaction", auto: true, overflow: true, tail_start_id: "msg_b" })).toEqual([
      "[compaction · auto · overflow · history kept from msg_b]",
    ]);
    expect(render({ type: "compaction", auto: false })).toEqual(["[compaction · manual]"]);
    expect(render({ type: "snapshot", snapshot: "abc123" })).toEqual(["[snapshot abc123]"]);
    expect(render({ type: "agent", name: "gitter" })).toEqual(["[agent @gitter]"]);
    expect(render({ type: "reasoning", text: "", time: { start: 1 } })).toEqual(["[reasoning · empty]"]);
    expect(render({ type: "text", text: "tool said", synthetic: true, ignored: true })).toEqual([
      "[text · synthetic · ignored]",
      "tool said",
    ]);
  });

  it("tool calls in every state, with nested inputs one field per line and attachments by name", () => {
    expect(
      render({ type: "tool", tool: "bash", callID: "call_1", state: { status: "pending", input: {}, raw: '{"comm' } }),
    ).toEqual(["[tool bash · pending · call_1]", 'raw input: {"comm']);
    const running = render({
      type: "tool",
      tool: "edit",
      callID: "call_2",
      state: {
        status: "running",
        input: { filePath: "/a.ts", edits: [{ old: "x\ny", new: "z" }], force: false },
        title: "Edit a.ts",
        time: { start: 1 },
      },
    });
    expect(running).toEqual([
      '[tool edit · running · call_2 · "Edit a.ts"]',
      "filePath: /a.ts",
      "edits[0].old (2 lines):",
      "x",
      "y",
      "edits[0].new: z",
      "force: false",
    ]);
    const completed = render({
      type: "tool",
      tool: "read",
      callID: "call_3",
      state: {
        status: "completed",
        input: { filePath: "/img.png" },
        output: "",
        title: "img.png",
        metadata: {},
        time: { start: 1, end: 2, compacted: 3 },
        attachments: [
          { ...ids, type: "file", mime: "image/png", filename: "img.png", url: "data:image/png;base64,AAAA" },
        ],
      },
    });
    expect(completed).toEqual([
      '[tool read · completed · call_3 · "img.png" · compacted]',
      "filePath: /img.png",
      "[output · empty]",
      "[attachment img.png · image/png · inline data, 26 chars, not copied]",
    ]);
  });

  it("cuts a long output head and tail, naming the call and OpenCode's saved output", () => {
    const output = Array.from({ length: 5_000 }, (_, i) => `line ${i}`).join("\n");
    const lines = render(
      {
        type: "tool",
        tool: "bash",
        callID: "call_big",
        state: {
          status: "completed",
          input: {},
          output,
          title: "",
          metadata: { truncated: true, outputPath: "/data/tool-output/tool_1" },
          time: { start: 1, end: 2 },
        },
      },
      2_000,
    );
    expect(lines[1]).toBe("[output · 5000 lines]");
    expect(lines[2]).toBe("line 0");
    expect(lines.at(-1)).toBe("line 4999");
    const marker = lines.find((l) => l.startsWith("[… "));
    expect(marker).toMatch(
      /^\[… \d+ lines \(\d+ bytes\) of this output cut here; full text: \/data\/tool-output\/tool_1 \(OpenCode's saved output of call call_big, message msg_a0000001\)\]$/,
    );
    expect(lines.join("\n").length).toBeLessThan(2_600);
  });

  it("keeps an unknown or malformed part as data instead of failing the export", () => {
    const [message] = narrowSessionMessages(
      [
        {
          info: { id: "msg_1", role: "user", time: { created: 1 } },
          parts: [
            { ...ids, type: "tool", tool: "x" },
            { ...ids, type: "hologram", beam: 1 },
          ],
        },
      ],
      "test",
    );
    const [broken, unknown] = (message?.parts ?? []).map((p) => renderPart(p, { inlineOutputMaxBytes: 50_000 }));
    expect(broken?.[0]).toBe("[part tool · unreadable]");
    expect(broken?.[1]).toContain('"tool":"x"');
    expect(unknown).toEqual(["[part hologram]", expect.stringContaining('"beam":1')]);
  });

  it("headers name role, id, time, agent and model; an assistant error is its own line", () => {
    const info = {
      id: "msg_9",
      sessionID: "ses_1",
      role: "assistant" as const,
      time: { created: Date.UTC(2026, 0, 2, 3, 4, 5) },
      parentID: "msg_8",
      modelID: "gpt-5",
      providerID: "openai",
      mode: "build",
      agent: "plan",
      path: { cwd: "/", root: "/" },
      cost: 0,
      tokens: { input: 0, output: 0, reasoning: 0, cache: { read: 0, write: 0 } },
      error: { name: "MessageAbortedError" as const, data: { message: "aborted\nby user" } },
    };
    expect(renderMessageHeader({ info, parts: [] })).toBe(
      "## assistant · msg_9 · 2026-01-02T03:04:05Z · agent plan · model openai/gpt-5",
    );
    expect(renderMessageError(info)).toEqual(["[message error · MessageAbortedError] aborted ⏎ by user"]);
  });

  it("splits text into lines verbatim, and replaces only NUL", () => {
    expect(textLines("a\r\nb\n\nc\0d")).toEqual(["a", "b", "", "c\u2400d"]);
    const cut = cutHeadTail("é".repeat(10_000), 1_000);
    expect(Buffer.byteLength(cut.head.join("") + cut.tail.join(""))).toBeLessThanOrEqual(1_000);
    expect(cut.cutBytes).toBeGreaterThan(18_000);
  });
});
