/**
 * The coding-session recall evaluation, the project's primary one (`npm run eval:recall` runs it first;
 * `npm run bench -- coding-recall` alone): questions written by people reading 30 real coding sessions of other
 * projects (bench/coding-recall/questions-*.json), each asked exactly as the agent's `memory_session_search` would
 * with its defaults (ranked, limit 5), project-wide and with its session named, scored at line level (a hit when a
 * line the result shows holds one of the question's needles), beside a plain FTS5 BM25 baseline over one row per
 * message in the same run, shown whole and cut to the bytes ours returned. Where the first call project-wide showed no
 * needle, the question is asked once more with the first hit's session named (the next step the tool's description
 * gives the agent), and the two calls are reported together; and once more for 50 hits, to see how deep the answer's
 * unit and message stand whatever lines each hit shows. A third of the questions is held out:
 * never tuned on, reported only in aggregate. Then opencode-lore's 20 published questions (verbatim, session named).
 *
 * LEDGER_SHARED: the shared data folder (default ../shared beside the checkout). LEDGER_EVAL_QUICK=1, for a tuning
 * loop: only the questions to tune on, project-wide, with the baseline; no section written. LEDGER_EVAL_DETAILS=1:
 * for each question to tune on not answered at rank 1, the question, its needle's line and what the first hit showed.
 * LEDGER_RANKING_PROFILE: overrides of the ranking's weights to run with (inline JSON or a JSON file,
 * bench/ranking-profile-env.ts); the report names them and no section is written.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SEARCH_LIMITS } from "../src/search/limits.js";
import { termsIn } from "../src/search/ranked/hit-lines.js";
import { parseRankedQuery } from "../src/search/ranked/ranked-query.js";
import { searchOver } from "../test/helpers/search-over.js";
import { createBaseline, scoreBaseline } from "./coding-recall-baseline.js";
import {
  type CodingCorpus,
  type ExportedSession,
  exportCorpus,
  LORE_DIR,
  PROJECT,
  sessionFiles,
} from "./coding-recall-corpus.js";
import {
  type Asking,
  checkAgainstTranscripts,
  checkSet,
  linesHolding,
  loreQuestions,
  questionFiles,
  readQuestions,
} from "./coding-recall-questions.js";
import { type AskedQuestion, type EvalRun, printDetails, reportBody, reportFigures } from "./coding-recall-report.js";
import { answerRank, missPlace, type Reach, rankedHits, reachOf, type Scored } from "./coding-recall-score.js";
import { evalProfileOrExit } from "./ranking-profile-env.js";
import { loadAverage, writeFigures, writeSection } from "./report.js";
import { sharedDir } from "./shared-dir.js";

/** Hits asked for: five, the measure the recall targets are set at (the tool's default is 10). */
const LIMIT = 5;
/** Hits asked for to see how deep the answer's unit and message stand (the reach table). */
const DEEP = 50;
const DAY = 86_400_000;
const quick = process.env.LEDGER_EVAL_QUICK === "1";
const details = process.env.LEDGER_EVAL_DETAILS === "1";
const ranking = evalProfileOrExit("coding-recall");

/**
 * Asks as the tool does, a day after the newest session (the recency prior sees every session as written before),
 * project-wide or with `sessionID` named.
 */
function askerOver(corpus: CodingCorpus) {
  const now = Math.max(...[...corpus.sessions.values()].map((s) => s.lastTime)) + DAY;
  const search = searchOver(corpus.data, { clock: () => now });
  return async (q: Asking, sessionID?: string, limit = LIMIT) => {
    const out = await search({
      query: q.question,
      mode: "ranked",
      scope: PROJECT,
      limit,
      sessionID,
      profile: ranking.profile,
    });
    const hits = rankedHits(out.text);
    const rank = answerRank(hits, q.session, q.needles);
    const spans = (out.ranked?.hits ?? []).map((h) => ({ ...h, session: h.file.sessionID }));
    const session = corpus.sessions.get(q.session);
    const miss =
      rank === undefined && session
        ? missPlace(spans, q.session, answerLines(q, session), session.messages)
        : undefined;
    const first = out.ranked?.hits[0]?.file.sessionID;
    return { scored: { rank, bytes: Buffer.byteLength(out.text) }, hits, miss, first };
  };
}

/** How deep the answer's unit and message stand among the first DEEP hits project-wide, whatever lines they show. */
function reacherOver(corpus: CodingCorpus) {
  const now = Math.max(...[...corpus.sessions.values()].map((s) => s.lastTime)) + DAY;
  const search = searchOver(corpus.data, { clock: () => now });
  return async (q: Asking): Promise<Reach | undefined> => {
    const session = corpus.sessions.get(q.session);
    if (!session) return undefined;
    const out = await search({
      query: q.question,
      mode: "ranked",
      scope: PROJECT,
      limit: DEEP,
      maxBytes: SEARCH_LIMITS.maxBytes,
      profile: ranking.profile,
    });
    const spans = (out.ranked?.hits ?? []).map((h) => ({ ...h, session: h.file.sessionID }));
    return reachOf(spans, q.session, answerLines(q, session), session.messages);
  };
}

