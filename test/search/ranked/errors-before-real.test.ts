/**
 * The error a long tool output gave, earlier than the unit a question's words find, on a real session (corpus/more,
 * SWE-agent fixing marshmallow's TimeDelta rounding): the first edit's 221-line output opens with `- E999
 * IndentationError: unexpected indent` and ends, seven units later, with `Your changes have NOT been applied`. A hit
 * on that end shows the error line too (tool-call-lines.test.ts: none from another call's output).
 */
import { describe, expect, it } from "vitest";
import { askWithProfile } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

const MARSHMALLOW = "ses_9rjfav9oy53r5dv9ub23";
const ERROR = "- E999 IndentationError: unexpected indent";

describe("the error before a long output's unit, on a real session", () => {
  it("shows the line saying why the edit was not applied", async () => {
    const ask = await askWithProfile(
      [sharedSessionFile("more", MARSHMALLOW)],
      "why were the changes of the rounding edit not applied the first time?",
      MARSHMALLOW,
    );
    // No room for lines of the output's other units in the hit (by default its first unit may add them): the error line
    // is the hit's own.
    const out = await ask({ lines: { sameMessage: 1 } });
    const hit = out.ranked?.hits.find((h) =>
      h.lines.some((l) => l.text.startsWith("Your changes have NOT been applied")),
    );
    expect(hit, out.text).toBeDefined();
    const error = hit?.lines.find((l) => l.text === ERROR);
    expect(error?.match, out.text).toBe(false);
    // Above the unit's own lines, below the call's marker.
    expect(error?.line).toBeLessThan(hit?.lines.find((l) => l.match)?.line ?? 0);
  });
});
