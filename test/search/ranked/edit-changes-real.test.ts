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

describe("an edit's changed line, on real sessions", () => {
  it("is shown by the edit's hit: the new dev script, the dependency the old text had", async () => {
    const marine = await askWithProfile(
      [sharedSessionFile("more", MARINE)],
      "what did we change in package.json to stop turbopack",
      MARINE,
    );
    const dev = '"dev": "next dev -p 9002",';
    expect(editShows((await marine({})).ranked?.hits, dev)).toBe(true);
    // Without the weight of a changed line, the edit's hit shows the lines its old and new text share.
    expect(editShows((await marine({ lines: { changed: 0 } })).ranked?.hits, dev)).toBe(false);

    const bhavana = await askWithProfile(
      [sharedSessionFile("more", BHAVANA)],
      "what dependency was removed from package.json for the Solana move",
      BHAVANA,
    );
    const removed = '"@creit.tech/stellar-wallets-kit": "^1.4.0",';
    expect(editShows((await bhavana({})).ranked?.hits, removed)).toBe(true);
    expect(editShows((await bhavana({ lines: { changed: 0 } })).ranked?.hits, removed)).toBe(false);
  });
});
