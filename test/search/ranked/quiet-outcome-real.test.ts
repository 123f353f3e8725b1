/**
 * The output beside a ranked hit that tells nothing the question asks, on a real session (corpus/more, a Cline session
 * on Windows): the editor's reply after a file was saved (`</final_file_content>`, then a 358-byte `IMPORTANT: For any
 * future changes to this file, …`) stands just before the message that says what was changed. Its last lines say only
 * that the edit went through, so they are cut to `lines.quietBytes`, and the message's own line naming the change
 * fits the hit.
 */
import { describe, expect, it } from "vitest";
import { byteLength } from "../../../src/bounded-output.js";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { askRealSession } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

const MARINE = "ses_jqjcord7887x6tf19e20";
/** The most a cut adds to a line: `[…N bytes] ` before and ` […N bytes]` after (answer-lines.ts). */
const CUT_MARKS = 36;

describe("the quiet output beside a ranked hit, on a real session", () => {
  it("is cut short, and the line naming the change is shown", async () => {
    const out = await askRealSession(
      sharedSessionFile("more", MARINE),
      "Turbopack has known issues with Windows junction points",
    );
    const hit = out.ranked?.hits.find((h) =>
      h.lines.some((l) => l.match && l.text.startsWith("Turbopack has known issues with Windows junction points.")),
    );
    expect(hit).toBeDefined();
    // The summary's line two above the best one: `2. **Disabled Turbopack** - Changed … to "dev": "next dev -p 9002"`.
    expect(hit?.lines.some((l) => l.text.includes('to `"dev": "next dev -p 9002"`'))).toBe(true);
    // The editor's reply before the message: only its last lines, each within quietBytes.
    const before = hit?.lines.filter((l) => l.line < hit.firstLine) ?? [];
    expect(before.length).toBeGreaterThan(0);
    for (const l of before)
      expect(byteLength(l.text)).toBeLessThanOrEqual(DEFAULT_PROFILE.lines.quietBytes + CUT_MARKS);
    expect(before.some((l) => l.text.startsWith("IMPORTANT: For any future changes") && l.text.length > 140)).toBe(
      false,
    );
  });
});
