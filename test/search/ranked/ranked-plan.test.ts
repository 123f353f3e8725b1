import { describe, expect, it } from "vitest";
import { candidates } from "../../../src/search/ranked/ranked-candidates.js";
import { planRanked } from "../../../src/search/ranked/ranked-plan.js";
import { parseRankedQuery } from "../../../src/search/ranked/ranked-query.js";
import type { RankedRequest } from "../../../src/search/ranked/ranked-request.js";
import { type RankedHit, rankedSearch } from "../../../src/search/ranked/ranked-search.js";
import { DEFAULT_PROFILE, type RankingProfile } from "../../../src/search/ranked/ranking-profile.js";
import { renderFound } from "../../../src/search/render.js";
import { listTranscripts } from "../../../src/transcripts/listing.js";
import { indexOfWords } from "../../helpers/index-rows.js";
import { indexedSessions } from "../../helpers/indexed-sessions.js";
import { rankedCoverage } from "../../helpers/ranked-coverage.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";

/** 60 units: "build" and "server" in every one, "deploy" in every third, "rollout" in two, "canary" in one. */
const index = () =>
  indexOfWords(
    Array.from({ length: 60 }, (_, n) => {
      const i = n + 1;
      const words = ["build", "server", i % 3 === 0 ? "deploy" : "", i === 5 || i === 40 ? "rollout" : ""];
      return [...words, i === 9 ? "canary" : ""].filter(Boolean).join(" ");
    }),
  );

/** The profile's reading bounds with a probe (and a window) of the test's own: the tests' indexes are small. */
const reading = (probeUnits: number, windowUnits = DEFAULT_PROFILE.reading.windowUnits) => ({
  ...DEFAULT_PROFILE.reading,
  probeUnits,
  windowUnits,
});

/** The default profile with the reading bounds given (those left undefined keep their defaults). */
const withReading = (bounds: { probeUnits?: number; windowUnits?: number }): RankingProfile => ({
  ...DEFAULT_PROFILE,
  reading: {
    ...DEFAULT_PROFILE.reading,
    probeUnits: bounds.probeUnits ?? DEFAULT_PROFILE.reading.probeUnits,
    windowUnits: bounds.windowUnits ?? DEFAULT_PROFILE.reading.windowUnits,
  },
});

const texts = (terms: readonly { term: { text: string } }[]) => terms.map((t) => t.term.text);

describe("the plan of a ranked query", () => {
  it("lets the rare terms generate the candidates and leaves the common ones to the second look", async () => {
    const { connection, close } = await index();
    const plan = planRanked(connection, parseRankedQuery("build rollout server canary"), reading(10));
    expect(plan.generator).toBe('words : "canary" OR words : "rollout"');
    expect(plan.newest).toEqual([]);
    expect(texts(plan.scoredAlone).sort()).toEqual(["build", "server"]);
    expect(plan.mustHold).toEqual([]);
    // A common term in every unit weighs next to nothing, as in FTS5's own BM25.
    expect(plan.scoredAlone.every((w) => w.idf === 1e-6)).toBe(true);
    expect(plan.totals).toEqual({ units: 60, meanTokens: expect.any(Number), ids: 60, newest: 60, oldest: 1 });
    close();
  });

  it("takes rare terms only while the units they hold stay within the probe", async () => {
    const { connection, close } = await index();
    // deploy stands in 20 units: with canary (1) and rollout (2) that is more than 10.
    const plan = planRanked(connection, parseRankedQuery("deploy rollout canary"), reading(10));
    expect(plan.generator).toBe('words : "canary" OR words : "rollout"');
    expect(texts(plan.scoredAlone)).toEqual(["deploy"]);
    const wide = planRanked(connection, parseRankedQuery("deploy rollout canary"), reading(100));
    expect(wide.generator).toBe('words : "canary" OR words : "rollout" OR words : "deploy"');
    expect(wide.scoredAlone).toEqual([]);
    close();
  });

  it("answers common words only from the newest units holding all of them, then any", async () => {
    const { connection, close } = await index();
    const plan = planRanked(connection, parseRankedQuery("build deploy"), reading(10));
    expect(plan.generator).toBeUndefined();
    // Rarest first: FTS5 walks the AND from its first term.
    expect(plan.newest).toEqual(['words : "deploy" AND words : "build"', 'words : "deploy" OR words : "build"']);
    expect(texts(plan.scoredAlone).sort()).toEqual(["build", "deploy"]);
    expect(planRanked(connection, parseRankedQuery("build"), reading(10)).newest).toEqual(['words : "build"']);
    close();
  });

  it("checks a common quoted phrase in the candidates' lines, and asks a rare one of the index", async () => {
    const { connection, close } = await index();
    const common = planRanked(connection, parseRankedQuery('"build server" canary'), reading(10));
    expect(common.generator).toBe('words : "canary"');
    expect(common.mustHold.map((t) => t.text)).toEqual(["build server"]);
    const rare = planRanked(connection, parseRankedQuery('"rollout" build'), reading(10));
    expect(rare.generator).toBe('words : "rollout" AND (words : "rollout")');
    expect(rare.mustHold).toEqual([]);
    close();
  });

  it("drops a word no unit holds, and asks only for a quoted phrase no unit holds", async () => {
    const { connection, close } = await index();
    const plan = planRanked(connection, parseRankedQuery("nowhere canary"), reading(10));
    expect(plan.generator).toBe('words : "canary"');
    expect(plan.scoredAlone).toEqual([]);
    const none = planRanked(connection, parseRankedQuery("nowhere"), reading(10));
    expect(none.generator).toBeUndefined();
    expect(none).toMatchObject({ newest: [], scoredAlone: [] });
    const phrase = planRanked(connection, parseRankedQuery('"nowhere" canary build'), reading(10));
    expect(phrase.generator).toBe('words : "nowhere"');
    expect(connection.all("SELECT rowid FROM unit_text WHERE unit_text MATCH ?", phrase.generator ?? "")).toEqual([]);
    close();
  });
});

