/**
 * A session's title in a search's headers: OpenCode takes it from the model or the user, and the command line prints
 * the search's text as it is, so a terminal escape sequence in it is shown as U+FFFD, never sent to the terminal.
 */
import { describe, expect, it } from "vitest";
import { visibleTitle } from "../../src/one-line.js";
import { indexedSessions, PROJECT } from "../helpers/indexed-sessions.js";
import { SessionBuilder } from "../helpers/synthetic-session.js";

const HOSTILE = "Fix \u001b]0;owned\u0007the \u001b[2J\u001b[31mbuild\u009b1m\nnow";

describe("titles in a search's headers", () => {
  it("carry no control character, in ranked and literal searches", async () => {
    const s = new SessionBuilder("ses_escapetitle0001", HOSTILE);
    s.user("why does the flaky widget test fail");
    s.assistant((b) => b.text("the widget test waits on a timer that never fires"));
    const { search } = await indexedSessions([s.data]);
    for (const mode of ["ranked", "literal"] as const) {
      const out = await search({ query: "widget", mode, scope: PROJECT });
      const header = out.text.split("\n").find((l) => l.includes("ses_escapetitle0001")) as string;
      // Positive control: the title is there, its words kept.
      expect(header, mode).toContain("Fix \uFFFD]0;owned\uFFFDthe \uFFFD[2J\uFFFD[31mbuild\uFFFD1m now");
      for (const control of ["\u001b", "\u0007", "\u009b"]) expect(out.text, mode).not.toContain(control);
    }
  });

  it("visibleTitle keeps printable text and puts a line on one line", () => {
    expect(visibleTitle("Fix the  build\tnow\u2028x\u0000y")).toBe("Fix the build now x\uFFFDy");
    expect(visibleTitle("Café ✓ 日本")).toBe("Café ✓ 日本");
  });
});
