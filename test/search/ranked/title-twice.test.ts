/**
 * A bash call's `description:` is the title OpenCode shows on the call's line (`[tool bash · completed · "…"]`): a hit
 * showing both shows the words once, on the call's line. On a real session (crisp-garden: the core app started with a
 * hand-rolled logger, line 1047 the call, 1051 its description).
 */
import { describe, expect, it } from "vitest";
import { askRealSession } from "../../helpers/indexed-sessions.js";
import { corpusFile } from "../../helpers/transcripts.js";

const CALL = '[tool bash · completed · "Verify app startup with logger"]';
const DESCRIPTION = "description: Verify app startup with logger";

describe("a call's description under its call's line", () => {
  it("is left out of a hit that shows the call's line with the same title, the rest of its input kept", async () => {
    const out = await askRealSession(
      corpusFile("crisp-garden"),
      "why did bun refuse to start core after adding the logger",
    );
    const hit = out.ranked?.hits.find((h) => h.lines.some((l) => l.text.includes(CALL)));
    expect(hit, out.text).toBeDefined();
    const texts = hit?.lines.map((l) => l.text) ?? [];
    expect(texts.some((t) => t.includes("command: bun run start"))).toBe(true);
    expect(texts.filter((t) => t.includes(DESCRIPTION))).toEqual([]);
    expect(out.text).not.toContain(DESCRIPTION);
  });

  it("is kept when it is the line that matched", async () => {
    // Asked in the description's own words: the description is the line that matched, shown under its call's line.
    const out = await askRealSession(corpusFile("crisp-garden"), "description: Verify startup after logger revert");
    const lines = out.ranked?.hits[0]?.lines ?? [];
    expect(
      lines.find((l) => l.text === '[tool bash · completed · "Verify startup after logger revert"]'),
    ).toBeDefined();
    expect(lines.find((l) => l.text === "description: Verify startup after logger revert")?.match).toBe(true);
  });
});
