/**
 * A document read in two real sessions of other people's projects (a skill's SKILL.md, with `cat` on one machine and
 * `Get-Content` on another) takes one place among the hits of a search across them: before, the second session's
 * copy of a unit took a place beside the first's, its long lines cut at other places (`<pro […51 bytes]` against
 * `<project-sl […49 bytes]`), or its twin added to the first's hit past the bytes a hit may add.
 */
import { describe, expect, it } from "vitest";
import { PROJECT, realSessions } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

/** The skill's description line, as both sessions read it. */
const DESCRIPTION = "description: Prepare an Agentic Engineering Grant application";

describe("a document read in two real sessions, searched across them", () => {
  it("takes one place among the hits", async () => {
    const search = await realSessions([
      sharedSessionFile("more", "ses_zy0khnuikdrhk7jw3yzv"),
      sharedSessionFile("more", "ses_sxftx35f4dl2gs9hb8fp"),
    ]);
    const out = await search({
      query: "the grant skill's description of what it gathers",
      mode: "ranked",
      scope: PROJECT,
      limit: 5,
    });
    const hits = out.ranked?.hits ?? [];
    expect(hits).toHaveLength(5);
    // Both sessions read it, and both are among the hits: the document once, the other places to what was done.
    expect(new Set(hits.map((h) => h.file.sessionID)).size).toBe(2);
    // One hit is the document; a message commenting on the read may show the line as the output it comments on
    // (weighed-outcome-real.test.ts), but no second copy is a hit of its own.
    const showing = hits.filter((h) => h.lines.some((l) => l.match && l.text.includes(DESCRIPTION)));
    expect(showing).toHaveLength(1);
    expect(out.ranked?.repeated).toBeGreaterThanOrEqual(1);
  });
});
