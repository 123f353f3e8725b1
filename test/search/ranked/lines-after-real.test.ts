/**
 * What a ranked hit shows around its best line, on a real session (corpus/opencode-export, hidden-river: a terminology
 * refactor planned with the user): an answer follows what it answers, so the lines after the best one are shown
 * further than the lines before it. "Updated key scheme:", the words asked ("once the variant namespace came out of the
 * key" is the question's setting: "Got it - we'll remove the variant namespace from the key." two lines above), is
 * followed by the new scheme, a list whose second entry, three lines down, is the key asked about, and a third.
 */
import { describe, expect, it } from "vitest";
import { askRealSession } from "../../helpers/indexed-sessions.js";
import { corpusFile } from "../../helpers/transcripts.js";

const HIDDEN_RIVER = "ses_39b709b7fffea1aT6PAuEvX6Zq";

describe("the context a ranked hit shows, on a real session", () => {
  it("shows the list below the best line, one line further than above it", async () => {
    const out = await askRealSession(
      corpusFile(HIDDEN_RIVER),
      "what was the updated key scheme once the variant namespace came out of the key?",
    );
    const first = out.ranked?.hits[0];
    const best = first?.lines.find((l) => l.match);
    expect(best?.text).toBe("Updated key scheme:");
    // `- product_locator: …` (2 lines down), `- variant_locator: …#default` (3), `- No @variant/... prefix` (4), and
    // above it only `Got it…` (2 lines up); blank lines between are not shown and count for nothing.
    const at = (text: string) => (first?.lines.find((l) => l.text.includes(text))?.line ?? 0) - (best?.line as number);
    expect(at("`variant_locator`: `@local:///abs/path#default`")).toBe(3);
    expect(at("No `@variant/...` prefix")).toBe(4);
    expect(at("Got it - we’ll remove the variant namespace from the key.")).toBe(-2);
    expect(first?.lines.filter((l) => l.line < (best?.line as number))).toHaveLength(1);
  });
});
