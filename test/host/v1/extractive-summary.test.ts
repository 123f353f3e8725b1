import { describe, expect, it } from "vitest";
import { EXTRACT_MAX_CHARS, extractiveSummary } from "../../../src/host/v1/extractive-summary.js";

// The shape OpenCode 1.18 gives the compaction model: instructions, then the history inside <conversation>.
const prompt = (history: string) =>
  `Summarise.\n<conversation>\n${history}\n</conversation>\n\nCreate a new anchored summary … <template>## Objective</template>`;

describe("extractive summary", () => {
  it("lists the latest user requests and the last assistant reply, and says what it is", () => {
    const history = [
      "[User]: first request\nwith two lines",
      "[Assistant]: first answer",
      '[Assistant tool call]: bash({"command":"ls"})\n[Tool result]: secret-looking tool output',
      "[User]: second request",
      "[Assistant reasoning]: thinking\n[Assistant]: second answer",
    ].join("\n\n");
    const text = extractiveSummary(prompt(history), "disk full");
    expect(text).toContain("disk full");
    expect(text).toContain("not a summary");
    expect(text).toContain("- first request with two lines");
    expect(text).toContain("- second request");
    expect(text).toContain("Last assistant reply: second answer");
    expect(text).not.toContain("tool output");
    expect(text).not.toContain("template");
  });

  it("is bounded however long the history is", () => {
    const history = Array.from({ length: 500 }, (_, i) => `[User]: ${"x".repeat(2_000)} ${i}\n\n[Assistant]: ok`).join(
      "\n\n",
    );
    expect(extractiveSummary(prompt(history), "r").length).toBeLessThanOrEqual(EXTRACT_MAX_CHARS);
  });

  it("still says what happened when the history is empty", () => {
    const text = extractiveSummary("", "no history");
    expect(text).toContain("no history");
    expect(text).toContain("0 turns");
  });
});