describe("the plan of a query over a large index", () => {
  it("asks the whole index for a phrase with a rare word in it, whatever the window", async () => {
    const { connection, close } = await index();
    // "server rollout" stands in units 5 and 40, both before a window of the newest 20 units (41 to 60).
    const plan = planRanked(connection, parseRankedQuery('"server rollout" build'), reading(10, 20));
    expect(plan.from).toBe(41);
    expect(plan.generator).toBe('words : "server rollout" AND (words : "server rollout")');
    close();
  });

  it("looks for a phrase of common words only among the newest units, and never has it generate", async () => {
    // Every unit holds alpha and beta; only unit 3, far back, holds "beta alpha".
    const { connection, close } = await indexOfWords(
      Array.from({ length: 60 }, (_, i) => (i === 2 ? "beta alpha gamma" : "alpha beta gamma")),
    );
    const windowed = planRanked(connection, parseRankedQuery('"beta alpha"'), reading(10, 20));
    // Not found among units 41 to 60, yet not called absent: it may stand further back.
    expect(windowed.generator).toBeUndefined();
    expect(windowed.newest).toEqual(['words : "beta alpha"']);
    expect(windowed.from).toBe(41);
    // A window as large as the index counts it exactly, and the rare phrase generates.
    const whole = planRanked(connection, parseRankedQuery('"beta alpha"'), reading(10, 60));
    expect(whole.from).toBe(1);
    expect(whole.generator).toBe('words : "beta alpha" AND (words : "beta alpha")');
    close();
  });
});

/** Sessions of routine turns (their words in most units), one of them holding the line that answers. */
function sessions(): SessionBuilder[] {
  const out = Array.from({ length: 5 }, (_, i) => {
    const s = new SessionBuilder(`ses_planroutine${String(i).padStart(5, "0")}`, `Routine ${i}`);
    for (let t = 0; t < 4; t++) s.turn(t + i * 10, 600);
    return s;
  });
  const answer = new SessionBuilder("ses_plananswer000001", "Retries");
  answer.user("The upstream drops connections under load: what do we do about it?");
  answer.assistant((b) => {
    b.step();
    b.text("The client retries ECONNRESET three times with backoff, then the server marks the upstream down.");
    b.finish();
  });
  out.push(answer);
  return out;
}

async function searcher() {
  const search = await fullSearcher();
  return (query: string, probeUnits?: number) => search(query, { probeUnits }).hits;
}

async function fullSearcher() {
  const { data } = await indexedSessions(sessions().map((s) => s.data));
  const health = await data.searchIndex.forReading();
  if (!health.usable) throw new Error(health.reason);
  const connection = health.connection;
  const files = listTranscripts(data.transcriptsDir, "", true);
  const search = (
    query: string,
    more: { probeUnits?: number; windowUnits?: number; everything?: boolean; files?: typeof files } = {},
  ) =>
    rankedSearch(connection, {
      query: parseRankedQuery(query),
      files: more.files ?? files,
      everything: more.everything ?? true,
      filters: {},
      limit: 10,
      contextLines: 1,
      perSession: 3,
      now: Date.now(),
      profile: withReading(more),
    });
  return Object.assign(search, { connection, files });
}

const coverage = rankedCoverage({
  query: "server upstream",
  where: "every project",
  inScope: 6,
  perSession: 3,
});

