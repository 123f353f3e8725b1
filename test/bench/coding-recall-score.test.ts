import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cutToBytes, scoreBaseline } from "../../bench/coding-recall-baseline.js";
import { type CodingCorpus, exportCorpus, PROJECT, sessionFiles } from "../../bench/coding-recall-corpus.js";
import { answerRank, measure, missPlace, rankedHits, reachOf, wilson } from "../../bench/coding-recall-score.js";
import { shownText } from "../../src/search/ranked/shown-line.js";
import { searchOver } from "../helpers/search-over.js";
import { suiteDir } from "../helpers/temp-dir.js";

// Two small real sessions of the corpus, exported and indexed by the plugin: the scoring reads back what the ranked
// search really renders.
const dir = suiteDir("ledger-coding-score-");
let corpus: CodingCorpus;

beforeAll(async () => {
  const files = sessionFiles().filter((f) => /jolly-eagle|quiet-meadow/.test(f));
  corpus = await exportCorpus(path.join(dir.path, "data"), files);
}, 120_000);

afterAll(() => {
  corpus?.data.searchIndex.close();
  corpus?.data.database.close();
  dir.remove();
});

describe("coding recall: reading a ranked result back into hits", () => {
  it("finds every hit in order with its session and the exact text of the lines it shows", async () => {
    const search = searchOver(corpus.data);
    const out = await search({ query: "commit title format", mode: "ranked", scope: PROJECT, limit: 5 });
    const hits = rankedHits(out.text);
    // Each hit's header, with the session of the heading above it.
    const headers: string[] = [];
    let heading = "";
    for (const line of out.text.split("\n")) {
      if (line.startsWith("# ")) heading = line;
      if (line.startsWith("## ")) headers.push(heading);
    }
    expect(hits.length).toBe(headers.length);
    expect(hits.length).toBeGreaterThan(1);
    for (const [i, hit] of hits.entries()) {
      expect(headers[i]).toMatch(new RegExp(`^# ${hit.session}\\b`));
      expect(hit.lines.length).toBeGreaterThan(0);
      const session = corpus.sessions.get(hit.session);
      // Every shown line is a transcript line as a hit shows it (a long one as a window of it).
      for (const line of hit.lines) {
        const text = line.replace(/^\[…\d+ bytes\] /, "").replace(/ \[…\d+ bytes\]$/, "");
        expect(session?.lines.some((l) => shownText(l).includes(text))).toBe(true);
      }
    }
    // A needle from the second hit's lines scores at the first hit showing it, never later.
    const needle = (hits[1]?.lines[0] ?? "").slice(0, 30);
    const first = hits.findIndex((h) => h.session === hits[1]?.session && h.lines.some((l) => l.includes(needle)));
    expect(answerRank(hits, hits[1]?.session as string, [needle])).toBe(first + 1);
  });

  it("counts a needle only in a hit of the question's session, and misses when no hit shows it", () => {
    const text = [
      '# ses_aaaaaaaaaaaaaaaa · "A title"',
      "## 1 · assistant",
      "10: the port is 4150",
      "# ses_bbbbbbbbbbbbbbbb",
      "## 2 · tool-output (bash)",
      "19- context",
      "20: listening on port 4150",
      "## 3 · assistant · 10:41Z",
      "31: nothing here",
      "[search] ranked: …",
    ].join("\n");
    const hits = rankedHits(text);
    expect(hits).toEqual([
      { session: "ses_aaaaaaaaaaaaaaaa", lines: ["the port is 4150"] },
      { session: "ses_bbbbbbbbbbbbbbbb", lines: ["context", "listening on port 4150"] },
      // A hit under the heading of the hit above is of its session.
      { session: "ses_bbbbbbbbbbbbbbbb", lines: ["nothing here"] },
    ]);
    expect(answerRank(hits, "ses_bbbbbbbbbbbbbbbb", ["port is 4150", "port 4150"])).toBe(2);
    expect(answerRank(hits, "ses_aaaaaaaaaaaaaaaa", ["port 4150"])).toBeUndefined();
    expect(answerRank(rankedHits('No matches for "x".\n[search] …'), "ses_aaaaaaaaaaaaaaaa", ["x"])).toBeUndefined();
  });
});

