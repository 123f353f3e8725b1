/**
 * Questions as people ask them of the ranked search: long, worded, full of words every question has. The rare words
 * decide the candidates, the question words never do, and a question whose content words stand in the searched
 * transcripts is never answered "No matches".
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRankedQuery } from "../../../src/search/ranked/ranked-query.js";
import { indexedSessions, PROJECT, twoProjects } from "../../helpers/indexed-sessions.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";

type Search = Awaited<ReturnType<typeof indexedSessions>>["search"];

const PLAN_SESSION = "ses_fourpartplan0001";
const PLAN_ROW = "| 2 | `src/lib/resolve-target.ts` | 796 |";

/** A long coding session: routine turns around one message that proposes a plan with a table. */
function planSession(): SessionBuilder {
  const s = new SessionBuilder(PLAN_SESSION, "Target parsing refactor", undefined, "PLN");
  for (let n = 0; n < 40; n++) s.turn(n, 800);
  s.user("How should we roll the new target parser out?");
  s.assistant((b) => {
    b.step();
    b.text(
      [
        "Proposed plan, in four parts:",
        "",
        "1. Part 1: add the parser behind a flag.",
        "2. Part 2: callsite migration, file by file.",
        "3. Part 3: remove the flag.",
        "4. Part 4: delete the old parser.",
        "",
        "| part | file listed for migration | callsites |",
        "| --- | --- | --- |",
        PLAN_ROW,
        "| 2 | `src/commands/list.ts` | 12 |",
      ].join("\n"),
    );
    b.finish();
  });
  for (let n = 40; n < 80; n++) s.turn(n, 800);
  return s;
}

/** Short sessions, each one decision among routine turns. */
const DECISIONS: [string, string][] = [
  ["ses_qdecision0000001", "We pinned esbuild to 0.21 because 0.22 writes broken sourcemaps for the workers."],
  ["ses_qdecision0000002", "The retry budget is three attempts; after that the job goes to the dead letter queue."],
  ["ses_qdecision0000003", "Invoices are archived after ninety days into cold storage, never deleted."],
  ["ses_qdecision0000004", "The websocket heartbeat runs every fifteen seconds and reconnects with jitter."],
];

function decisionSession([id, text]: [string, string]): SessionBuilder {
  const s = new SessionBuilder(id, `Decision ${id.slice(-1)}`, undefined, `DC${id.slice(-1)}`);
  s.turn(Number(id.slice(-1)), 600);
  s.user("What did we settle on?");
  s.assistant((b) => b.text(text));
  s.turn(Number(id.slice(-1)) + 1, 600);
  return s;
}

/** Words that make a question a question: adding them must never change what is found. */
const QUESTION_WORDS = [
  "what",
  "which",
  "how",
  "many",
  "did",
  "the",
  "user",
  "we",
  "was",
  "were",
  "tell",
  "me",
  "about",
  "does",
  "when",
  "why",
  "each",
  "specific",
  "didn't",
  "what's",
];

/** The hits of an answer, as session and line. */
const hitsOf = (out: Awaited<ReturnType<Search>>) => out.ranked?.hits.map((h) => `${h.file.sessionID}:${h.line}`);

/** The sessions above, exported and indexed into a fresh data folder (each test has its own). */
async function corpus(): Promise<Search> {
  return (await indexedCorpus()).search;
}

function indexedCorpus() {
  return indexedSessions([planSession().data, ...DECISIONS.map((d) => decisionSession(d).data)]);
}