const answering = (hits: RankedHit[]) => hits.map((h) => h.lines.find((l) => l.match)?.text ?? "");

describe("ranked search by the plan", () => {
  it("finds the same answer first whether the common words are scored by the index or by the second look", async () => {
    const search = await searcher();
    const whole = search("ECONNRESET retries server");
    // A probe of 2 units: every word but ECONNRESET is common, and scored from the candidates' lines.
    const split = search("ECONNRESET retries server", 2);
    expect(answering(whole)[0]).toContain("retries ECONNRESET three times");
    expect(answering(split)[0]).toBe(answering(whole)[0]);
    expect(split[0]?.file.sessionID).toBe("ses_plananswer000001");
  });

  it("answers common words only from units that hold them, and a quoted phrase only where it stands", async () => {
    const search = await searcher();
    const common = search("server upstream", 1);
    expect(common.length).toBeGreaterThan(0);
    for (const line of answering(common)) expect(line.toLowerCase()).toMatch(/server|upstream/);
    expect(common[0]?.file.sessionID).toBe("ses_plananswer000001");
    const phrase = search('"marks the upstream down" ECONNRESET', 1);
    expect(phrase.map((h) => h.file.sessionID)).toEqual(["ses_plananswer000001"]);
    // The phrase is common to no unit but this one: a probe of 1 checks it in the candidates' lines.
    expect(search('"upstream marks down" ECONNRESET', 1)).toEqual([]);
    expect(search('"upstream marks down" ECONNRESET')).toEqual([]);
  });

  it("answers common words only from the newest units of the window, and says so", async () => {
    const search = await fullSearcher();
    const newest = search.connection.all<{ id: number }>("SELECT id FROM units ORDER BY id DESC LIMIT 3");
    const windowed = search("server upstream", { probeUnits: 1, windowUnits: 3 });
    const units = search.connection.get<{ n: number }>("SELECT count(*) AS n FROM units")?.n ?? 0;
    // The window is the newest 3 ids, some of them bare marker lines' (in no unit): the units it holds, estimated.
    const bare = search.connection.get<{ bare: number }>("SELECT bare FROM index_totals")?.bare ?? 0;
    expect(bare).toBeGreaterThan(0);
    const inWindow = (ids: number) => Math.round((ids * units) / (units + bare));
    expect(windowed.window).toEqual({ units: inWindow(3), of: units });
    expect(windowed.candidates).toBeGreaterThan(0);
    expect(windowed.candidates).toBeLessThanOrEqual(newest.length);
    const lines = search.connection.all<{ session_id: string; first_line: number }>(
      `SELECT s.session_id, u.first_line FROM units u JOIN sessions s ON s.sid = u.sid WHERE u.id >= ?`,
      newest.at(-1)?.id ?? 0,
    );
    for (const hit of windowed.hits) {
      expect(lines).toContainEqual({ session_id: hit.file.sessionID, first_line: hit.firstLine });
    }
    const text = renderFound({ kind: "ranked", result: windowed, coverage }, 10_000);
    expect(text.split("\n").at(-1)).toContain(
      `common words only: looked for among the newest ${inWindow(3)} indexed units of ${units}; add a rarer word, or pass sessionID, role or since/until, to reach older ones`,
    );
    // A window as large as the index leaves nothing unread, and says nothing of it.
    const whole = search("server upstream", { probeUnits: 1 });
    expect(whole.window).toBeUndefined();
    expect(renderFound({ kind: "ranked", result: whole, coverage }, 10_000)).not.toContain("common words only");
    expect(whole.candidates).toBeGreaterThan(windowed.candidates);
  });

  it("looks past the window when a narrower scope finds too few of its own units there", async () => {
    const search = await fullSearcher();
    const routine = search.files.filter((f) => f.sessionID !== "ses_plananswer000001");
    const oldest = routine.find((f) => f.sessionID === "ses_planroutine00000");
    expect(oldest).toBeDefined();
    const scoped = search("build module", {
      probeUnits: 1,
      windowUnits: 3,
      everything: false,
      files: oldest ? [oldest] : [],
    });
    expect(scoped.window).toBeUndefined();
    expect(scoped.hits.length).toBeGreaterThan(0);
    expect(scoped.hits.every((h) => h.file.sessionID === "ses_planroutine00000")).toBe(true);
    // Every project: the window holds some of the newest sessions' units with the words, and the search stops there.
    const every = search("build module", { probeUnits: 1, windowUnits: 20 });
    const units = search.connection.get<{ n: number }>("SELECT count(*) AS n FROM units")?.n ?? 0;
    const bare = search.connection.get<{ bare: number }>("SELECT bare FROM index_totals")?.bare ?? 0;
    expect(every.window?.units).toBe(Math.round((20 * units) / (units + bare)));
    expect(every.hits.length).toBeGreaterThan(0);
    expect(every.hits.some((h) => h.file.sessionID === "ses_planroutine00000")).toBe(false);
  });
});

