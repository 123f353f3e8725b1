/**
 * How a ranked query is asked of the index so that its cost follows its rare terms, not the size of the index. FTS5's
 * BM25 reads every unit that holds a term to weigh it, so a word that stands in most units (an OR over it) costs the
 * whole index. Instead each term is counted first (term-stats.ts, bounded), and:
 * - the rarest terms, together held by few units, generate the candidates, ranked by BM25 over those terms; the
 *   common terms add to the score in the second look, from the candidates' own lines, with the same formula;
 * - a query of common terms only is answered from the newest units that hold them all (FTS5 walks ids newest first
 *   and stops at the limit), or else any of them, scored the same way.
 * A phrase (or a compound's words in a row) costs FTS5 a walk of the units holding its rarest word, whether the phrase
 * stands in them or not: with a rare word that walk is short; of common words only, it is the whole index, however
 * rare the phrase. Such a term is looked for only among the newest units (the profile's windowUnits), and so are the
 * newest units of a common-only query: the search says so when that left older units unread.
 */
import type { IndexRows } from "../../transcripts/index/index-reader.js";
import { ftsPhrase } from "../../transcripts/index/index-tokens.js";
import { clauseOf, matchOf, type RankedQuery, type RankedTerm } from "./ranked-query.js";
import type { RankingProfile } from "./ranking-profile.js";
import {
  countTerm,
  type IndexTotals,
  indexTotals,
  inverseFrequency,
  type TermCount,
  type TermProbe,
  type Walked,
} from "./term-stats.js";

export interface WeighedTerm {
  term: RankedTerm;
  /** Its inverse document frequency, as FTS5's BM25 weighs it. */
  idf: number;
}

export interface RankedPlan {
  totals: IndexTotals;
  /** The expression whose best units by BM25 are the candidates; undefined: the newest units of `newest`. */
  generator?: string;
  /** The terms of `generator` (none on the newest-first way). */
  generating: RankedTerm[];
  /** Expressions whose newest units are the candidates, tried in turn until there are enough. */
  newest: string[];
  /** Terms the index did not score: scored in the second look from the unit's lines. */
  scoredAlone: WeighedTerm[];
  /** Quoted phrases the candidates were not asked for: a unit without one of them is no hit. */
  mustHold: RankedTerm[];
  /** The lowest unit id the newest-first looks reach; above totals.oldest, older units were left unread. */
  from: number;
  /** Every term's inverse document frequency: which of a unit's lines holds the rarer words. */
  weights: ReadonlyMap<RankedTerm, number>;
  /**
   * Every term's inverse document frequency as FTS5's bm25() weighs it: over the units alone, where `weights` is over
   * the unit ids (the bare marker lines' too). A score of FTS5's for one term is taken to the search's weight by their
   * ratio (candidates-in-context.ts).
   */
  indexWeights: ReadonlyMap<RankedTerm, number>;
  /** The units the counts walked among the newest (term-stats.ts, `Walked`), by the expression they hold. */
  walked: ReadonlyMap<string, Walked>;
  /** Terms no unit of the index holds (counted whole): they score nothing, and the search says so. */
  absent: RankedTerm[];
}

/**
 * Counts each term: a single word as it stands (at most `probe` units are walked), a run of words over the whole
 * index only when one of its words is rare, else among the units from `from` on.
 */
function termCounter(connection: IndexRows, totals: IndexTotals, probe: TermProbe, from: number) {
  const words = new Map<string, TermCount>();
  const word = (w: string) => {
    let count = words.get(w);
    if (count === undefined) {
      count = countTerm(connection, `words : ${ftsPhrase(w)}`, totals, probe);
      words.set(w, count);
    }
    return count;
  };
  return (term: RankedTerm): TermCount => {
    if (term.words.length === 1) return word(term.words[0] as string);
    const cheap = term.words.some((w) => word(w).exact);
    // Among the newest units, the walk is kept: with no rare term to generate the candidates, they are the newest
    // units holding it, the units this walk went through.
    return countTerm(connection, clauseOf(term), totals, probe, cheap ? 0 : from, !cheap);
  };
}

/**
 * The plan of a query. The profile's probeUnits is both the count below which a term is rare and the most units the
 * generating terms may hold between them: what BM25 reads for the candidates. Its windowUnits is how many of the
 * newest units the looks that could otherwise walk the whole index are kept to.
 */
export function planRanked(
  connection: IndexRows,
  query: RankedQuery,
  reading: TermProbe & Pick<RankingProfile["reading"], "windowUnits">,
): RankedPlan {
  const probe = reading.probeUnits;
  const window = reading.windowUnits;
  const totals = indexTotals(connection);
  const from = Math.max(totals.oldest, totals.newest - window + 1);
  const count = termCounter(connection, totals, reading, from);
  const counted = query.terms
    .map((term) => ({ term, count: count(term) }))
    .sort((a, b) => a.count.units - b.count.units);
  // Over the unit ids, the bare marker lines' counted as units that hold nothing (term-stats.ts, `ids`): the weights
  // the ranking was tuned with when those lines were units. Over the units alone (and FTS5's scores as it gave them),
  // the coding recall evaluation's questions to tune on had a needle among the first five project-wide for 53.7 %
  // (54.6 % over the ids, FTS5's scores taken to these weights) and LoCoMo's answering session was among the first
  // five for 90.4 % (90.8 %; 90.6 % in index format 4, where those lines were units).
  const weights = new Map(counted.map((c) => [c.term, inverseFrequency(totals.ids, c.count.units)]));
  const indexWeights = new Map(counted.map((c) => [c.term, inverseFrequency(totals.units, c.count.units)]));
  const walked = new Map<string, Walked>();
  for (const { term, count } of counted) if (count.walked) walked.set(clauseOf(term), count.walked);
  const absent = counted.filter((c) => c.count.units === 0 && c.count.exact).map((c) => c.term);
  const base = { totals, from, weights, indexWeights, walked, absent };
  // A quoted phrase no unit holds: nothing can match, and asking for it alone costs nothing.
  const unmatched = absent.find((term) => query.required.includes(term));
  if (unmatched) {
    return {
      ...base,
      generator: clauseOf(unmatched),
      generating: [unmatched],
      newest: [],
      scoredAlone: [],
      mustHold: [],
    };
  }
  // A word no unit holds adds nothing to any score; a phrase not among the newest units may still be further back.
  const present = counted.filter((c) => c.count.units > 0 || !c.count.exact);
  const generating: RankedTerm[] = [];
  let held = 0;
  for (const { term, count } of present) {
    if (!count.exact) continue;
    if (held + count.units > probe) break;
    generating.push(term);
    held += count.units;
  }
  const weigh = ({ term }: (typeof counted)[number]) => ({ term, idf: weights.get(term) as number });
  if (generating.length > 0) {
    const required = query.required.filter((t) => generating.includes(t));
    return {
      ...base,
      generator: matchOf(generating, required),
      generating,
      newest: [],
      scoredAlone: present.filter((c) => !generating.includes(c.term)).map(weigh),
      mustHold: query.required.filter((t) => !generating.includes(t)),
    };
  }
  if (present.length === 0) return { ...base, generating: [], newest: [], scoredAlone: [], mustHold: [] };
  const terms = present.map((c) => c.term);
  const all = terms.map(clauseOf).join(" AND ");
  // Every term required: any of them is all of them, and one walk does.
  const any = terms.every((t) => query.required.includes(t)) ? all : matchOf(terms, query.required);
  return {
    ...base,
    generating: [],
    newest: all === any ? [all] : [all, any],
    scoredAlone: present.map(weigh),
    mustHold: [],
  };
}
