import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SESSION_ID } from "../../src/session-id.js";
import { sessionOfFile, transcriptOfRelative } from "../../src/transcripts/paths.js";
import { hostileString } from "../helpers/hostile-input.js";

describe("transcript file names and relative paths", () => {
  it("name the session of <sessionID>.md and nothing else", () => {
    expect(sessionOfFile("ses_abcdefgh12.md")).toBe("ses_abcdefgh12");
    for (const name of [
      "ses_abcdefgh12.md.sketch",
      "ses_abcdefgh12",
      "ses_short.md",
      "ses_abc-defgh12.md",
      ".md",
      "scope.txt",
      `ses_${"a".repeat(65)}.md`,
    ]) {
      expect([name, sessionOfFile(name)]).toEqual([name, undefined]);
    }
  });

  it("split <scope-dir>/<sessionID>.md with either separator, and refuse every other shape", () => {
    expect(transcriptOfRelative("demo-0123456789abcdef/ses_abcdefgh12.md")).toEqual({
      folder: "demo-0123456789abcdef",
      sessionID: "ses_abcdefgh12",
    });
    expect(transcriptOfRelative("demo\\ses_abcdefgh12.md")).toEqual({ folder: "demo", sessionID: "ses_abcdefgh12" });
    for (const relative of [
      "ses_abcdefgh12.md",
      "/ses_abcdefgh12.md",
      "a/b/ses_abcdefgh12.md",
      "demo/ses_abcdefgh12.md/",
      "demo/notes.md",
      "",
    ]) {
      expect([relative, transcriptOfRelative(relative)]).toEqual([relative, undefined]);
    }
  });

  it("never names a session that is not a session id, whatever the input", () => {
    fc.assert(
      fc.property(hostileString, hostileString, (folder, name) => {
        const named = transcriptOfRelative(`${folder}/${name}`);
        if (named) {
          expect(SESSION_ID.test(named.sessionID)).toBe(true);
          expect(named.folder).not.toMatch(/[/\\]/);
          expect(named.folder.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});
