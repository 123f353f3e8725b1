import { describe, expect, it } from "vitest";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { profileFromJson, profileWith } from "../../../src/search/ranked/ranking-profile-override.js";
import { indexedSessions, PROJECT } from "../../helpers/indexed-sessions.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";

describe("a ranking profile from overrides", () => {
  it("puts the overrides in and keeps every other weight at its default", () => {
    const profile = profileWith({ boosts: { coverage: 2 }, units: { roles: { user: 1.2 } } }, "test");
    expect(profile.boosts).toEqual({ ...DEFAULT_PROFILE.boosts, coverage: 2 });
    expect(profile.units.roles).toEqual({ ...DEFAULT_PROFILE.units.roles, user: 1.2 });
    expect(profile.units.document).toBe(DEFAULT_PROFILE.units.document);
    // The weights among the counts of reading and lines may be fractions.
    const swept = profileWith({ reading: { surelyCommon: 2.5 }, lines: { nearness: 0.5, strongError: 0 } }, "test");
    expect(swept.reading.surelyCommon).toBe(2.5);
    expect(swept.lines).toEqual({ ...DEFAULT_PROFILE.lines, nearness: 0.5, strongError: 0 });
    expect(profile.sessions).toEqual(DEFAULT_PROFILE.sessions);
    expect(profileWith({}, "test")).toEqual(DEFAULT_PROFILE);
    // The default is left as it was.
    expect(DEFAULT_PROFILE.boosts.coverage).not.toBe(2);
  });

  it("refuses an unknown key, a value of the wrong type or range, and text that is not JSON, by name", () => {
    const refused = (overrides: unknown) => () => profileWith(overrides, "LEDGER_RANKING_PROFILE");
    expect(refused({ boosts: { coverag: 2 } })).toThrow(
      /LEDGER_RANKING_PROFILE: not a ranking profile \(boosts: Unrecognized key: "coverag"\)/,
    );
    expect(refused({ weights: {} })).toThrow(/Unrecognized key: "weights"/);
    expect(refused({ boosts: { phrase: "1.5" } })).toThrow(/boosts\.phrase: .*expected number/);
    expect(refused({ sessions: { lift: -0.2 } })).toThrow(/sessions\.lift: /);
    expect(refused({ reading: { maxRead: 40.5 } })).toThrow(/reading\.maxRead: .*expected int/);
    expect(refused({ reading: { firstLook: 0 } })).toThrow(/reading\.firstLook: /);
    expect(refused({ lines: { callBytes: 96.5 } })).toThrow(/lines\.callBytes: .*expected int/);
    expect(refused({ lines: { nearness: -1 } })).toThrow(/lines\.nearness: /);
    expect(refused({ units: { roles: { admin: 1 } } })).toThrow(/units\.roles: Unrecognized key: "admin"/);
    expect(refused([1, 2])).toThrow(/expected object/);
    expect(() => profileFromJson("{boosts: 1}", "profile.json")).toThrow(/profile\.json: not JSON/);
  });
});

describe("a search given a profile", () => {
  it("ranks as its weights say: raising the weight of a question puts it above the answer", async () => {
    const s = new SessionBuilder("ses_profilequestion1", "Canary");
    s.user("Do we deploy the canary build on friday mornings?");
    s.assistant((b) => b.text("We deploy the canary build on friday mornings, after the backup."));
    const { search } = await indexedSessions([s.data]);
    const first = async (profile = DEFAULT_PROFILE) => {
      const out = await search({ query: "deploy canary build friday", mode: "ranked", scope: PROJECT, profile });
      return out.ranked?.hits.map((h) => h.role).filter((role) => role !== "meta");
    };
    // By default a message asking the question weighs below one stating it.
    expect(DEFAULT_PROFILE.units.asking).toBeLessThan(1);
    expect(await first()).toEqual(["assistant", "user"]);
    expect(await first(profileWith({ units: { asking: 2 } }, "test"))).toEqual(["user", "assistant"]);
  });

  it("weighs the index's columns as the profile says, in FTS5's bm25() itself", async () => {
    const s = new SessionBuilder("ses_profilecolumns01", "Limiter");
    s.user("Where is the limiter?");
    s.assistant((b) => b.text("The throttling is done by rate_limit, beside the router."));
    const { search } = await indexedSessions([s.data]);
    const bm25 = async (columns: { words?: number; whole?: number }) => {
      const profile = profileWith({ columns }, "test");
      const out = await search({ query: "rate_limit", mode: "ranked", scope: PROJECT, profile, explain: true });
      const hit = out.ranked?.hits.find((h) => h.role === "assistant");
      return hit?.explain?.bm25 ?? 0;
    };
    const byDefault = await bm25({});
    expect(byDefault).toBeGreaterThan(0);
    // The compound stands in both columns: without the whole column's weight it scores less, with more, more.
    expect(await bm25({ whole: 0 })).toBeLessThan(byDefault);
    expect(await bm25({ whole: DEFAULT_PROFILE.columns.whole * 2 })).toBeGreaterThan(byDefault);
  });
});
