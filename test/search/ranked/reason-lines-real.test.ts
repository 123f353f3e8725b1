/**
 * A question asking why is answered by a line that gives a reason, which rarely holds the question's words: on a real
 * OpenCode session of the shared corpus (hidden-river), the assistant proposes key formats for a product and its
 * variant, then says `Why this format:` and lists `- Avoids key collision between product and variant.`; asked about
 * the reason in other words, the hit on that message shows the reason among its lines.
 */
import { describe, expect, it } from "vitest";
import { answerValue, asksFor, lineHolds } from "../../../src/search/ranked/answer-kind.js";
import { askRealSession } from "../../helpers/indexed-sessions.js";
import { corpusFile } from "../../helpers/transcripts.js";

describe("a question asking why", () => {
  it("asks for a reason, beside an error when it asks why something failed", () => {
    expect(asksFor("what was the reason for namespacing the variant keys?")).toEqual(["reason"]);
    expect(asksFor("how come the build cache is keyed by branch")).toEqual(["reason"]);
    expect(asksFor("Why did the typecheck fail after the rename?")).toEqual(["error", "reason"]);
    expect(asksFor("which file holds the retry policy")).not.toContain("reason");
  });

  it("tells a line that gives a reason from one that does not", () => {
    expect(lineHolds("- Avoids key collision between product and variant.", "reason")).toBe(true);
    expect(lineHolds("We pin it because the 2.x release drops Node 18.", "reason")).toBe(true);
    expect(lineHolds("Why this format:", "reason")).toBe(true);
    expect(lineHolds("- Keeps locator parsing predictable.", "reason")).toBe(false);
    expect(answerValue("Product: `@local://{abs_path}`", ["reason"])).toBe(0);
  });

  it("shows the reason under `Why this format:` on a real session, asked in other words", async () => {
    const out = await askRealSession(
      corpusFile("ses_39b709b7fffea1aT6PAuEvX6Zq"),
      "what was the reason for namespacing the variant keys?",
    );
    expect(out.text).toMatch(/^\d+[-:] - Avoids key collision between product and variant\.$/m);
  });
});
