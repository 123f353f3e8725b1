/**
 * An edit's changed line shown as the answer, on real sessions of corpus/more: a Cline session that turned Turbopack
 * off in `package.json`'s dev script, and a Claude Code session that replaced a frontend's Stellar dependencies with
 * Solana's. An edit's old and new text share most of their lines and the question's words; the line one side has and
 * the other lacks is what was done, and the edit's hit shows it.
 */
import { describe, expect, it } from "vitest";
import type { RankedHit } from "../../../src/search/ranked/ranked-search.js";
import { askWithProfile } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

const MARINE = "ses_jqjcord7887x6tf19e20";
const BHAVANA = "ses_vqqljgyzz5n35jywpe28";

/** Whether a hit on an `edit` call (its input, or its output with the call's lines) shows the line. */
const editShows = (hits: readonly RankedHit[] | undefined, line: string) =>
  (hits ?? []).some((h) => h.tool === "edit" && h.lines.some((l) => l.text.trim() === line));

/** Each session, a question about what its edit did, and the line the edit changed that answers it. */
const CASES = [
  {
    session: MARINE,
    question: "what did we change in package.json to stop turbopack",
    line: '"dev": "next dev -p 9002",',
  },
  {
    session: BHAVANA,
    question: "what dependency was removed from package.json for the Solana move",
    line: '"@creit.tech/stellar-wallets-kit": "^1.4.0",',
  },
];

describe("an edit's changed line, on real sessions", () => {
  it("is shown by the edit's hit: the new dev script, the dependency the old text had", async () => {
    for (const { session, question, line } of CASES) {
      const ask = await askWithProfile([sharedSessionFile("more", session)], question, session);
      expect(editShows((await ask({})).ranked?.hits, line)).toBe(true);
      // Without the weight of a changed line, the edit's hit shows the lines its old and new text share.
      expect(editShows((await ask({ lines: { changed: 0 } })).ranked?.hits, line)).toBe(false);
    }
  });
});