describe("ranked search, questions in people's words", () => {
  it("answers a long question whose rare words are present, the answering row beside the line shown first", async () => {
    const search = await corpus();
    const query =
      "In the proposed 4-part plan, what specific files were listed for callsite migration in Part 2, and how many callsites were in each?";
    for (const sessionID of [PLAN_SESSION, undefined]) {
      const out = await search({ query, mode: "ranked", scope: PROJECT, sessionID, limit: 5 });
      expect(out.text).not.toContain("No matches");
      const first = out.ranked?.hits[0];
      expect(first?.file.sessionID).toBe(PLAN_SESSION);
      expect(first?.lines.map((l) => l.text)).toContain(PLAN_ROW);
      expect(out.text).toContain(`\n${(first?.line ?? 0) + 2}- ${PLAN_ROW}`);
    }
  });

  it("reads the word before an apostrophe's ending, and drops negated common words", async () => {
    const search = await corpus();
    const out = await search({
      query: "Why didn't esbuild's newer version work, and what's it pinned to?",
      mode: "ranked",
      scope: PROJECT,
    });
    expect(out.ranked?.hits[0]?.lines.find((l) => l.match)?.text, out.text).toContain("We pinned esbuild to 0.21");
    expect(parseRankedQuery("Why didn't esbuild's newer version work, and what's it pinned to?").dropped).toEqual([
      "Why",
      "did",
      "and",
      "what",
      "it",
      "to?",
    ]);
  });

  it("finds something for any question holding one word the transcripts hold, among words they do not", async () => {
    const search = await corpus();
    const present = ["esbuild", "sourcemaps", "heartbeat", "jitter", "invoices", "callsites", "letter", "archived"];
    const absent = fc.stringMatching(/^[q-z]{5,9}$/).map((w) => `zz${w}`);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...present),
        fc.array(absent, { maxLength: 6 }),
        fc.array(fc.constantFrom(...QUESTION_WORDS), { maxLength: 6 }),
        async (word, noise, asked) => {
          const query = [...asked, ...noise, word].join(" ");
          const out = await search({ query, mode: "ranked", scope: PROJECT, limit: 5 });
          expect(out.text).not.toContain("No matches");
          expect(out.ranked?.hits.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("never loses a hit when question words are added to the content words", async () => {
    const search = await corpus();
    const contents = ["esbuild sourcemaps workers", "retry budget dead letter", "invoices archived cold storage"];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...contents),
        fc.array(fc.constantFrom(...QUESTION_WORDS), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        async (content, asked, at) => {
          const words = content.split(" ");
          const cut = at % (words.length + 1);
          const question = [...asked.slice(0, 2), ...words.slice(0, cut), ...asked.slice(2), ...words.slice(cut)];
          const bare = await search({ query: content, mode: "ranked", scope: PROJECT, limit: 5 });
          const asking = await search({ query: `${question.join(" ")}?`, mode: "ranked", scope: PROJECT, limit: 5 });
          expect(hitsOf(bare)?.length).toBeGreaterThan(0);
          expect(hitsOf(asking)).toEqual(hitsOf(bare));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("keeps a quoted phrase required: a question around a phrase no transcript holds finds nothing", async () => {
    const search = await corpus();
    const out = await search({
      query: 'what did we decide about the "esbuild sourcemaps" for the workers?',
      mode: "ranked",
      scope: PROJECT,
    });
    expect(out.ranked?.hits).toEqual([]);
    expect(out.text).toContain(
      'No matches for "what did we decide about the \\"esbuild sourcemaps\\" for the workers?"',
    );
    const held = await search({ query: 'why was esbuild pinned "broken sourcemaps"', mode: "ranked", scope: PROJECT });
    expect(held.ranked?.hits[0]?.lines.find((l) => l.match)?.text).toContain("0.22 writes broken sourcemaps");
  });

  it("answers from the scan when the index holds no match and a transcript in scope is not in it yet", async () => {
    const { search, exported } = await indexedCorpus();
    const plan = exported.find((e) => e.sessionID === PLAN_SESSION)?.path ?? "";
    // A copy put into the folder by hand: listed, not indexed, and left out by a catch-up of one byte.
    const copy = path.join(path.dirname(plan), "ses_copiedbyhand0001.md");
    fs.writeFileSync(copy, fs.readFileSync(plan, "utf8").replaceAll("resolve-target", "pick-destination"));
    const query = "which files did the callsite migration list for pick-destination?";
    const out = await search({
      query,
      mode: "ranked",
      scope: PROJECT,
      sessionID: "ses_copiedbyhand0001",
      catchUpBytes: 1,
    });
    expect(out.text).not.toContain("No matches");
    expect(out.engine).not.toBe("the search index");
    // The scan's answer, in the ranked hit's form.
    expect(out.text).toMatch(/^# ses_copiedbyhand0001\n## 1\n/);
    expect(out.text).toMatch(/^\d+: \| 2 \| `src\/lib\/pick-destination\.ts` \| 796 \|$/m);
    expect(out.text).toContain("the index holds no match and 1 transcript");
    // Indexed, the same question is answered by the index.
    const indexed = await search({ query, mode: "ranked", scope: PROJECT, sessionID: "ses_copiedbyhand0001" });
    expect(indexed.engine).toBe("the search index");
    expect(indexed.ranked?.hits[0]?.lines.map((l) => l.text)).toContain("| 2 | `src/lib/pick-destination.ts` | 796 |");
  });

  it("lifts a unit whose session holds the question's other rare words, in other messages", async () => {
    const talk = (id: string, tag: string, place: string) => {
      const s = new SessionBuilder(id, "Weekend", undefined, tag);
      s.user("I painted a sunrise.");
      s.assistant((b) => b.text("Lovely, send me a picture."));
      s.user(`We went to the ${place} afterwards.`);
      return s.data;
    };
    // The same line in both; only the second session was also at the lake.
    const { search } = await indexedSessions([
      talk("ses_aacontext000001", "CXA", "mall"),
      talk("ses_zzcontext000001", "CXZ", "lake"),
    ]);
    const first = async (query: string) => {
      const out = await search({ query, mode: "ranked", scope: PROJECT });
      const hit = out.ranked?.hits[0];
      return { session: hit?.file.sessionID, line: hit?.lines.find((l) => l.match)?.text };
    };
    expect(await first("when did she paint the sunrise by the lake?")).toEqual({
      session: "ses_zzcontext000001",
      line: "I painted a sunrise.",
    });
    // Without the word only one session holds, the two stand equal and the order of their ids decides.
    expect(await first("when did she paint the sunrise?")).toEqual({
      session: "ses_aacontext000001",
      line: "I painted a sunrise.",
    });
  });

  it("lifts a unit beside a message that holds the question's other words", async () => {
    const s = new SessionBuilder("ses_neighbours000001", "Boats", undefined, "NBR");
    s.user("I bought a kayak.");
    s.assistant((b) => b.text("Did you take it out on the lake yet?"));
    s.user("The weather turned, so we stayed home.");
    s.assistant((b) => b.text("Better luck next time."));
    s.user("I bought a kayak.");
    s.assistant((b) => b.text("Nice, enjoy the summer."));
    const { search } = await indexedSessions([s.data]);
    const lines = async (query: string) => {
      const out = await search({ query, mode: "ranked", scope: PROJECT, limit: 5 });
      return out.ranked?.hits.map((h) => h.line) ?? [];
    };
    // The same line twice: alone, the newer stands first; the question's other word beside the older lifts that one.
    const [newer, older] = await lines("who bought a kayak?");
    expect(newer).toBeGreaterThan(older as number);
    const lifted = await lines("who bought a kayak for the lake?");
    expect(lifted.indexOf(older as number)).toBeLessThan(lifted.indexOf(newer as number));
  });

  it("does not let a name every searched session holds decide which unit answers", async () => {
    // Twenty talks with Nate in this project, each greeting him by name, one saying how long he has had his turtles;
    // in another project, turtles as often as Nate here: across the index the two words are as rare.
    const talk = (n: number) => {
      const s = new SessionBuilder(`ses_nametalk${String(n).padStart(7, "0")}`, "Catching up", undefined, `NT${n}`);
      s.user("Hey Nate! How was your week?");
      s.assistant((b) => b.text(n === 11 ? "I have had my turtles for three years now." : "Busy with the tournament."));
      return s.data;
    };
    const tank = (n: number) => {
      const s = new SessionBuilder(`ses_tanktalk${String(n).padStart(7, "0")}`, "Tank", undefined, `TT${n}`);
      s.user("The turtles need a bigger tank before winter.");
      return s.data;
    };
    const { search } = await twoProjects(
      Array.from({ length: 20 }, (_, n) => talk(n)),
      Array.from({ length: 20 }, (_, n) => tank(n)),
    );
    const out = await search({ query: "How long has Nate had his turtles?", mode: "ranked", scope: PROJECT });
    const first = out.ranked?.hits[0];
    expect(first?.file.sessionID).toBe("ses_nametalk0000011");
    expect(first?.lines.find((l) => l.match)?.text).toBe("I have had my turtles for three years now.");
  });

  it("puts a unit that asks the question below one that answers it", async () => {
    const asked = new SessionBuilder("ses_askedback000001", "Yoga", undefined, "ASK");
    asked.user("How long have you been doing yoga and meditation?");
    const answered = new SessionBuilder("ses_answeredit00001", "Mornings", undefined, "ANS");
    answered.assistant((b) => b.text("Yoga and meditation for a long time now, every morning before work."));
    const { search } = await indexedSessions([asked.data, answered.data]);
    const out = await search({
      query: "how long has she been doing yoga and meditation?",
      mode: "ranked",
      scope: PROJECT,
    });
    expect(out.ranked?.hits[0]?.lines.find((l) => l.match)?.text).toBe(
      "Yoga and meditation for a long time now, every morning before work.",
    );
  });

  it("weighs up what was written on the date a question names, and says so", async () => {
    const dated = (id: string, tag: string, day: string) => {
      const s = new SessionBuilder(id, "Porch", undefined, tag);
      s.user("We repainted the porch railing.");
      s.assistant((b) => b.text("It looks much better now."));
      const when = Date.parse(`${day}T10:00:00Z`);
      s.data.messages.forEach((m, i) => {
        m.info.time.created = when + i * 60_000;
      });
      return s.data;
    };
    const { search } = await indexedSessions([
      dated("ses_aadated00000001", "DTA", "2023-06-03"),
      dated("ses_zzdated00000001", "DTZ", "2023-07-31"),
    ]);
    const first = async (query: string) => {
      const out = await search({ query, mode: "ranked", scope: PROJECT });
      return { session: out.ranked?.hits[0]?.file.sessionID, coverage: out.text.split("\n").at(-1) };
    };
    const july = await first("What did we repaint on 31 July, 2023?");
    expect(july.session).toBe("ses_zzdated00000001");
    expect(july.coverage).toContain("weighed toward what was written on 31 July, 2023");
    expect((await first("what did we repaint on June 3, 2023")).session).toBe("ses_aadated00000001");
    // A date nothing was written on leaves the order to the words (and the ids), and still answers.
    const other = await first("what did we repaint on 2 March 2024?");
    expect(other.session).toBe("ses_aadated00000001");
    expect((await first("what did we repaint?")).coverage).not.toContain("weighed toward");
  });
});
