import { describe, expect, it } from "vitest";
import type { CodingQuestion } from "../../bench/coding-recall-questions.js";
import { type AskedQuestion, type EvalRun, printDetails, reportBody } from "../../bench/coding-recall-report.js";

const missed = { rank: undefined, bytes: 3_000 };
const asked = (id: string, heldOut: boolean, shared = 2): AskedQuestion => {
  const question: CodingQuestion = {
    id,
    session: "ses_aaaaaaaaaaaaaaaa",
    question: `the question ${id} asks`,
    kind: "error",
    place: "tool-output",
    needles: [`needle of ${id}`],
    line: 2,
    heldOut,
  };
  const setting = { ours: missed, full: { rank: 2, bytes: 9_000 }, cut: missed, miss: "session" as const };
  return {
    question,
    firstHit: { session: "ses_aaaaaaaaaaaaaaaa", lines: [`first hit shown for ${id}`] },
    shared,
    wide: setting,
    named: setting,
  };
};
const run: EvalRun = {
  asked: [asked("tune01", false), asked("held01", true)],
  loreShared: [],
  loreAlone: [],
  sessions: 1,
  files: [],
  load: "0.00",
  limit: 5,
};

/** What `fn` writes to the console's error stream. */
function errorOutput(fn: () => void): string {
  const original = console.error;
  const out: string[] = [];
  console.error = (...args: unknown[]) => out.push(args.join(" "));
  try {
    fn();
  } finally {
    console.error = original;
  }
  return out.join("\n");
}

describe("coding recall: held-out questions stay out of sight", () => {
  it("the report counts them in aggregate and never names one", () => {
    const body = reportBody(run);
    expect(body).toContain("| held out | project-wide | ours (ranked) | 1 |");
    // One question of one, missed: hit@5 0 %, known only to lie below about 79 %.
    expect(body).toMatch(/\| held out \| project-wide \| ours \(ranked\) \| 1 \| 0\.0 % \| 0\.0 % \| 0\.0-79\.3 % \|/);
    expect(body).not.toMatch(/held01/);
    expect(body).not.toMatch(/tune01/);
  });

  it("where the missed answers stood, and the terms their messages hold, are counted over the questions to tune on", () => {
    const body = reportBody({
      ...run,
      asked: [asked("tune01", false), asked("tune02", false, 5), asked("held01", true)],
    });
    expect(body).toContain("| in a hit's session, another message shown | 2 | 2 |");
    expect(body).toContain("| in a session no hit was in | 0 | 0 |");
    expect(body).toContain("| 2 | 1 | 0.0 % | 100.0 % | 0.0 % | 100.0 % |");
    expect(body).toContain("| 5 or more | 1 | 0.0 % | 100.0 % | 0.0 % | 100.0 % |");
  });

  it("the questions to tune on are counted file by file, the held-out ones in none", () => {
    const inFile = (a: AskedQuestion, file: string): AskedQuestion => ({ ...a, question: { ...a.question, file } });
    const answered = asked("tune02", false);
    const body = reportBody({
      ...run,
      asked: [
        inFile(asked("tune01", false), "questions-a.json"),
        inFile({ ...answered, wide: { ...answered.wide, ours: { rank: 4, bytes: 2_400 } } }, "questions-d.json"),
        inFile(asked("tune03", false), "questions-d.json"),
        inFile(asked("held01", true), "questions-d.json"),
      ],
    });
    expect(body).toContain(
      "by file, project-wide hit@5: `questions-a.json` (1) ours 0.0 %, FTS5 full 100.0 %; `questions-d.json` (2) ours 50.0 %, FTS5 full 100.0 %.",
    );
  });

  it("a second call in the first hit's session counts where the first showed no needle, the bytes of both", () => {
    const body = reportBody({
      ...run,
      asked: [
        { ...asked("tune01", false), again: { rank: 3, bytes: 2_000 } },
        { ...asked("tune02", false), again: { rank: undefined, bytes: 2_500 } },
        { ...asked("tune03", false), wide: { ...asked("tune03", false).wide, ours: { rank: 1, bytes: 2_400 } } },
        { ...asked("held01", true), again: { rank: 1, bytes: 1_000 } },
      ],
    });
    expect(body).toContain("to tune on 2 of 3 (66.7 %, bytes of the calls made: median 5,000, p90 5,500)");
    expect(body).toContain("held out 1 of 1 (100.0 %, bytes of the calls made: median 4,000, p90 4,000)");
    expect(body).not.toMatch(/held01/);
  });

  it("the questions asked at the tool's default limit count within its first five hits and within them all", () => {
    const at = (id: string, heldOut: boolean, rank: number | undefined, bytes: number) => ({
      ...asked(id, heldOut),
      atDefault: { rank, bytes },
    });
    const body = reportBody({
      ...run,
      defaultLimit: 10,
      asked: [at("tune01", false, 2, 5_000), at("tune02", false, 7, 6_000), at("tune03", false, undefined, 4_000)],
    });
    expect(body).toContain(
      "at the tool's default limit (10), as an agent that names no limit asks them: to tune on 1 of 3 among the first five hits, 2 among the 10 (median 5,000 B, p90 6,000)",
    );
    // Not asked (a quick run): no such line.
    expect(reportBody({ ...run, defaultLimit: 10 })).not.toContain("default limit (10), as an agent");
  });

  it("how deep the answer stands counts the questions to tune on within each rank, none held out", () => {
    const reached = (id: string, heldOut: boolean, unit: number | undefined, message: number | undefined) => ({
      ...asked(id, heldOut),
      reach: { unit, message },
    });
    const body = reportBody({
      ...run,
      deep: 50,
      asked: [
        reached("tune01", false, 3, 1),
        reached("tune02", false, undefined, 12),
        reached("tune03", false, undefined, undefined),
        reached("held01", true, 1, 1),
      ],
    });
    expect(body).toContain("each asked again for 50 hits");
    expect(body).toContain("| first 1 | 0 | 1 |");
    expect(body).toContain("| first 5 | 1 | 1 |");
    expect(body).toContain("| first 20 | 1 | 2 |");
    expect(body).toContain("| first 50 | 1 | 2 |");
    // Not asked (no `deep`): no such table.
    expect(reportBody(run)).not.toContain("How deep the answer stands");
  });

  it("the details of a tuning run show the missed questions to tune on, and none held out", () => {
    const sessions = new Map([
      [
        "ses_aaaaaaaaaaaaaaaa",
        { id: "ses_aaaaaaaaaaaaaaaa", lines: ["one", "needle of tune01"], messages: [], lastTime: 0 },
      ],
    ]);
    const out = errorOutput(() => printDetails(run.asked, sessions));
    expect(out).toContain("the question tune01 asks");
    expect(out).toContain("ses_aaaaaaaaaaaaaaaa.md:2: needle of tune01");
    expect(out).toContain("first hit shown for tune01");
    expect(out).not.toMatch(/held01/);
  });
});
