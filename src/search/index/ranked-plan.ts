/**
 * How a ranked query is asked of the index so that its cost follows its rare terms, not the size of the index. FTS5's
 * BM25 reads every unit that holds a term to weigh it, so a word that stands in most units (an OR over it) costs the
 * whole index. Instead each term is counted first (term-stats.ts, bounded), and:
 * - the rarest terms, together held by few units, generate the candidates, ranked by BM25 over those terms; the
 *   common terms add to the score in the second look, from the candidates' own lines, with the same formula;
 * - a query of common terms only is answered from the newest units that hold them all (FTS5 walks ids newest first
 *   and stops at the limit), or else any of them, scored the same way.
 */
import type { IndexConnection } from "./index-connection.js";
import { clauseOf, matchOf, type RankedQuery, type RankedTerm } from "./ranked-query.js";
import { countTerm, type IndexTotals, indexTotals, inverseFrequency, PROBE_UNITS } from "./term-stats.js";

export interface WeighedTerm {
  term: RankedTerm;
  /** Its inverse document frequency, as FTS5's BM25 weighs it. */
  idf: number;
}

export interface RankedPlan {
  totals: IndexTotals;
  /** The expression whose best units by BM25 are the candidates; undefined: the newest units of `newest`. */
  generator?: string;
  /** Expressions whose newest units are the candidates, tried in turn until there are enough. */
  newest: string[];
  /** Terms the index did not score: scored in the second look from the unit's lines. */
  scoredAlone: WeighedTerm[];
  /** Quoted phrases the candidates were not asked for: a unit without one of them is no hit. */
  mustHold: RankedTerm[];
}

/**
 * The plan of a query. `probe` (default PROBE_UNITS) is both the count below which a term is rare and the most units
 * the generating terms may hold between them: what BM25 reads for the candidates.
 */
export function planRanked(connection: IndexConnection, query: RankedQuery, probe = PROBE_UNITS): RankedPlan {
  const totals = indexTotals(connection);
  const counted = query.terms
    .map((term) => ({ term, count: countTerm(connection, clauseOf(term), totals, probe) }))
    .sort((a, b) => a.count.units - b.count.units);
  // A quoted phrase no unit holds: nothing can match, and asking for it alone costs nothing.
  const absent = counted.find((c) => c.count.units === 0 && query.required.includes(c.term));
  if (absent) return { totals, generator: clauseOf(absent.term), newest: [], scoredAlone: [], mustHold: [] };
  // A word no unit holds adds nothing to any score.
  const present = counted.filter((c) => c.count.units > 0);
  const generating: RankedTerm[] = [];
  let held = 0;
  for (const { term, count } of present) {
    if (!count.exact || held + count.units > probe) break;
    generating.push(term);
    held += count.units;
  }
  const weigh = ({ term, count }: (typeof counted)[number]) => ({
    term,
    idf: inverseFrequency(totals.units, count.units),
  });
  if (generating.length > 0) {
    const required = query.required.filter((t) => generating.includes(t));
    return {
      totals,
      generator: matchOf(generating, required),
      newest: [],
      scoredAlone: present.filter((c) => !generating.includes(c.term)).map(weigh),
      mustHold: query.required.filter((t) => !generating.includes(t)),
    };
  }
  if (present.length === 0) return { totals, newest: [], scoredAlone: [], mustHold: [] };
  const terms = present.map((c) => c.term);
  const all = terms.map(clauseOf).join(" AND ");
  const any = matchOf(terms, query.required);
  return { totals, newest: all === any ? [all] : [all, any], scoredAlone: present.map(weigh), mustHold: [] };
}
