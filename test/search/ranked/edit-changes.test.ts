/**
 * The lines an edit changed (edit-changes.ts), read from tool inputs as the transcript renders them: of a
 * replacement, the lines one side has and the other lacks; of a patch, its `+` and `-` lines; none of a text written
 * where there was none.
 */
import { describe, expect, it } from "vitest";
import { editChanges } from "../../../src/search/ranked/edit-changes.js";
import { renderPart } from "../../../src/transcripts/render/part.js";
import type { SessionPart } from "../../../src/transcripts/source/session-source.js";

const ids = { id: "prt_a0000001", sessionID: "ses_a0000001", messageID: "msg_a0000001" };
/** The call's input lines as rendered, numbered from 1 (its marker line first). */
const rendered = (tool: string, input: Record<string, unknown>) =>
  renderPart(
    {
      ...ids,
      type: "tool",
      tool,
      callID: "call_1",
      state: { status: "running", input, time: { start: 1 } },
    } as SessionPart,
    { inlineOutputMaxBytes: 50_000 },
  ).map((text, i) => ({ line: i + 1, text }));
const changedTexts = (tool: string, input: Record<string, unknown>) => {
  const lines = rendered(tool, input);
  const changed = editChanges(lines);
  return lines.filter((l) => changed.has(l.line)).map((l) => l.text);
};

describe("the lines an edit changed", () => {
  it("of a replacement: the new line and the old one it replaced, not the lines they share", () => {
    expect(
      changedTexts("edit", {
        filePath: "/repo/package.json",
        oldString: '  "scripts": {\n    "dev": "next dev --turbopack -p 9002",',
        newString: '  "scripts": {\n    "dev": "next dev -p 9002",',
      }),
    ).toEqual(['    "dev": "next dev --turbopack -p 9002",', '    "dev": "next dev -p 9002",']);
    // One line each side, written on the field's own line.
    expect(changedTexts("edit", { oldString: "const CONC = 5;", newString: "const CONC = 20;" })).toEqual([
      "oldString: const CONC = 5;",
      "newString: const CONC = 20;",
    ]);
  });

  it("pairs each old text with its new one, edit by edit", () => {
    expect(
      changedTexts("multiedit", {
        edits: [
          { oldString: "a\nb", newString: "a\nB" },
          { oldString: "b\nc", newString: "b\nc\nd" },
        ],
      }),
    ).toEqual(["b", "B", "d"]);
  });

  it("of a patch that keeps some lines: its + and - lines, not a file's header", () => {
    expect(
      changedTexts("apply_patch", {
        patchText:
          "*** Begin Patch\n*** Update File: src/index.ts\n--- a/src/index.ts\n+++ b/src/index.ts\n const app = new Elysia()\n-  .use(swagger())\n+  .use(openapi({ path: '/openapi' }))\n*** End Patch",
      }),
    ).toEqual(["-  .use(swagger())", "+  .use(openapi({ path: '/openapi' }))"]);
  });

  it("gives each changed line its counterpart: the first changed line of the other side", () => {
    const counterparts = (tool: string, input: Record<string, unknown>) => {
      const lines = rendered(tool, input);
      const text = (n: number | undefined) => lines.find((l) => l.line === n)?.text;
      return [...editChanges(lines)].map(([line, other]) => [text(line), text(other)]);
    };
    expect(
      counterparts("edit", {
        oldString: "const BATCH = 50;\nfor (const sig of batch) {\n  send(sig);",
        newString: "const CONC = 20;\nconst pool = limit(CONC);\nfor (const sig of batch) {\n  send(sig);",
      }),
    ).toEqual([
      ["const CONC = 20;", "const BATCH = 50;"],
      ["const pool = limit(CONC);", "const BATCH = 50;"],
      ["const BATCH = 50;", "const CONC = 20;"],
    ]);
    // Of a patch, within each run of changes; a run of one sign only has none.
    expect(
      counterparts("apply_patch", {
        patchText: " keep\n-old one\n+new one\n+new two\n keep too\n+added alone",
      }),
    ).toEqual([
      ["-old one", "+new one"],
      ["+new one", "-old one"],
      ["+new two", "-old one"],
      ["+added alone", undefined],
    ]);
  });

  it("none of a text written where there was none, nor of any other call", () => {
    expect(
      changedTexts("edit", {
        filePath: "/new.ts",
        oldString: "",
        newString: "export const a = 1;\nexport const b = 2;",
      }),
    ).toEqual([]);
    expect(changedTexts("apply_patch", { patchText: "+line one\n+line two" })).toEqual([]);
    expect(changedTexts("bash", { command: "npm test\n-rm x\n+add y", description: "Run the tests" })).toEqual([]);
  });
});
