/**
 * What a ranked hit shows around its best line, on a real session (corpus/opencode-export, hidden-river: a terminology
 * refactor planned with the user): an answer follows what it answers, so the lines after the best one are shown
 * further than the lines before it. "Got it - we'll remove the variant namespace from the key." is followed by the
 * new scheme, a list whose second entry, three lines down, is the key asked about.
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
    expect(best?.text).toBe("Got it - we’ll remove the variant namespace from the key.");
    // `Updated key scheme:` (2 lines down), `- product_locator: …` (4), `- variant_locator: …#default` (5); blank lines
    // between are not shown and count for nothing.
    const variant = first?.lines.find((l) => l.text.includes("`variant_locator`: `@local:///abs/path#default`"));
    expect(variant?.line).toBe((best?.line as number) + 5);
  });
});
