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
import { askedWeight, type RankedTerm } from "./ranked-query.js";
import type { RankingProfile } from "./ranking-profile.js";
import { termScore } from "./term-stats.js";

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
export function unitWeight(role: Role, tool: string | null, units: RankingProfile["units"]): number {
  if (tool === null) return units.roles[role];
  if (tool === SYNTHETIC || (role === "tool-output" && DOCUMENT_TOOLS.has(tool.toLowerCase()))) return units.document;
  return units.roles[role];
}

const DAY_MS = 86_400_000;

/** The recency prior of a unit written at `time`. */
export const recency = (time: number | null, now: number, boosts: RankingProfile["boosts"]) =>
  time === null ? 1 : 1 + boosts.recency * Math.exp(-Math.max(0, now - time) / (boosts.recencyDays * DAY_MS));

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
  boosts: RankingProfile["boosts"],
  share = 1,
): number {
  const phrase = bareSequence(terms).length >= 2 ? boosts.phrase : 1;
  const proximity = terms.length >= 2 ? boosts.proximity : 1;
  const covered = 1 + boosts.coverage * Math.min(1, share);
  return phrase * proximity * covered * dateWeight(dates, time, boosts.namedDate) * recency(time, now, boosts);
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
  /** What each step gave the score (the search's explain option). */
  parts: RescoreParts;
}

/**
 * The second look's score is (terms + the index's score) times each factor: `terms` is what the terms the index left
 * to it added, the others multiply (1: the step gave nothing).
 */
export interface RescoreParts {
  terms: number;
  /** The unit's kind (unitWeight). */
  kind: number;
  /** A message asking a question. */
  asks: number;
  phrase: number;
  coverage: number;
  proximity: number;
  date: number;
  recency: number;
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

/**
 * What a term weighs in the choice of a line: its inverse document frequency (1 without), a word of the question's
 * setting `setting` times less.
 */
export const lineWeight = (term: RankedTerm, weights: ReadonlyMap<RankedTerm, number> | undefined, setting: number) =>
  (weights?.get(term) ?? 1) * askedWeight(term, setting);

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
  /** The dates the query names: a unit written then weighs the profile's namedDate times more. */
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
  profile: RankingProfile,
  left: LeftToRescore = NOTHING_LEFT,
): Scored | undefined {
  const { boosts, columns } = profile;
  const hits = termHits(unit, terms);
  const hitsOf = (term: RankedTerm) => {
    const i = terms.indexOf(term);
    return (i >= 0 ? hits[i] : termHits(unit, [term])[0]) ?? [];
  };
  if (left.mustHold.some((term) => hitsOf(term).length === 0)) return undefined;
  // Both columns hold a compound term (its words and itself), each hit weighed as FTS5 weighs its column.
  const perHit = (term: RankedTerm) => (term.compound ? columns.words + columns.whole : columns.words);
  const common = left.scoredAlone.reduce(
    (sum, w) =>
      sum +
      termScore(w.idf, hitsOf(w.term).length * perHit(w.term), unit.count, left.meanTokens) *
        askedWeight(w.term, boosts.setting),
    0,
  );
  const asks = unit.asks ? profile.units.asking : 1;
  let score = (common - bm25) * weight * asks;
  const phrase = inARow(unit, terms) ? boosts.phrase : 1;
  score *= phrase;
  const found = hits.filter((h) => h.length > 0).length;
  const covered = 1 + boosts.coverage * coverage(hits, terms, left.weights);
  score *= covered;
  const proximity = found >= 2 && smallestSpan(hits) <= found * boosts.proximitySpan ? boosts.proximity : 1;
  score *= proximity;
  const date = dateWeight(left.dates ?? [], time, boosts.namedDate);
  const recent = recency(time, now, boosts);
  score *= date * recent;
  // The line to show holds the most terms, each within the line, the rarer weighing more.
  const counts = new Array<number>(lineCount).fill(0);
  for (const [t, positions] of hits.entries()) {
    const term = terms[t] as RankedTerm;
    const last = term.words.length - 1;
    const weight = lineWeight(term, left.weights, boosts.setting);
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
  const parts = {
    terms: common,
    kind: weight,
    asks,
    phrase,
    coverage: covered,
    proximity,
    date,
    recency: recent,
  };
  return { score, bestLine, lineWeights: counts, parts };
}
