import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CodingCorpus, exportCorpus } from "../../bench/coding-recall-corpus.js";
import {
  type CodingQuestion,
  checkAgainstTranscripts,
  checkSet,
  NEEDLE_CHARS,
  questionFiles,
  readQuestions,
  SET_RULES,
} from "../../bench/coding-recall-questions.js";
import { suiteDir } from "../helpers/temp-dir.js";

// The questions of the coding-session recall evaluation, checked against the transcripts the plugin's own exporter
// writes for the 30 real sessions (shared/ beside the checkout, as in CI).
const dir = suiteDir("ledger-coding-recall-");
let corpus: CodingCorpus;
let transcripts: Map<string, string[]>;

beforeAll(async () => {
  corpus = await exportCorpus(path.join(dir.path, "data"));
  transcripts = new Map([...corpus.sessions].map(([id, s]) => [id, s.lines]));
}, 240_000);

afterAll(() => {
  corpus?.data.searchIndex.close();
  corpus?.data.database.close();
  dir.remove();
});

const question = (over: Partial<CodingQuestion> = {}): CodingQuestion => ({
  id: "t01",
  session: "ses_39b5d713cffeRgAoxPIwS3Plus",
  question: "what format do commit titles use here?",
  kind: "fact",
  place: "text",
  needles: ["commit title using this repo format"],
  line: 23,
  heldOut: false,
  ...over,
});

/** Writes `items` as a question file in a fresh folder and reads it back. */
function readBack(items: unknown[]): ReturnType<typeof readQuestions> {
  const file = path.join(dir.path, `questions-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(items));
  return readQuestions([file]);
}

describe("coding recall: the question files", () => {
  it("are valid: schema, unique ids, every needle within one line of its session's transcript", () => {
    const files = questionFiles();
    expect(files.length).toBeGreaterThan(0);
    const { questions, problems } = readQuestions(files);
    expect(problems).toEqual([]);
    expect(checkAgainstTranscripts(questions, transcripts)).toEqual([]);
  });

  it(`hold at least ${SET_RULES.minQuestions} questions over at least ${SET_RULES.minSessions} sessions, a third held out`, () => {
    const { questions } = readQuestions();
    expect(checkSet(questions)).toEqual([]);
    expect(new Set(questions.map((q) => q.session)).size).toBeGreaterThanOrEqual(SET_RULES.minSessions);
  });

  it("ask about sessions the evaluation exports: all 30 of them are there", () => {
    expect(corpus.sessions.size).toBe(30);
    for (const s of corpus.sessions.values()) expect(s.messages.length).toBeGreaterThan(0);
  });
});

describe("coding recall: a bad question is refused with its file and id", () => {
  it("accepts a good one", () => {
    const { questions, problems } = readBack([question()]);
    expect(problems).toEqual([]);
    expect(checkAgainstTranscripts(questions, transcripts)).toEqual([]);
  });

  it(`refuses needles shorter than ${NEEDLE_CHARS.min} or longer than ${NEEDLE_CHARS.max} characters`, () => {
    const { problems } = readBack([
      question({ id: "short", needles: ["abcde"] }),
      question({ id: "long", needles: ["x".repeat(NEEDLE_CHARS.max + 1)] }),
    ]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/questions-\w+\.json short: needles\.0: /);
    expect(problems[1]).toMatch(/ long: needles\.0: /);
  });

  it("refuses an unknown kind or place, a missing field, an extra field, a duplicate id and a file that is not a list", () => {
    expect(readBack([{ ...question(), kind: "guess" }]).problems[0]).toMatch(/t01: kind: /);
    expect(readBack([{ ...question(), place: "chat" }]).problems[0]).toMatch(/t01: place: /);
    const { heldOut: _, ...noHeldOut } = question();
    expect(readBack([noHeldOut]).problems[0]).toMatch(/t01: heldOut: /);
    expect(readBack([{ ...question(), extra: 1 }]).problems[0]).toMatch(/t01: /);
    expect(readBack([question(), question()]).problems).toEqual([expect.stringMatching(/t01: the id is used twice/)]);
    expect(readBack({ not: "a list" } as unknown as unknown[]).problems[0]).toMatch(/expected a JSON array/);
  });

  it("refuses a needle that no single line holds, even when it spans two lines", () => {
    const lines = transcripts.get("ses_39b5d713cffeRgAoxPIwS3Plus") ?? [];
    // The end of one non-empty line and the start of the next: the text exists, but not within one line.
    const at = lines.findIndex((l, i) => l.length >= 10 && (lines[i + 1]?.length ?? 0) >= 10);
    const spanning = `${lines[at]?.slice(-5)} ${lines[at + 1]?.slice(0, 5)}`;
    const problems = checkAgainstTranscripts(
      [
        question({ needles: ["no such text in it at all"], line: undefined }),
        question({ id: "t02", needles: [spanning], line: undefined }),
      ],
      transcripts,
    );
    expect(problems).toEqual([
      expect.stringMatching(/^t01: needle "no such text in it at all" stands within no line of ses_39b5d713/),
      expect.stringMatching(/^t02: needle .* stands within no line/),
    ]);
  });

  it("refuses a line that does not hold the first needle, naming those that do", () => {
    expect(checkAgainstTranscripts([question({ line: 24 })], transcripts)).toEqual([
      "t01: line 24 does not hold the first needle (lines 23 do)",
    ]);
  });

  it("refuses a question about a session the evaluation does not export", () => {
    expect(checkAgainstTranscripts([question({ session: "ses_notexported0001" })], transcripts)).toEqual([
      "t01: session ses_notexported0001 is not among the evaluation's sessions",
    ]);
  });

  it("refuses a set that is too small, about too few sessions, or not a third held out", () => {
    const few = Array.from({ length: 9 }, (_, i) => question({ id: `q${i}`, heldOut: i % 3 === 2 }));
    expect(checkSet(few)).toEqual([
      `9 questions, fewer than ${SET_RULES.minQuestions}`,
      `1 sessions asked about, fewer than ${SET_RULES.minSessions}`,
    ]);
    const noneHeld = Array.from({ length: 150 }, (_, i) => question({ id: `q${i}`, session: `ses_s${i % 20}` }));
    expect(checkSet(noneHeld)).toEqual(["0 of 150 held out (0.0 %), not a third"]);
  });
});
