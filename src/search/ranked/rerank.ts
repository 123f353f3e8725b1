/**
 * The second look at the best candidates the index found: their lines are read from the transcript and scored again
 * for what BM25 cannot see: the query's words in a row (phrase), close together (proximity), the kind of unit (a
 * tool dump that merely mentions the words weighs less than a message, a question less than a statement), the share
 * of the query's terms the unit holds, the dates the query names (named-dates.ts), and a recency prior small enough
 * that a weak new match never overtakes a strong old one. The line that holds most of the query's words is the one
 * shown.
 */

import type { Role } from "../../transcripts/index/transcript-units.js";
import type { UnitWords } from "../../transcripts/index/unit-words.js";
import { dateWeight, type NamedDate } from "./named-dates.js";
import type { WeighedTerm } from "./ranked-plan.js";
import type { RankedTerm } from "./ranked-query.js";
import { termScore } from "./term-stats.js";

export const ROLE_WEIGHT: Record<Role, number> = {
  user: 1,
  assistant: 1,
  reasoning: 0.85,
  "tool-input": 0.8,
  "tool-output": 0.6,
  meta: 0.7,
};
/**
 * What the agent read or fetched (a file's text, a web page) and what OpenCode attached to a message (a file the user
 * named, as synthetic text) weigh below what was said and done: a README or an API page holds every generic word of
 * a question and took the first places for them, though the question is about the conversation.
 */
export const DOCUMENT_WEIGHT = 0.4;
/** The tools whose output is a document (lower case; the corpus's agents name them differently). */
const DOCUMENT_TOOLS = new Set([
  "read",
  "read_file",
  "view",
  "webfetch",
  "web_fetch",
  "fetch",
  "websearch",
  "web_search",
  "web_run",
]);
/** The tool a unit of synthetic text carries (transcript-units.ts): OpenCode wrote it, not the user. */
export const SYNTHETIC = "synthetic";

/** The weight of a unit of `role` (of `tool`) in the ranking: its kind, a document's below a message's. */
export function unitWeight(role: Role, tool: string | null): number {
  if (tool === null) return ROLE_WEIGHT[role];
  if (tool === SYNTHETIC || (role === "tool-output" && DOCUMENT_TOOLS.has(tool.toLowerCase()))) return DOCUMENT_WEIGHT;
  return ROLE_WEIGHT[role];
}

/** At most +10 % for the newest unit, fading over about a month: a tie breaker, never a winner. */
const RECENCY_BOOST = 0.1;
const RECENCY_DAYS = 30;
const PHRASE_BOOST = 1.5;
const PROXIMITY_BOOST = 1.25;
const DAY_MS = 86_400_000;
/**
 * Up to 2.5 times the score for a unit that holds every term of the query, by the share of the terms' weight it
 * holds: BM25 lets one rare word in a short line outscore a message that holds most of the question (a reply "Thanks
 * for the suggestion, Sam." over the suggestion itself). On LoCoMo (bench/locomo-eval), with a unit's neighbours
 * lifting it (ranked-candidates.ts), 1.5 took the answering turn into the first five for 64.2 % of the questions
 * against 63.7 % at 1, and lost no session; 2 and 3 gained no more, 0.6 lost at both levels.
 */
const COVERAGE_BOOST = 1.5;

/**
 * A message that asks a question (its last line of text ends with "?") echoes the words of a question about it but
 * rarely answers it: "How long have you been doing yoga?" is not the answer to "How long has Jolene been doing yoga?",
 * the reply after it is. Such a unit weighs 0.85: on LoCoMo (bench/locomo-eval) that took the answering turn among
 * the first five for 66.7 % of the questions instead of 65.4 %, and the answering session first for 75.1 % instead
 * of 74.6 % (0.9: 74.9 %; 0.8 and 0.6 lost sessions: 74.6 %, 73.0 %, with earlier weights); the coding sessions of
 * bench/recall-eval keep their first hits.
 */
