/**
 * When a ranked hit was written, in its header: UTC to the minute, and the day only when the hit above was written on
 * another, on real sessions of the shared corpus (a search's bytes go to the lines that answer).
 */
import { describe, expect, it } from "vitest";
import { iso } from "../../src/transcripts/transcript-format.js";
import { PROJECT, realSessions } from "../helpers/indexed-sessions.js";
import { corpusFiles, sharedSessionFile } from "../helpers/transcripts.js";

describe("the time in a ranked hit's header", () => {
  it("is to the minute, with the day only when it differs from the hit above's", async () => {
    // The corpus's sessions, of one day, and two of other projects written on other days.
    const others = ["ses_187if9h6vqhp4pcyza8k", "ses_roycsgc7r3enyoal36rp"].map((id) => sharedSessionFile("more", id));
    const search = await realSessions([...corpusFiles(), ...others]);
    let changedDay = 0;
    let sameDay = 0;
    for (const query of ["which tests failed after the change", "what command ran the tests", "reproduce script"]) {
      const out = await search({ query, mode: "ranked", scope: PROJECT, limit: 10 });
      const headers = out.text.split("\n").filter((l) => l.startsWith("## "));
      const hits = out.ranked?.hits ?? [];
      expect(headers.length).toBe(hits.length);
      expect(hits.length).toBeGreaterThan(2);
      for (const [i, hit] of hits.entries()) {
        const at = iso(hit.time as number);
        const above = hits[i - 1];
        const newDay = above === undefined || iso(above.time as number).slice(0, 10) !== at.slice(0, 10);
        const when = newDay ? `${at.slice(0, 16)}Z` : `${at.slice(11, 16)}Z`;
        expect(headers[i]?.endsWith(` · ${when}`), headers[i]).toBe(true);
        if (i > 0 && newDay) changedDay++;
        if (!newDay) sameDay++;
      }
      expect(out.text).not.toMatch(/^## .*\d\d:\d\d:\d\dZ$/m);
    }
    // Both cases met: a hit of the day above, and one of another day after the first.
    expect(sameDay).toBeGreaterThan(0);
    expect(changedDay).toBeGreaterThan(0);
  }, 60_000);
});
