/**
 * A ranked search of one session reads on past the copies it finds, on a real session: in opencode-lore's nightly
 * session the agent fetched its pull request's page four times, each fetch a message of some thirty units. Asked about
 * the pull request with the session named, most of the units read first are copies of a fetch shown already: they take
 * no place, and counted against the reading bound (maxRead) they left one place of five filled or four.
 */
import { describe, expect, it } from "vitest";
import type { RankedHit } from "../../../src/search/ranked/ranked-search.js";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { askWithProfile } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

const NIGHTLY = "ses_loreCliNightly0001";

const shownTexts = (hits: readonly RankedHit[]) => hits.flatMap((h) => h.lines.map((l) => l.text));

describe("a ranked search of one session whose first units read are copies of a page fetched again", () => {
  it("reads on past the reading bound for the copies, up to maxCopies more, and fills its places", async () => {
    const ask = await askWithProfile(
      [sharedSessionFile("lore", "CliNightly")],
      "PR 292 merged rolling release error",
      NIGHTLY,
    );
    const out = await ask({});
    const hits = out.ranked?.hits ?? [];
    expect(hits).toHaveLength(5);
    // The copies were read and left out, not shown: every line shown once.
    expect(out.ranked?.repeated).toBeGreaterThan(0);
    const texts = shownTexts(hits);
    expect(new Set(texts).size).toBe(texts.length);
    // Without room to read on for them, the copies use up the reading and leave a place empty: at a reading bound of
    // 30 units, reading on fills the five places, and one copy more at most leaves one of them empty.
    const readOn = await ask({ reading: { maxRead: 30 } });
    expect(readOn.ranked?.hits).toHaveLength(5);
    const bounded = await ask({ reading: { maxRead: 30, maxCopies: 1 } });
    expect(bounded.ranked?.hits.length).toBeLessThan(5);
    expect(DEFAULT_PROFILE.reading.maxCopies).toBeGreaterThan(1);
  });
});
