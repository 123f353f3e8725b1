/**
 * The transcript's grammar read back from what the renderers write: every kind of part, the message headers (a
 * summary's too), a message's error, a note and the session header with its format stamp; and a header written
 * before the stamp, which reads as format 1.
 */
import fs from "node:fs";
import path from "node:path";
import type { Message } from "@opencode-ai/sdk/v2";
import { describe, expect, it } from "vitest";
import { exportTranscript } from "../../src/transcripts/export/export-transcript.js";
import { initialState } from "../../src/transcripts/index/reader-state.js";
import { readUnits, type Unit } from "../../src/transcripts/index/transcript-units.js";
import { renderMessageError, renderMessageHeader, renderSessionHeader } from "../../src/transcripts/render/message.js";
import { renderPart } from "../../src/transcripts/render/part.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import type { SessionInfo, SessionPart } from "../../src/transcripts/source/session-source.js";
import {
  createdOf,
  formatOf,
  type Marker,
  readMarker,
  TRANSCRIPT_FORMAT,
} from "../../src/transcripts/transcript-format.js";
import { SessionBuilder } from "../helpers/synthetic-session.js";
import { testDataContext } from "../helpers/transcripts.js";

const ids = { id: "prt_a0000001", sessionID: "ses_a0000001", messageID: "msg_a0000001" };
const render = (part: object) => renderPart({ ...ids, ...part } as SessionPart, { inlineOutputMaxBytes: 50_000 });
const T = Date.parse("2026-03-01T10:00:00Z");
const file = { ...ids, type: "file", mime: "text/plain", filename: "notes.md", url: "file:///w/notes.md" };
const tool = (state: object) => ({ type: "tool", tool: "bash", callID: "call_1", state });

/** Each kind of part, the marker its first line must read back as, and how many of its lines are markers. */
const PARTS: { name: string; part: object; marker: Marker; markers?: Marker[] }[] = [
  { name: "text", part: { type: "text", text: "hello\nworld" }, marker: { kind: "text", synthetic: false } },
  {
    name: "synthetic text",
    part: { type: "text", text: "read", synthetic: true, ignored: true },
    marker: { kind: "text", synthetic: true },
  },
  { name: "reasoning", part: { type: "reasoning", text: "why", time: { start: 1 } }, marker: { kind: "reasoning" } },
  {
    name: "empty reasoning",
    part: { type: "reasoning", text: "", time: { start: 1 } },
    marker: { kind: "label", label: "reasoning · empty" },
  },
  {
    name: "pending tool",
    part: tool({ status: "pending", input: {}, raw: "{" }),
    marker: { kind: "tool", tool: "bash", status: "pending", callID: "call_1" },
  },
  {
    name: "running tool",
    part: tool({ status: "running", input: { command: "ls" }, title: "ls", time: { start: 1 } }),
    marker: { kind: "tool", tool: "bash", status: "running", callID: "call_1" },
  },
  {
    name: "completed tool",
    part: tool({
      status: "completed",
      input: { command: "ls" },
      output: "a\nb",
      title: 'list "it"',
      metadata: {},
      time: { start: 1, end: 2, compacted: 3 },
      attachments: [file],
    }),
    marker: { kind: "tool", tool: "bash", status: "completed", callID: "call_1" },
    markers: [
      { kind: "tool", tool: "bash", status: "completed", callID: "call_1" },
      { kind: "block", name: "output" },
      { kind: "label", label: "attachment" },
    ],
  },
  {
    name: "failed tool",
    part: tool({ status: "error", input: {}, error: "", time: { start: 1, end: 2 } }),
    marker: { kind: "tool", tool: "bash", status: "error", callID: "call_1" },
    markers: [
      { kind: "tool", tool: "bash", status: "error", callID: "call_1" },
      { kind: "block", name: "error" },
    ],
  },
  { name: "file", part: file, marker: { kind: "label", label: "file" } },
  {
    name: "patch",
    part: { type: "patch", hash: "0123456789abcdef", files: ["/w/a.ts"] },
    marker: { kind: "label", label: "patch" },
  },
  {
    name: "subtask",
    part: { type: "subtask", agent: "explore", description: "Find", prompt: "Find uses", command: "review" },
    marker: { kind: "subtask" },
  },
  { name: "agent", part: { type: "agent", name: "gitter" }, marker: { kind: "label", label: "agent" } },
  { name: "step start", part: { type: "step-start" }, marker: { kind: "label", label: "step" } },
  {
    name: "step finish",
    part: { type: "step-finish", reason: "stop", cost: 0.01, tokens: { input: 1, output: 2, reasoning: 0 } },
    marker: { kind: "label", label: "step done" },
  },
  { name: "snapshot", part: { type: "snapshot", snapshot: "abc" }, marker: { kind: "label", label: "snapshot" } },
  {
    name: "retry",
    part: { type: "retry", attempt: 2, error: { name: "APIError", data: { message: "busy" } }, time: { created: 1 } },
    marker: { kind: "label", label: "retry" },
  },
  {
    name: "compaction",
    part: { type: "compaction", auto: true, overflow: true, tail_start_id: "msg_b" },
    marker: { kind: "label", label: "compaction" },
  },
  { name: "unknown part", part: { type: "hologram", beam: 1 }, marker: { kind: "label", label: "part" } },
];

