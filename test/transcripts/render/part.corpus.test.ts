import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { exportTranscript } from "../../../src/transcripts/export/export-transcript.js";
import { createExportFileSource, readExportFile } from "../../../src/transcripts/source/export-file-source.js";
import { isKnownPart } from "../../../src/transcripts/source/session-source.js";
import { corpusFiles, readTranscript, testDataContext } from "../../helpers/transcripts.js";

const CAP = 50_000;
const split = (text: string) =>
  text
    .replaceAll("\0", "\u2400")
    .split("\n")
    .map((l) => l.replace(/\r$/, ""));

/** Every string of a tool input, with its path, at any depth. */
function inputStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) inputStrings(item, out);
  else if (typeof value === "object" && value !== null)
    for (const item of Object.values(value)) inputStrings(item, out);
  return out;
}

describe("the renderer over every session of the corpus", () => {
  const files = corpusFiles();

  for (const file of files) {
    const data = readExportFile(file);
    it(`${data.info.id}: every text, reasoning, tool input and output line is a transcript line`, async () => {
      const context = testDataContext();
      const result = await exportTranscript({
        data: context,
        source: createExportFileSource([file]),
        sessionID: data.info.id,
        scope: "/projects/dark-factory",
      });
      const lines = readTranscript(result.path);
      expect(lines.map((l) => l.number)).toEqual(lines.map((_, i) => i + 1));
      expect(result.totalLines).toBe(lines.length);
      expect(result.messageCount).toBe(data.messages.length);

      const texts = new Set(lines.map((l) => l.text));
      // An input field on one line is written `path: value`: its value is what follows a ": ".
      const values = new Set<string>();
      for (const { text } of lines) {
        for (let at = text.indexOf(": "); at !== -1; at = text.indexOf(": ", at + 1)) values.add(text.slice(at + 2));
      }
      const missing: string[] = [];
      const expectLines = (where: string, text: string, alsoAsValue = false) => {
        if (Buffer.byteLength(text) > CAP) return;
        for (const line of split(text)) {
          if (texts.has(line) || (alsoAsValue && values.has(line))) continue;
          missing.push(`${where}: ${JSON.stringify(line.slice(0, 120))}`);
        }
      };
      let checked = 0;
      for (const message of data.messages) {
        expect(
          texts.has([...texts].find((t) => t.startsWith(`## ${message.info.role} · ${message.info.id}`)) ?? ""),
        ).toBe(true);
        for (const part of message.parts) {
          if (!isKnownPart(part)) throw new Error(`the corpus holds a part the renderer does not know: ${part.type}`);
          const where = `${message.info.id}/${part.id} (${part.type})`;
          if (part.type === "text" || part.type === "reasoning") {
            expectLines(where, part.text);
            checked++;
          }
          if (part.type === "tool") {
            for (const value of inputStrings(part.state.input)) expectLines(`${where} input`, value, true);
            if (part.state.status === "completed") expectLines(`${where} output`, part.state.output);
            if (part.state.status === "error") expectLines(`${where} error`, part.state.error);
            checked++;
          }
        }
      }
      expect(missing).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    });
  }

  it("renders every part type of the corpus with its label, and outputs over the cap head and tail", async () => {
    const context = testDataContext({ compaction: { inlineOutputMaxBytes: 2_000 } });
    const seen = new Set<string>();
    for (const file of files) {
      const data = readExportFile(file);
      const result = await exportTranscript({
        data: context,
        source: createExportFileSource([file]),
        sessionID: data.info.id,
        scope: "/projects/dark-factory",
      });
      const text = readTranscript(result.path).map((l) => l.text);
      for (const message of data.messages) {
        for (const part of message.parts) {
          seen.add(part.type);
          if (!isKnownPart(part) || part.type !== "tool" || part.state.status !== "completed") continue;
          if (Buffer.byteLength(part.state.output) <= 2_000) continue;
          const marker = text.find((t) => t.includes("of this output cut here") && t.includes(part.callID));
          expect(marker, `cut marker for ${part.callID}`).toBeDefined();
          const saved = part.state.metadata?.outputPath;
          if (typeof saved === "string") expect(marker).toContain(saved);
        }
      }
      expect(text.filter((t) => t.startsWith("[step]")).length).toBeGreaterThan(0);
      expect(text.some((t) => t.startsWith("[step done · "))).toBe(true);
    }
    expect([...seen].sort()).toEqual(
      expect.arrayContaining(["agent", "file", "patch", "reasoning", "step-finish", "step-start", "text", "tool"]),
    );
  });
});
