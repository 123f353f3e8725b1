import { describe, expect, it } from "vitest";
import { MAP_START } from "../../src/compaction/session-map/render-map.js";
import { createSessionPointer } from "../../src/compaction/session-pointer.js";
import { createMemoryLogger } from "../../src/log.js";
import { exportedTranscript } from "../helpers/exported-transcript.js";

describe("session pointer", () => {
  it("is the session map, bounded by the option, and passed through the redactor", async () => {
    const log = createMemoryLogger();
    const make = createSessionPointer({
      exportSession: async (id) => exportedTranscript(id, "/t/x.md", 10, [`first ${"x".repeat(9_000)}`, "second"]),
      mapMaxTokens: 200,
      redact: (text) => text.replaceAll("second", "[redacted]"),
      log,
    });
    const { pointer } = await make("ses_aaaaaaaaaaaaaaaaaaaaaaaa1");
    expect(pointer.startsWith(MAP_START)).toBe(true);
    expect(pointer.length).toBeLessThanOrEqual(800);
    expect(pointer).toContain('"[redacted]"');
    expect(log.lines).toEqual([]);
  });

  it("falls back to the bare pointer, and says so, when the session holds data the map cannot read", async () => {
    const log = createMemoryLogger();
    const make = createSessionPointer({
      exportSession: async (id) => {
        const t = exportedTranscript(id, "/t/x.md", 10, ["do the thing"]);
        // A host that sends a tool part without its state.
        const broken = {
          info: { id: "msg_b", role: "assistant", sessionID: id },
          parts: [{ type: "tool", state: null }],
        };
        return { ...t, messages: [...t.messages, broken as never] };
      },
      log,
    });
    const { pointer } = await make("ses_aaaaaaaaaaaaaaaaaaaaaaaa1");
    expect(pointer).toContain("Transcript: /t/x.md (lines 1-10).");
    expect(pointer).toContain('Last user request: "do the thing"');
    expect(log.lines.map((l) => l.message)).toEqual([
      expect.stringMatching(/^session map of ses_a+1 could not be made \(.+\); the pointer is used$/),
    ]);
  });
});