const ASKING_WEIGHT = 0.85;

/** The recency prior of a unit written at `time`. */
const recency = (time: number | null, now: number) =>
  time === null ? 1 : 1 + RECENCY_BOOST * Math.exp(-Math.max(0, now - time) / (RECENCY_DAYS * DAY_MS));

/** The query's bare words in the order asked: a unit holding them in a row is a phrase hit. */
const bareSequence = (terms: readonly RankedTerm[]) =>
  terms.filter((t) => !t.phrase || t.compound).flatMap((t) => t.words);

/**
 * The most the second look can multiply the score of a unit written at `time` by, when it holds at most `share` of
 * the terms' weight (1: any): a unit below the best by more cannot catch up. The phrase and proximity boosts need two
 * words; the recency and the dates are the unit's own.
 */
export function maxBoost(
  terms: readonly RankedTerm[],
  time: number | null,
  now: number,
  dates: readonly NamedDate[],
  share = 1,
): number {
  const phrase = bareSequence(terms).length >= 2 ? PHRASE_BOOST : 1;
  const proximity = terms.length >= 2 ? PROXIMITY_BOOST : 1;
  const covered = 1 + COVERAGE_BOOST * Math.min(1, share);
  return phrase * proximity * covered * dateWeight(dates, time) * recency(time, now);
}

/** Two words are the same term when one is the other with an ending (porter-like, without its tables). */
export function sameTerm(word: string, term: string): boolean {
  if (word === term) return true;
  const stem = Math.max(4, Math.min(term.length, word.length) - 3);
  return term.length >= 4 && word.length >= 4 && word.slice(0, stem) === term.slice(0, stem);
}

export interface Scored {
  score: number;
  /** Index (in the unit's lines) of the line to show. */
  bestLine: number;
  /** The query terms' weight each line of the unit holds (what chooses the other lines shown, answer-lines.ts). */
  lineWeights: number[];
}

/** Positions of each term's first word in the unit's words, term by term. */
function termHits(unit: UnitWords, terms: readonly RankedTerm[]): number[][] {
  return terms.map((term) => {
    const hits: number[] = [];
    // Two words that are the same term share their first 4 letters, or are equal (sameTerm): most words are passed
    // over by that look alone.
    const first = term.words[0] as string;
    const head = first.length >= 4 ? first.slice(0, 4) : undefined;
    for (const i of unit.at) {
      const word = unit.word.get(i) as string;
      if (head === undefined ? word !== first : !word.startsWith(head)) continue;
      if (term.words.every((w, k) => sameTerm(unit.word.get(i + k) ?? "", w))) hits.push(i);
    }
    return hits;
  });
}

/** The smallest span of words holding one hit of every term that has one. */
function smallestSpan(hits: readonly number[][]): number {
  const present = hits.filter((h) => h.length > 0);
  if (present.length < 2) return Number.POSITIVE_INFINITY;
  const events = present.flatMap((h, t) => h.map((at) => ({ at, t }))).sort((a, b) => a.at - b.at);
  const seen = new Map<number, number>();
  let best = Number.POSITIVE_INFINITY;
  let left = 0;
  for (const event of events) {
    seen.set(event.t, (seen.get(event.t) ?? 0) + 1);
    while (seen.size === present.length) {
      const first = events[left] as { at: number; t: number };
      best = Math.min(best, event.at - first.at + 1);
      const n = (seen.get(first.t) as number) - 1;
      if (n === 0) seen.delete(first.t);
      else seen.set(first.t, n);
      left++;
    }
  }
  return best;
}

/** Whether the unit holds the query's bare words in the order asked, in a row. */
function inARow(unit: UnitWords, terms: readonly RankedTerm[]): boolean {
  const sequence = bareSequence(terms);
  if (sequence.length < 2) return false;
  return termHits(unit, [{ text: "", words: sequence, phrase: true }])[0]?.length !== 0;
}