/** The lines of its session's transcript that hold one of the question's needles. */
const answerLines = (q: Asking, session: ExportedSession) => [
  ...new Set(q.needles.flatMap((n) => linesHolding(session.lines, n))),
];

/** The most of the question's ranked terms one message holding a needle holds (the search's own matching). */
function sharedTerms(q: Asking, session: ExportedSession | undefined): number {
  if (!session) return 0;
  const { terms } = parseRankedQuery(q.question);
  const answer = answerLines(q, session);
  const holding = session.messages.filter((m) => answer.some((line) => line >= m.from && line <= m.to));
  return Math.max(0, ...holding.map((m) => termsIn(session.lines.slice(m.from - 1, m.to).join("\n"), terms)));
}

function close(corpus: CodingCorpus): void {
  corpus.data.searchIndex.close();
  corpus.data.database.close();
}

async function main(dataDir: string): Promise<number> {
  const started = performance.now();
  const load = loadAverage();
  const shared = sharedDir();
  const corpus = await exportCorpus(path.join(dataDir, "all"), sessionFiles(shared));
  const exportSeconds = (performance.now() - started) / 1000;
  const transcripts = new Map([...corpus.sessions].map(([id, s]) => [id, s.lines]));
  const files = questionFiles();
  const read = readQuestions(files);
  const lore = loreQuestions(path.join(shared, LORE_DIR));
  const problems = [
    ...read.problems,
    ...checkAgainstTranscripts(read.questions, transcripts),
    ...checkAgainstTranscripts(lore, transcripts),
  ];
  if (problems.length > 0) {
    console.error(`[coding-recall] ${problems.length} invalid question(s):\n  ${problems.join("\n  ")}`);
    close(corpus);
    return 1;
  }
  if (files.length === 0) console.error("[coding-recall] no question files yet: only opencode-lore's questions asked");
  for (const p of checkSet(read.questions)) console.error(`[coding-recall] warning: ${p}`);
  // A quick run never asks the held-out questions: a tuning loop does not see them at all.
  const questions = quick ? read.questions.filter((q) => !q.heldOut) : read.questions;

  const ask = askerOver(corpus);
  const reach = reacherOver(corpus);
  const baseline = await createBaseline(corpus.sessions.values());
  const askBaseline = (q: Asking, named: boolean, ours: Scored) => {
    const hits = baseline.search(q.question, LIMIT, named ? q.session : undefined);
    return {
      full: scoreBaseline(hits, q.session, q.needles),
      cut: scoreBaseline(hits, q.session, q.needles, ours.bytes),
    };
  };
  const asked: AskedQuestion[] = [];
  for (const q of questions) {
    const wide = await ask(q);
    const named = quick ? undefined : await ask(q, q.session);
    // What the tool's description tells the agent to do when no line answers: ask again in the first hit's session.
    const again = wide.scored.rank === undefined && wide.first ? await ask(q, wide.first) : undefined;
    // As an agent that names no limit asks it.
    const atDefault = quick ? undefined : (await ask(q, undefined, SEARCH_LIMITS.defaultHits)).scored;
    asked.push({
      question: q,
      atDefault,
      reach: await reach(q),
      firstHit: wide.hits[0],
      shared: sharedTerms(q, corpus.sessions.get(q.session)),
      again: again?.scored,
      wide: { ours: wide.scored, ...askBaseline(q, false, wide.scored), miss: wide.miss },
      named: named && { ours: named.scored, ...askBaseline(q, true, named.scored), miss: named.miss },
    });
  }
  baseline.close();
  // opencode-lore's questions: among the 30 sessions, and in a project of their two sessions alone (as published).
  const loreShared: Scored[] = [];
  const loreAlone: Scored[] = [];
  if (!quick) {
    for (const q of lore) loreShared.push((await ask(q, q.session)).scored);
    const own = await exportCorpus(path.join(dataDir, "lore"), sessionFiles(shared, true));
    const askOwn = askerOver(own);
    for (const q of lore) loreAlone.push((await askOwn(q, q.session)).scored);
    close(own);
  }
  close(corpus);
  const seconds = (performance.now() - started) / 1000;

  if (details) printDetails(asked, corpus.sessions);
  const run: EvalRun = {
    asked,
    loreShared,
    loreAlone,
    sessions: corpus.sessions.size,
    files,
    load,
    limit: LIMIT,
    defaultLimit: SEARCH_LIMITS.defaultHits,
    deep: DEEP,
  };
  const body = `${ranking.said}\n\n${reportBody(run)}`;
  console.log(body);
  console.error(
    `[coding-recall] ${questions.length} questions${quick ? " (quick: those to tune on, project-wide)" : ` and ${lore.length} of opencode-lore's`} in ${seconds.toFixed(1)} s (export ${exportSeconds.toFixed(1)} s), load ${load}`,
  );
  if (!quick && ranking.isDefault) {
    writeSection("coding-recall", "Recall in real coding sessions: the answering line, against plain FTS5", body, {
      result: "coding-recall",
      command: "npm run eval:recall",
    });
    writeFigures("coding-recall", reportFigures(run));
  }
  return 0;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-coding-recall-"));
try {
  process.exitCode = await main(dataDir);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
