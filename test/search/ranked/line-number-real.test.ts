/**
 * A question for a line number, on a real session (corpus/more, a SWE-agent run on pydicom): "at which line …" asks for
 * a number, so of the traceback the agent comments on (just before its message), the frame holding the question's
 * words and a line number is shown, not only the traceback's head and its error lines.
 */
import { describe, expect, it } from "vitest";
import { asksFor } from "../../../src/search/ranked/answer-kind.js";
import { askRealSession } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

const PYDICOM = "ses_roycsgc7r3enyoal36rp";

describe("a question for a line number, on a real session", () => {
  it("asks for a number: a line, a port, a host", () => {
    expect(asksFor("at which line of the handler did it stop?")).toContain("number");
    expect(asksFor("what line threw?")).toContain("number");
    expect(asksFor("which host did the server bind to?")).toContain("number");
    expect(asksFor("the dev server came up on which port?")).toContain("number");
  });

  it("shows the traceback's frame of the handler with its line number", async () => {
    const out = await askRealSession(
      sharedSessionFile("more", PYDICOM),
      "at which line of the numpy handler did the reproduce script stop?",
    );
    const frame = 'pixel_data_handlers/numpy_handler.py", line 293, in get_pixeldata';
    // The traceback's output and the agent's message naming the file it points at take the first two places (in
    // either order: the message's words and the output's neighbours weigh nearly the same); the output shows its frame.
    const first = out.ranked?.hits.slice(0, 2) ?? [];
    const traceback = first.find((h) => h.role === "tool-output");
    expect(traceback?.lines.some((l) => l.text.includes(frame))).toBe(true);
  });
});