/** What the index left to the second look: terms it did not score, phrases it did not check. */
export interface LeftToRescore {
  scoredAlone: readonly WeighedTerm[];
  mustHold: readonly RankedTerm[];
  meanTokens: number;
  /** Each term's weight (its inverse document frequency) in choosing the line to show; 1 each without. */
  weights?: ReadonlyMap<RankedTerm, number>;
  /** The dates the query names: a unit written then weighs NAMED_DATE_BOOST times more. */
  dates?: readonly NamedDate[];
}

const NOTHING_LEFT: LeftToRescore = { scoredAlone: [], mustHold: [], meanTokens: 1 };

/** The share of the terms' weight (each its inverse document frequency, 1 without) that has a hit in the unit. */
function coverage(hits: readonly number[][], terms: readonly RankedTerm[], weights?: ReadonlyMap<RankedTerm, number>) {
  let held = 0;
  let all = 0;
  for (const [t, positions] of hits.entries()) {
    const weight = weights?.get(terms[t] as RankedTerm) ?? 1;
    all += weight;
    if (positions.length > 0) held += weight;
  }
  return all > 0 ? held / all : 0;
}

/** The words the second look looks for in a unit: the query's, and those of the terms the index left to it. */
export const wantedWords = (terms: readonly RankedTerm[], left: LeftToRescore = NOTHING_LEFT): string[] =>
  [...terms, ...left.scoredAlone.map((w) => w.term), ...left.mustHold].flatMap((t) => t.words);

/**
 * The score of a unit of `lineCount` lines weighing `weight` (unitWeight) whose words (unit-words.ts, of wantedWords) were read, and the line to
 * show; undefined when it lacks a phrase it must hold.
 */
export function rescore(
  bm25: number,
  unit: UnitWords,
  lineCount: number,
  weight: number,
  time: number | null,
  terms: readonly RankedTerm[],
  now: number,
  left: LeftToRescore = NOTHING_LEFT,
): Scored | undefined {
  const hits = termHits(unit, terms);
  const hitsOf = (term: RankedTerm) => {
    const i = terms.indexOf(term);
    return (i >= 0 ? hits[i] : termHits(unit, [term])[0]) ?? [];
  };
  if (left.mustHold.some((term) => hitsOf(term).length === 0)) return undefined;
  // Both columns hold a compound term (its words and itself): FTS5 weighs them 1 and 1.5.
  const common = left.scoredAlone.reduce(
    (sum, w) =>
      sum + termScore(w.idf, hitsOf(w.term).length * (w.term.compound ? 2.5 : 1), unit.count, left.meanTokens),
    0,
  );
  let score = (common - bm25) * weight * (unit.asks ? ASKING_WEIGHT : 1);
  if (inARow(unit, terms)) score *= PHRASE_BOOST;
  const found = hits.filter((h) => h.length > 0).length;
  score *= 1 + COVERAGE_BOOST * coverage(hits, terms, left.weights);
  if (found >= 2 && smallestSpan(hits) <= found * 4) score *= PROXIMITY_BOOST;
  score *= dateWeight(left.dates ?? [], time) * recency(time, now);
  // The line to show holds the most terms, each within the line, the rarer weighing more.
  const counts = new Array<number>(lineCount).fill(0);
  for (const [t, positions] of hits.entries()) {
    const term = terms[t] as RankedTerm;
    const last = term.words.length - 1;
    const weight = left.weights?.get(term) ?? 1;
    let counted = -1;
    for (const at of positions) {
      const line = unit.line.get(at) as number;
      if (line >= 0 && line !== counted && line === unit.line.get(at + last)) {
        counts[line] = (counts[line] as number) + weight;
        counted = line;
      }
    }
  }
  const bestLine = Math.max(0, counts.indexOf(Math.max(...counts)));
  return { score, bestLine, lineWeights: counts };
}