describe("coding recall: how far a share on few questions can be trusted", () => {
  it("gives Wilson's 95 % interval, within 0-1 at the edges", () => {
    const near = (got: readonly number[], want: readonly number[]) => {
      for (const [i, x] of got.entries()) expect(x).toBeCloseTo(want[i] as number, 4);
    };
    near(wilson(0.5, 100), [0.4038, 0.5962]);
    // 33 of 85: the held-out set's size, where a share is known to about ten points either way.
    near(wilson(33 / 85, 85), [0.2916, 0.4945]);
    near(wilson(0, 10), [0, 0.2775]);
    near(wilson(1, 10), [0.7225, 1]);
    expect(wilson(0, 10)[0]).toBeGreaterThanOrEqual(0);
    expect(wilson(1, 10)[1]).toBeLessThanOrEqual(1);
    // No question asked: nothing is known.
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});

describe("coding recall: the baseline as shown", () => {
  const hits = [
    { session: "ses_a", text: "first message\nholds nothing" },
    { session: "ses_b", text: "second message\nthe needle: 42 pages" },
  ];

  it("scores whole messages at the rank of the first in the session that holds a needle", () => {
    expect(scoreBaseline(hits, "ses_b", ["42 pages"])).toEqual({ rank: 2, bytes: 27 + 1 + 35 + 1 });
    expect(scoreBaseline(hits, "ses_a", ["42 pages"]).rank).toBeUndefined();
  });

  it("cut to a budget, shows the messages in order up to it: a needle past the cut is not shown", () => {
    expect(scoreBaseline(hits, "ses_b", ["42 pages"], 40).rank).toBeUndefined();
    expect(scoreBaseline(hits, "ses_b", ["42 pages"], 40).bytes).toBe(40);
    expect(scoreBaseline(hits, "ses_b", ["42 pages"], 64).rank).toBe(2);
  });

  it("cuts on whole characters", () => {
    expect(cutToBytes("aé€b", 3)).toBe("aé");
    expect(cutToBytes("aé€b", 4)).toBe("aé");
    expect(cutToBytes("aé€b", 6)).toBe("aé€");
    expect(cutToBytes("short", 100)).toBe("short");
  });
});

describe("coding recall: the measures", () => {
  it("hit@1, hit@5, MRR and bytes over the questions asked", () => {
    const m = measure([
      { rank: 1, bytes: 100 },
      { rank: 2, bytes: 300 },
      { rank: undefined, bytes: 200 },
      { rank: 6, bytes: 400 },
    ]);
    expect(m).toEqual({ n: 4, hit1: 0.25, hit5: 0.5, mrr: (1 + 0.5) / 4, medianBytes: 250, p90Bytes: 400 });
  });
});

describe("coding recall: where an answer no hit showed stood", () => {
  const messages = [
    { id: "msg_1", from: 1, to: 10 },
    { id: "msg_2", from: 11, to: 30 },
  ];
  const hit = (session: string, firstLine: number, lastLine: number) => ({
    session,
    firstLine,
    lastLine,
    line: firstLine,
  });

  it("names the nearest place a hit reached: its unit, its message, its session, or none of them", () => {
    expect(missPlace([hit("ses_b", 20, 22)], "ses_a", [20], messages)).toBe("elsewhere");
    expect(missPlace([hit("ses_a", 2, 4)], "ses_a", [20], messages)).toBe("session");
    expect(missPlace([hit("ses_a", 2, 4), hit("ses_a", 12, 15)], "ses_a", [20], messages)).toBe("message");
    expect(missPlace([hit("ses_a", 12, 15), hit("ses_a", 18, 22)], "ses_a", [20], messages)).toBe("unit");
    // An answer standing on two lines: the nearer place of either.
    expect(missPlace([hit("ses_a", 2, 4)], "ses_a", [3, 20], messages)).toBe("unit");
  });

  it("says at which rank the answer's unit and its message first stand among the hits, whatever lines they show", () => {
    const hits = [hit("ses_b", 20, 22), hit("ses_a", 2, 4), hit("ses_a", 12, 15), hit("ses_a", 18, 22)];
    // Another session's hit on the same line numbers is no reach; the message first at rank 3, the unit at rank 4.
    expect(reachOf(hits, "ses_a", [20], messages)).toEqual({ unit: 4, message: 3 });
    expect(reachOf(hits.slice(0, 2), "ses_a", [20], messages)).toEqual({ unit: undefined, message: undefined });
    expect(reachOf([], "ses_a", [20], messages)).toEqual({ unit: undefined, message: undefined });
  });
});