/**
 * An older session whose one unit says "The deploy pipeline waits for the canary." and a newer one of 160 units
 * (`unit(i)` each: more units holding the words than a page of the newest, 100), indexed; and the request of a ranked
 * search over them for `query` (limit 10, three hits a session, no context) by `profile`.
 */
async function olderAndNewer(ids: { older: string; newer: string }, unit: (i: number) => string) {
  const older = new SessionBuilder(ids.older, "Older");
  older.user("The deploy pipeline waits for the canary.");
  const newer = new SessionBuilder(ids.newer, "Newer");
  for (let i = 0; i < 160; i++) newer.user(unit(i));
  const { data } = await indexedSessions([older.data, newer.data]);
  const health = await data.searchIndex.forReading();
  if (!health.usable) throw new Error(health.reason);
  const files = listTranscripts(data.transcriptsDir, "", true);
  const request = (query: string, profile: RankingProfile): RankedRequest => ({
    query: parseRankedQuery(query),
    files,
    everything: true,
    filters: {},
    limit: 10,
    contextLines: 0,
    perSession: 3,
    now: Date.now(),
    profile,
  });
  return { connection: health.connection, request };
}

describe("the newest units of common words, page by page", () => {
  it("reads past a newest session that holds more units than a page, to the older sessions' units", async () => {
    // More units holding the words than a page of the newest (100), all of one session past its cap.
    const { connection, request } = await olderAndNewer(
      { older: "ses_pageolder0000001", newer: "ses_pagenewer0000001" },
      (i) => `deploy pipeline step ${i}`,
    );
    // Every word common: the candidates are the newest units holding them.
    const result = rankedSearch(connection, request("deploy pipeline", withReading({ probeUnits: 1 })));
    const sessions = result.hits.map((h) => h.file.sessionID);
    // The newer session's share first, then the older session's unit, then the newer's next units in the places left.
    expect(sessions.slice(0, 4).filter((s) => s === "ses_pagenewer0000001")).toHaveLength(3);
    expect(sessions.slice(0, 4)).toContain("ses_pageolder0000001");
  });
});

describe("a phrase of common words among the newest units", () => {
  it("takes the units its count walked as the newest candidates, the same as walking them again", async () => {
    for (const every of [1, 2]) {
      // The phrase in every unit, or in every other one (the words in all of them): more units than a page (100).
      const { connection, request } = await olderAndNewer(
        { older: `ses_walkolder000000${every}`, newer: `ses_walknewer000000${every}` },
        (i) => (i % every === 0 ? `deploy pipeline step ${i}` : `pipeline deploy ${i}`),
      );
      // The words are common (more than 150 units each); the phrase is counted among the newest units.
      const req = request('"deploy pipeline"', withReading({ probeUnits: 150 }));
      const plan = planRanked(connection, req.query, req.profile.reading);
      const walked = plan.walked.get('words : "deploy pipeline"');
      const holding = connection
        .all<{ id: number }>(
          "SELECT rowid AS id FROM unit_text WHERE unit_text MATCH ? ORDER BY rowid DESC",
          'words : "deploy pipeline"',
        )
        .map((r) => r.id);
      expect(walked?.ids).toEqual(holding.slice(0, 150));
      expect(walked?.all).toBe(holding.length < 150);
      const kept = candidates(connection, req, plan);
      const again = candidates(connection, req, { ...plan, walked: new Map() });
      expect(kept.rows.length).toBeGreaterThan(0);
      expect(kept).toEqual(again);
    }
  });
});

describe("common words that the newest units do not hold", () => {
  it("are looked for further back rather than answered with nothing", async () => {
    const search = await fullSearcher();
    // "module" stands in the routine sessions only, none of them among the newest 3 units; every word is common.
    const newest = search.connection.all<{ id: number }>("SELECT id FROM units ORDER BY id DESC LIMIT 3");
    const holding = search.connection.all<{ id: number }>(
      "SELECT rowid AS id FROM unit_text WHERE unit_text MATCH 'words : \"module\"'",
    );
    expect(holding.length).toBeGreaterThan(1);
    expect(holding.some((h) => newest.some((n) => n.id === h.id))).toBe(false);
    const result = search("module", { probeUnits: 1, windowUnits: 3 });
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.window).toBeUndefined();
    for (const line of answering(result.hits)) expect(line.toLowerCase()).toContain("module");
  });
});
