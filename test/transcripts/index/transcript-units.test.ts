import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { advance, initialState } from "../../../src/transcripts/index/reader-state.js";
import { readUnits, type Unit } from "../../../src/transcripts/index/transcript-units.js";
import { condensedLine, LONG_LINE_BYTES } from "../../../src/transcripts/long-line.js";
import { prefixLength } from "../../../src/transcripts/numbered-line.js";
import { tempDir } from "../../helpers/temp-dir.js";

describe("the reader's state over a transcript's lines", () => {
  it("changes at marker lines only, and takes the session's time from its created: header", () => {
    const state = initialState();
    expect(advance(state, "# Session ses_x")).toBe(false);
    expect(advance(state, "created: 2026-02-16T00:00:00Z")).toBe(false);
    expect(state.time).toBe(Date.parse("2026-02-16T00:00:00Z"));
    expect(advance(state, "## user · msg_1 · 2026-02-16T00:00:05Z · agent build · model m")).toBe(true);
    expect(advance(state, "[text]")).toBe(true);
    expect(state).toEqual({
      role: "user",
      speaker: "user",
      tool: null,
      time: Date.parse("2026-02-16T00:00:05Z"),
      call: "",
      callStart: 0,
      callEnd: 0,
    });
    // Text that only looks like a header or a marker inside a line is text.
    for (const text of ["created: 2027-01-01T00:00:00Z", "see [text] and ## user", " [reasoning]", ""]) {
      expect(advance(state, text)).toBe(false);
    }
    expect(state.time).toBe(Date.parse("2026-02-16T00:00:05Z"));
    expect(state.role).toBe("user");
    expect(advance(state, '[tool bash · completed · call_1 · "x"]')).toBe(true);
    expect(state).toMatchObject({ role: "tool-input", tool: "bash" });
    expect(advance(state, "[output · 3 lines]")).toBe(true);
    expect(state.role).toBe("tool-output");
    expect(advance(state, "[note] something")).toBe(true);
    expect(state).toMatchObject({ role: "meta", tool: null });
  });
});

describe("the units read from a transcript file", () => {
  /**
   * Each line decoded alone, as the text of a line is meant: its number taken off, a leading BOM dropped; a line
   * longer than LONG_LINE_BYTES as its head and tail (long-line.ts).
   */
  const alone = (bytes: Buffer) => {
    const texts: string[] = [];
    let start = 0;
    for (let nl = bytes.indexOf(0x0a); nl !== -1; start = nl + 1, nl = bytes.indexOf(0x0a, start)) {
      const whole = bytes.subarray(start, nl);
      const line = whole.length > LONG_LINE_BYTES ? condensedLine(whole, whole).subarray(0, -1) : whole;
      texts.push(new TextDecoder().decode(line.subarray(prefixLength(line, 0, line.length))));
    }
    return texts;
  };

  it("hold each line's text as decoding the line alone gives it, byte ranges included, across a chunk's end", () => {
    const raw = [
      "[text]",
      "\u{feff}a byte-order mark where the text starts, café",
      "emoji 😀 and ſtyle",
      "",
      "y".repeat(4_500_000), // longer than the reading buffer: its head and tail are kept, the rest passed over
      "[reasoning]",
      "after",
    ];
    const bytes = Buffer.concat([
      ...raw.map((t, i) => Buffer.from(`${String(i + 1).padStart(6)}\t${t}\n`)),
      Buffer.from([0x20, 0x20, 0x20, 0x20, 0x20, 0x38, 0x09, 0x62, 0x61, 0x64, 0xff, 0xe2, 0x82, 0x0a]),
      Buffer.from("no number on this line\n      10\ttorn, no newli"),
    ]);
    const file = path.join(tempDir(), "units.md");
    fs.writeFileSync(file, bytes);
    const units: Unit[] = [];
    const end = readUnits(file, { fromByte: 0, fromLine: 1, state: initialState() }, (u) => units.push(u));
    const complete = bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1);
    expect(end).toMatchObject({ bytes: complete.length, lines: 9 });
    const texts = alone(complete);
    expect(texts[1]).toBe("a byte-order mark where the text starts, café");
    expect(texts[7]).toBe("bad\u{fffd}\u{fffd}");
    for (const unit of units) {
      // Numbers as written: the last unit's last line has none of its own, and the unit ends at the number before it.
      expect(unit.texts).toEqual(texts.slice(unit.firstLine - 1, unit.firstLine - 1 + unit.texts.length));
      expect(unit.lastLine).toBe(Math.min(unit.firstLine - 1 + unit.texts.length, 8));
      const own = complete.subarray(unit.byteStart, unit.byteEnd).toString("utf8");
      expect(own.startsWith(`${String(unit.firstLine).padStart(6)}\t`)).toBe(true);
      expect(own.endsWith("\n")).toBe(true);
    }
    expect(units.flatMap((u) => u.texts)).toEqual(texts.filter((t) => t !== ""));
  });

  it("give a tool's output units the start of its call, the same whether read whole or as the file grew", () => {
    const head = [
      "## assistant · msg_1 · 2026-02-16T00:00:05Z · agent build · model m",
      '[tool bash · completed · call_1 · "Smoke-run core entry for startup errors"]',
      "command: bun run src/index.ts",
    ];
    const tail = [
      "[output · 2 lines]",
      ...Array.from({ length: 40 }, (_, i) => `line ${i}`),
      "error: Cannot find package 'elysia-protobuf'",
      "[text]",
      "Done.",
    ];
    const numbered = (texts: string[], from: number) =>
      texts.map((t, i) => `${String(from + i).padStart(6)}\t${t}\n`).join("");
    const file = path.join(tempDir(), "call.md");
    fs.writeFileSync(file, numbered(head, 1));
    const grown: Unit[] = [];
    const first = readUnits(file, { fromByte: 0, fromLine: 1, state: initialState() }, (u) => grown.push(u));
    fs.appendFileSync(file, numbered(tail, head.length + 1));
    const state = JSON.parse(JSON.stringify(first.state));
    readUnits(file, { fromByte: first.bytes, fromLine: first.lines + 1, state }, (u) => grown.push(u));
    const whole: Unit[] = [];
    readUnits(file, { fromByte: 0, fromLine: 1, state: initialState() }, (u) => whole.push(u));
    expect(grown).toEqual(whole);
    const outputs = whole.filter((u) => u.role === "tool-output");
    expect(outputs.length).toBe(2);
    const bytes = fs.readFileSync(file);
    for (const u of outputs) {
      expect(u.call).toBe(`${head[1]}\n${head[2]}\n`);
      expect(bytes.subarray(u.callStart, u.callEnd).toString()).toBe(numbered(head.slice(1), 2));
    }
    expect(whole.find((u) => u.role === "assistant")?.call).toBeUndefined();
  });
});
