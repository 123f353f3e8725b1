import { describe, expect, it } from "vitest";
import { explainLine, type HitExplain } from "../../../src/search/ranked/hit-explain.js";
import type { RankedHit } from "../../../src/search/ranked/ranked-search.js";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { indexedSessions, PROJECT } from "../../helpers/indexed-sessions.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";

const { boosts, units, sessions } = DEFAULT_PROFILE;

/** Three sessions about the canary rollout: one asks, one answers twice, one holds a routine build. */
function rollout() {
  const asked = new SessionBuilder("ses_explainasked0001", "Canary questions");
  asked.user("When do we roll the canary deployment out to the fleet?");
  asked.assistant((b) => b.text("I will check the canary schedule."));
  const answered = new SessionBuilder("ses_explainanswer001", "Canary rollout");
  answered.user("Plan the canary deployment rollout for the fleet.");
  answered.assistant((b) => b.text("The canary deployment rolls out to the fleet on Tuesday, after the backup."));
  answered.user("And the canary deployment rollback?");
  answered.assistant((b) => b.text("A canary deployment rollback takes the fleet back in five minutes."));
  const routine = new SessionBuilder("ses_explainroutine01", "Routine");
  routine.turn(1, 400);
  return [asked.data, answered.data, routine.data];
}

/** The score the parts add up to, as the ranking added them. */
const rebuilt = (e: HitExplain) =>
  (e.bm25 + e.neighbours + e.session + e.message + e.terms) *
    e.kind *
    e.asks *
    e.phrase *
    e.coverage *
    e.proximity *
    e.date *
    e.recency +
  e.lift;

describe("a ranked search that explains its hits", () => {
  it("gives each hit what each stage gave it, adding up to its score, one line under its header", async () => {
    const { search } = await indexedSessions(rollout());
    const query = "canary deployment rollout fleet";
    const out = await search({ query, mode: "ranked", scope: PROJECT, explain: true });
    const hits = out.ranked?.hits as RankedHit[];
    expect(hits.length).toBeGreaterThan(2);
    for (const hit of hits) {
      const e = hit.explain as HitExplain;
      expect(e.score).toBe(hit.score);
      expect(rebuilt(e)).toBeCloseTo(hit.score, 9);
      expect(e.kind).toBe(units.roles[hit.role]);
      expect(e.bm25).toBeGreaterThan(0);
    }
    // The question's own words asked back: weighed as a question, by the profile's weight.
    const question = hits.find((h) => h.file.sessionID === "ses_explainasked0001" && h.role === "user");
    expect(question?.explain?.asks).toBe(units.asking);
    // A session's second hit weighs the repeat weight once per hit of its session ahead of it in the order.
    const ofAnswer = hits.filter((h) => h.file.sessionID === "ses_explainanswer001");
    expect(ofAnswer.length).toBeGreaterThan(1);
    expect(ofAnswer.map((h) => h.explain?.order)).toEqual(ofAnswer.map((_, i) => sessions.repeat ** i));
    // And is lifted by the best other unit of its session.
    expect(ofAnswer.every((h) => (h.explain?.lift ?? 0) > 0)).toBe(true);
    const lines = out.text.split("\n");
    const headers = lines.flatMap((l, i) => (l.startsWith("## ") ? [i] : []));
    expect(headers).toHaveLength(hits.length);
    for (const [rank, at] of headers.entries()) {
      expect(lines[at + 1]).toBe(explainLine(hits[rank]?.explain as HitExplain));
      expect(lines[at + 1]).toMatch(/^explain: score [\d.]+ = \(bm25 [\d.]+/);
      expect(lines[at + 2]).toMatch(/^\d+[:-] /);
    }
    expect(out.text).toContain(`asks ${units.asking}`);
  });

  it("names the date a hit was weighed up for, and leaves the line out unless asked", async () => {
    const [asked, answered, routine] = rollout();
    for (const m of answered?.messages ?? []) m.info.time.created = Date.UTC(2026, 2, 12, 10);
    const { search } = await indexedSessions([asked, answered, routine].flatMap((s) => (s ? [s] : [])));
    const dated = await search({
      query: "canary rollback on 2026-03-12",
      mode: "ranked",
      scope: PROJECT,
      explain: true,
    });
    const first = dated.ranked?.hits[0];
    expect(first?.file.sessionID).toBe("ses_explainanswer001");
    expect(first?.explain?.date).toBe(boosts.namedDate);
    expect(dated.text).toContain(`× date ${boosts.namedDate}`);
    const plain = await search({ query: "canary rollback on 2026-03-12", mode: "ranked", scope: PROJECT });
    expect(plain.ranked?.hits.every((h) => h.explain === undefined)).toBe(true);
    expect(plain.text).not.toContain("explain:");
  });

  it("names the question's setting it weighed less, in the last line, when asked to explain", async () => {
    const { search } = await indexedSessions(rollout());
    const query = "when is the canary rollout for the fleet, after the backup is done?";
    const explained = await search({ query, mode: "ranked", scope: PROJECT, explain: true });
    expect(explained.text.split("\n").at(-1)).toContain(
      `the question's setting weighed × ${boosts.setting}: "after the backup is done"`,
    );
    const plain = await search({ query, mode: "ranked", scope: PROJECT });
    expect(plain.text).not.toContain("setting");
    // A question without one says nothing of it.
    const none = await search({ query: "canary rollout fleet", mode: "ranked", scope: PROJECT, explain: true });
    expect(none.text).not.toContain("setting");
  });

  it("refuses to explain an exact search", async () => {
    const { search } = await indexedSessions(rollout());
    await expect(search({ query: "canary", mode: "literal", scope: PROJECT, explain: true })).rejects.toThrow(
      /explain: explains ranked searches only; use mode "ranked"/,
    );
  });
});

describe("the explain line", () => {
  it("leaves out what gave nothing and names the rest", () => {
    const e: HitExplain = {
      bm25: 4.2,
      neighbours: 0,
      session: 1.05,
      message: 0,
      terms: 0,
      kind: 1,
      asks: 1,
      answers: 1,
      phrase: 1.5,
      coverage: 2.5,
      proximity: 1,
      date: 1,
      recency: 1.000_04,
      lift: 0,
      order: 1,
      score: 19.7,
    };
    expect(explainLine(e)).toBe(
      "explain: score 19.7 = (bm25 4.2 + session 1.05) × phrase 1.5 × coverage 2.5 × recency 1",
    );
    expect(explainLine({ ...e, session: 0, phrase: 1, coverage: 1, recency: 1, score: 4.2 })).toBe(
      "explain: score 4.2 = bm25 4.2",
    );
    expect(explainLine({ ...e, lift: 0.5, order: 0.85, score: 20.2 })).toMatch(/\+ lift 0\.5 · order × 0\.85$/);
    expect(explainLine({ ...e, answers: 2, score: 39.4 })).toContain("× answers 2 × phrase 1.5");
  });
});
