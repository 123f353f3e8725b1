import { describe, expect, it } from "vitest";
import { advance, initialState } from "../../../src/search/index/transcript-units.js";

describe("the reader's state over a transcript's lines", () => {
  it("changes at marker lines only, and takes the session's time from its created: header", () => {
    const state = initialState();
    expect(advance(state, "# Session ses_x")).toBe(false);
    expect(advance(state, "created: 2026-02-16T00:00:00Z")).toBe(false);
    expect(state.time).toBe(Date.parse("2026-02-16T00:00:00Z"));
    expect(advance(state, "## user · msg_1 · 2026-02-16T00:00:05Z · agent build · model m")).toBe(true);
    expect(advance(state, "[text]")).toBe(true);
    expect(state).toEqual({ role: "user", speaker: "user", tool: null, time: Date.parse("2026-02-16T00:00:05Z") });
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
