/**
 * The outcome of the calls a message's text announces, on a real session (corpus/more, a Codex session on Windows):
 * "I’m going to gather the local project proof points now: README/package context, git history, and remote URL" is
 * followed in its message by four shell calls, and the fourth, `git log --oneline -20`, failed with
 * `fatal: your current branch 'master' does not have any commits yet`. A hit on that text shows that error line,
 * the one of those outputs that holds what is asked; a call whose output tells nothing adds no line.
 */
import { describe, expect, it } from "vitest";
import { askRealSession } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

const RAVE = "ses_sxftx35f4dl2gs9hb8fp";
const ANNOUNCE = "I’m going to gather the local project proof points now";

describe("the outcome of the calls a text announces, on a real session", () => {
  it("shows the error a later call of the message printed", async () => {
    const out = await askRealSession(
      sharedSessionFile("more", RAVE),
      "what went wrong gathering the local project proof points?",
    );
    const hit = out.ranked?.hits.find((h) => h.lines.some((l) => l.match && l.text.startsWith(ANNOUNCE)));
    expect(hit).toBeDefined();
    expect(hit?.lines.some((l) => l.text.includes("does not have any commits yet"))).toBe(true);
    // The README the second call printed holds no error and none of the question's words: none of it is shown.
    expect(hit?.lines.some((l) => l.text.startsWith("# Rave'era Web MVP"))).toBe(false);
  });
});
