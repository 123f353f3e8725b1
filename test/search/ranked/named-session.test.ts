import { describe, expect, it } from "vitest";
import type { RankedHit } from "../../../src/search/ranked/ranked-search.js";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { PROJECT, realSessions } from "../../helpers/indexed-sessions.js";
import { corpusFiles, sharedSessionFile } from "../../helpers/transcripts.js";

const NIGHTLY = "ses_loreCliNightly0001";
const SENTRY = "ses_loreCliSentryIssue0001";

const shown = (hits: readonly RankedHit[] | undefined) => (hits ?? []).flatMap((h) => h.lines.map((l) => l.text));

describe("a ranked search with its session named, on real sessions", () => {
  it("finds the message that answers among many holding the question's rarer words", async () => {
    // A 1.7 MB session about a nightly release channel: "nightly" and "version" stand in hundreds of its units. By
    // the FTS5 BM25 of the rarer words' OR the example version was among none of the five hits; by each word's BM25
    // lifted by the unit's neighbours and its message it is shown.
    const search = await realSessions([sharedSessionFile("lore", "CliNightly"), sharedSessionFile("lore", "Sentry")]);
    const out = await search({
      query: "nightly version string example unix timestamp",
      mode: "ranked",
      scope: PROJECT,
      sessionID: NIGHTLY,
      limit: 5,
    });
    expect(shown(out.ranked?.hits).some((l) => l.includes("0.12.0-dev.1740393600"))).toBe(true);
  });

  it("shows the unit of a hit's message that holds the question's words most densely, scored below the last place", async () => {
    // The session's first message: a Sentry issue's details as a tool listed them (`**Occurrences**: 33`), then pages
    // of analysis quoting the error. Lifted by their message and neighbours alike, a unit of the analysis is the hit;
    // the details, whose own BM25 is the message's best, were scored below the fifth place and not shown.
    const search = await realSessions([
      ...corpusFiles(),
      sharedSessionFile("lore", "CliNightly"),
      sharedSessionFile("lore", "Sentry"),
    ]);
    const out = await search({
      query: "how many occurrences did the confusing ContextError sentry issue have, and its short ID?",
      mode: "ranked",
      scope: PROJECT,
      sessionID: SENTRY,
      limit: 5,
    });
    expect(shown(out.ranked?.hits)).toContain("**Occurrences**: 33");
  });

  it('weighs up a unit holding what the question asks for (a path for "where was it saved")', async () => {
    // The plan was saved to `.opencode/plans/ghcr-nightly-distribution.md`, said in short messages near the end of a
    // 1.7 MB session where "plan" and "file" stand in hundreds of units and "GHCR/ORAS" nowhere as written: shown
    // with the boost of the profile, not without it. Since index format 5 (the bare marker lines in no unit, so FTS5's
    // mean unit is longer and a long unit weighs more) it stands sixth with the boost and eighth without: asked at
    // limit 6 (at limit 5 in format 4, fifth with the boost).
    const search = await realSessions([
      ...corpusFiles(),
      sharedSessionFile("lore", "CliNightly"),
      sharedSessionFile("lore", "Sentry"),
    ]);
    const ask = (askedKind: number) =>
      search({
        query: "Where was the GHCR/ORAS plan written, and why into a file?",
        mode: "ranked",
        scope: PROJECT,
        sessionID: NIGHTLY,
        limit: 6,
        profile: { ...DEFAULT_PROFILE, boosts: { ...DEFAULT_PROFILE.boosts, askedKind } },
      });
    const saved = (hits: readonly RankedHit[] | undefined) =>
      shown(hits).some((l) => l.includes("plans/ghcr-nightly-distribution.md"));
    expect(DEFAULT_PROFILE.boosts.askedKind).toBeGreaterThan(0);
    expect(saved((await ask(DEFAULT_PROFILE.boosts.askedKind)).ranked?.hits)).toBe(true);
    expect(saved((await ask(0)).ranked?.hits)).toBe(false);
  });
});
