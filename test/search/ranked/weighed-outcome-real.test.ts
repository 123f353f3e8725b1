/**
 * The lines read beside a hit's unit weighed on the scale of its own, on real sessions (a Cline session on Windows
 * and a Codex session, of corpus/more, that both read a grant application skill's SKILL.md). A unit's lines are
 * weighed by the question's terms' inverse document frequencies (rerank.ts); the lines beside it (the output a message
 * comments on, a call's outcome) were weighed by how many terms they hold, so against the unit's heaviest line none
 * of them told anything unless it held an asked kind: the message commenting on the skill it read showed the skill's
 * step `5. Ask the user for any missing required fields` (an error word) instead of its description, which holds the
 * question's rarer words.
 */
import { describe, expect, it } from "vitest";
import { PROJECT, realSessions } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

const CLINE = "ses_sxftx35f4dl2gs9hb8fp";
/** The skill's description line, in the output the message comments on. */
const DESCRIPTION = "description: Prepare an Agentic Engineering Grant application";

describe("the output a message comments on, weighed as the message's own lines", () => {
  it("shows its line holding the question's rarer words, not a line of a word for an error", async () => {
    const search = await realSessions([
      sharedSessionFile("more", "ses_zy0khnuikdrhk7jw3yzv"),
      sharedSessionFile("more", CLINE),
    ]);
    const out = await search({
      query: "the grant skill's description of what it gathers",
      mode: "ranked",
      scope: PROJECT,
      limit: 5,
    });
    const message = out.ranked?.hits.find((h) => h.file.sessionID === CLINE && h.role === "assistant");
    expect(message).toBeDefined();
    const before = message?.lines.filter((l) => l.line < (message?.firstLine ?? 0)) ?? [];
    expect(before.some((l) => l.text.startsWith(DESCRIPTION))).toBe(true);
    expect(before.some((l) => l.text.includes("Ask the user for any missing required fields"))).toBe(false);
  });
});