describe("the transcript's grammar", () => {
  it.each(PARTS)(
    "reads back the marker of a $name part, and no content line as a marker",
    ({ part, marker, markers }) => {
      const lines = render(part);
      expect(readMarker(lines[0] as string)).toEqual(marker);
      // Every marker line the part wrote is read as one, in order; its content lines are not.
      expect(lines.map(readMarker).filter((m) => m !== undefined)).toEqual(markers ?? [marker]);
    },
  );

  it("reads back a message header, a summary's, a message's error and a note", () => {
    const user = { id: "msg_u1", sessionID: "ses_1", role: "user", time: { created: T }, agent: "build" };
    expect(readMarker(renderMessageHeader({ info: user as Message, parts: [] }))).toEqual({
      kind: "message",
      speaker: "user",
      messageID: "msg_u1",
      time: T,
    });
    const summary = {
      id: "msg_s1",
      sessionID: "ses_1",
      role: "assistant",
      summary: true,
      time: { created: T + 1_000, completed: T + 2_000 },
      agent: "compaction",
      providerID: "p",
      modelID: "m",
    } as unknown as Message;
    const parts = [{ ...ids, type: "text", text: "the story so far" }] as SessionPart[];
    expect(readMarker(renderMessageHeader({ info: summary, parts }))).toEqual({
      kind: "message",
      speaker: "summary",
      messageID: "msg_s1",
      time: T + 1_000,
    });
    const failed = { ...summary, summary: false, error: { name: "MessageAbortedError", data: { message: "stop" } } };
    const [error] = renderMessageError(failed as unknown as Message) as string[];
    expect(readMarker(error as string)).toEqual({ kind: "label", label: "message error" });
    expect(readMarker("[note] the session's title is now: x")).toEqual({ kind: "label", label: "note" });
  });

  it("stamps a new transcript's header with its format, and reads its creation time back", () => {
    const info = { id: "ses_1", title: "t", directory: "/w", time: { created: T, updated: T } } as SessionInfo;
    const header = renderSessionHeader(info, "/w");
    expect(header.map(formatOf).filter((f) => f !== undefined)).toEqual([TRANSCRIPT_FORMAT]);
    expect(header.map(createdOf).filter((c) => c !== undefined)).toEqual([T]);
    // Header lines are no markers but the first: a "# Session" line is neither "## " nor "[".
    expect(header.map(readMarker).filter((m) => m !== undefined)).toEqual([]);
  });

  it("reads a header written before the stamp as format 1, and any other line as no header", () => {
    expect(
      formatOf(
        "Exported by opencode-ledger. Line numbers never change; later changes to the session are appended as [note] lines.",
      ),
    ).toBe(1);
    expect(formatOf("Exported by opencode-ledger, transcript format 7. Line numbers never change; more")).toBe(7);
    expect(formatOf("Exported by someone else. Line numbers never change;")).toBeUndefined();
    expect(createdOf("created: unknown time")).toBeUndefined();
  });

  it("leaves content that looks like a marker, but is none, as content", () => {
    for (const text of ["## Summary", "[1, 2, 3]", "[tool]", "[output]", "[text · bold]", "[reasoning ]", "#"]) {
      expect(readMarker(text)).toBeUndefined();
    }
  });
});

describe("a transcript written before the format stamp", () => {
  const unitsOf = (file: string) => {
    const units: Unit[] = [];
    readUnits(file, { fromByte: 0, fromLine: 1, state: initialState() }, (u) => units.push(u));
    return units.map(({ byteStart, byteEnd, callStart, callEnd, texts, ...rest }) => ({
      ...rest,
      lines: texts.length,
    }));
  };

  it("is read as the same units, on the same line numbers, as one written now", async () => {
    const data = testDataContext();
    const session = new SessionBuilder();
    session.turn(3);
    const result = await exportTranscript({
      data,
      source: createMemorySource([session.data]),
      sessionID: session.sessionID,
      scope: "/projects/demo",
    });
    data.searchIndex.close();
    const now = fs.readFileSync(result.path, "utf8");
    expect(now).toContain(`, transcript format ${TRANSCRIPT_FORMAT}. Line numbers never change;`);
    // The header as it was written before the stamp: the same line, without it.
    const before = now.replace(`, transcript format ${TRANSCRIPT_FORMAT}. `, ". ");
    const old = path.join(path.dirname(result.path), "old.txt");
    fs.writeFileSync(old, before);
    expect(before.split("\n").length).toBe(now.split("\n").length);
    expect(unitsOf(old)).toEqual(unitsOf(result.path));
    expect(unitsOf(old).some((u) => u.role === "tool-output")).toBe(true);
    const stamps = before.split("\n").flatMap((line) => {
      const format = formatOf(line.slice(line.indexOf("\t") + 1));
      return format === undefined ? [] : [format];
    });
    expect(stamps).toEqual([1]);
  });
});
