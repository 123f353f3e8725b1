/**
 * A tool call's input written as transcript lines and read back field by field (render/tool.ts renderInput and
 * readInputFields, one format beside its writer): each field's path and value come back as written, a multi-line
 * value's own lines are never read as fields, and a cut value gives back the lines it kept.
 */
import { describe, expect, it } from "vitest";
import { renderPart } from "../../../src/transcripts/render/part.js";
import { readInputFields } from "../../../src/transcripts/render/tool.js";
import type { SessionPart } from "../../../src/transcripts/source/session-source.js";

const ids = { id: "prt_a0000001", sessionID: "ses_a0000001", messageID: "msg_a0000001" };
const renderInput = (input: Record<string, unknown>, cap = 50_000) =>
  renderPart(
    {
      ...ids,
      type: "tool",
      tool: "edit",
      callID: "call_1",
      state: { status: "running", input, time: { start: 1 } },
    } as SessionPart,
    { inlineOutputMaxBytes: cap },
  ).map((text, i) => ({ line: i + 1, text }));

const fieldsOf = (input: Record<string, unknown>, cap?: number) =>
  readInputFields(renderInput(input, cap)).map((f) => ({
    path: f.path,
    value: f.inline ?? f.lines.map((l) => l.text).join("\n"),
  }));

describe("a tool input read back field by field", () => {
  it("gives back each field's path and value, one line or many, nested ones by their path", () => {
    const input = {
      filePath: "/repo/package.json",
      oldString: '  "scripts": {\n    "dev": "next dev --turbopack -p 9002",',
      // A value whose own lines look like fields: they are the value's.
      newString: '  "scripts": {\n    "dev": "next dev -p 9002",\ncommand: not a field',
      edits: [{ oldString: "a\nb", newString: "c" }],
      replaceAll: false,
    };
    expect(fieldsOf(input)).toEqual([
      { path: "filePath", value: "/repo/package.json" },
      { path: "oldString", value: input.oldString },
      { path: "newString", value: input.newString },
      { path: "edits[0].oldString", value: "a\nb" },
      { path: "edits[0].newString", value: "c" },
      { path: "replaceAll", value: "false" },
    ]);
  });

  it("gives back the lines a cut value kept, and the fields after it", () => {
    const long = Array.from({ length: 400 }, (_, i) => `line ${i} of a long patch`).join("\n");
    const fields = fieldsOf({ patchText: long, after: "still read" }, 2_000);
    expect(fields.map((f) => f.path)).toEqual(["patchText", "after"]);
    const kept = (fields[0]?.value ?? "").split("\n");
    expect(kept[0]).toBe("line 0 of a long patch");
    expect(kept.at(-1)).toBe("line 399 of a long patch");
    expect(kept.length).toBeLessThan(400);
    expect(kept.every((l) => l.startsWith("line "))).toBe(true);
    expect(fields[1]?.value).toBe("still read");
  });
});
