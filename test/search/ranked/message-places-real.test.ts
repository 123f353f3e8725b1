/**
 * The last places of a ranked search over several sessions go to the best messages no hit shows (message-view.ts),
 * on the six real sessions of the corpus: a grep whose call holds the question's words and whose output holds the
 * count it asks for, each a unit too weak to be a hit alone. With one session searched no place is kept.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { RankedHit } from "../../../src/search/ranked/ranked-search.js";
import { DEFAULT_PROFILE, type RankingProfile } from "../../../src/search/ranked/ranking-profile.js";
import type { SessionExport } from "../../../src/transcripts/source/export-file-source.js";
import { indexedSessions, PROJECT } from "../../helpers/indexed-sessions.js";
import { corpusFiles } from "../../helpers/transcripts.js";

const RENAME = "ses_39b709b7fffea1aT6PAuEvX6Zq";
/** The first repo-wide grep (line 330, `\b(world|worlds|env|envs|dimension|dimensions)\b`) and its count (334). */
const COUNT = "Found 163 matches";
const QUERY = "how many hits did the first repo-wide grep for world/env/dimensions return?";

const withPlaces = (messagePlaces: number): RankingProfile => ({
  ...DEFAULT_PROFILE,
  sessions: { ...DEFAULT_PROFILE.sessions, messagePlaces },
});

async function sixSessions() {
  const sessions = corpusFiles().map((f) => JSON.parse(fs.readFileSync(f, "utf8")) as SessionExport);
  return (await indexedSessions(sessions)).search;
}

const showing = (hits: readonly RankedHit[], text: string) =>
  hits.filter((h) => h.lines.some((l) => l.text.includes(text)));

describe("the best messages in the last places of a ranked search", () => {
  it("shows the count in a grep's output when the grep's message is the best the unit hits left out", async () => {
    const search = await sixSessions();
    const out = await search({ query: QUERY, mode: "ranked", scope: PROJECT, limit: 5 });
    const hits = out.ranked?.hits ?? [];
    expect(hits).toHaveLength(5);
    const [hit] = showing(hits, COUNT);
    expect(hit?.file.sessionID).toBe(RENAME);
    expect(hit?.role).toBe("tool-output");
    // The first of the places kept for messages.
    const first = 5 - DEFAULT_PROFILE.sessions.messagePlaces;
    expect(hits.indexOf(hit as RankedHit)).toBe(first);
    // The unit hits alone do not show it: the place is the message's.
    const units = await search({ query: QUERY, mode: "ranked", scope: PROJECT, limit: 5, profile: withPlaces(0) });
    expect(showing(units.ranked?.hits ?? [], COUNT)).toEqual([]);
    // The hits before those places are the unit ranking's, in its order.
    const where = (h: RankedHit) => `${h.file.sessionID}:${h.line}`;
    expect(hits.slice(0, first).map(where)).toEqual((units.ranked?.hits ?? []).slice(0, first).map(where));
  });

  it("keeps the message's place at its rank when the limit is higher (the tool's default, 10)", async () => {
    const search = await sixSessions();
    const at = async (limit: number) => (await search({ query: QUERY, mode: "ranked", scope: PROJECT, limit })).ranked;
    const [five, ten] = [await at(5), await at(10)];
    const where = (h: RankedHit) => `${h.file.sessionID}:${h.line}`;
    const [hit] = showing(ten?.hits ?? [], COUNT);
    expect(ten?.hits).toHaveLength(10);
    const { messagePlacesLimit, messagePlaces } = DEFAULT_PROFILE.sessions;
    expect((ten?.hits ?? []).indexOf(hit as RankedHit)).toBe(messagePlacesLimit - messagePlaces);
    // The first five are the hits a search at limit 5 shows, in its order; the others follow them.
    expect((ten?.hits ?? []).slice(0, 5).map(where)).toEqual((five?.hits ?? []).map(where));
    // With the messages' places at the limit's end, as before, the count stood past the first five.
    const atEnd = { ...DEFAULT_PROFILE, sessions: { ...DEFAULT_PROFILE.sessions, messagePlacesLimit: 10 } };
    const late = await search({ query: QUERY, mode: "ranked", scope: PROJECT, limit: 10, profile: atEnd });
    expect(showing((late.ranked?.hits ?? []).slice(0, 5), COUNT)).toEqual([]);
  });

  it("keeps no place with one session searched", async () => {
    const search = await sixSessions();
    const ask = (profile: RankingProfile) =>
      search({ query: QUERY, mode: "ranked", scope: PROJECT, sessionID: RENAME, limit: 5, profile });
    const shown = (hits: readonly RankedHit[] = []) => hits.map((h) => [h.file.sessionID, h.line, h.lines]);
    const [kept, none] = [await ask(DEFAULT_PROFILE), await ask(withPlaces(0))];
    expect(kept.ranked?.hits).toHaveLength(5);
    expect(shown(kept.ranked?.hits)).toEqual(shown(none.ranked?.hits));
  });
});
