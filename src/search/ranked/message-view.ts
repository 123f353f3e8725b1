/**
 * The candidates seen as messages: the units that hold the generating terms grouped into their message
 * (message-of.ts), each message scored by its units' best score for each term, and shown by its unit that holds most
 * of the terms. Units and messages find different answers: a message whose words are spread over its text, its call
 * and its output may have no unit good enough to be a hit, so the last places of the hits can go to the best
 * messages the units left out (ranked-search.ts).
 */
import type { RankedTerm } from "./ranked-query.js";

/**
 * The generating terms the units of one message hold (how many units each), the bytes those units span, the units,
 * and each term's best score in one of them.
 */
export interface MessageTerms {
  start: number;
  end: number;
  held: Map<RankedTerm, number>;
  units: number[];
  /** Each term's best score in a unit of the message (FTS5's BM25 of that term alone, lower is better). */
  best: Map<RankedTerm, number>;
}

/** What a message's best unit is chosen by: the generating terms it holds, and its own BM25 (lower is better). */
interface UnitTerms {
  held: readonly RankedTerm[];
  own?: number;
}

/**
 * A message's score as the sum, over the terms it holds, of the term's best score in one of its units (higher is
 * better), each weighed as the search weighs the term (`weights`) against the index (`plain`): a message whose text,
 * call and output each hold some of the question's words scores as one that holds them all in one unit.
 */
function bestUnitsScore(
  message: MessageTerms,
  weights: ReadonlyMap<RankedTerm, number>,
  plain: ReadonlyMap<RankedTerm, number>,
): number {
  let score = 0;
  for (const [term, best] of message.best) {
    const base = plain.get(term) ?? 0;
    score -= base > 0 ? (best * (weights.get(term) ?? 0)) / base : 0;
  }
  return score;
}

/**
 * The unit showing each of the `count` best messages (by messageScore, best first) that hold every required term:
 * of its units, the one holding most of the terms, then the best by its own BM25.
 */
export function bestMessages(
  messages: ReadonlyMap<string, MessageTerms>,
  units: ReadonlyMap<number, UnitTerms>,
  weights: ReadonlyMap<RankedTerm, number>,
  plain: ReadonlyMap<RankedTerm, number>,
  required: readonly RankedTerm[],
  count: number,
): number[] {
  if (count <= 0) return [];
  const scored: { score: number; unit: number }[] = [];
  for (const message of messages.values()) {
    // A message of one unit is seen as that unit already.
    if (message.units.length < 2 || !required.every((t) => message.held.has(t))) continue;
    let best: number | undefined;
    let bestUnit: UnitTerms | undefined;
    for (const id of message.units) {
      const unit = units.get(id);
      if (!unit) continue;
      if (
        !bestUnit ||
        unit.held.length > bestUnit.held.length ||
        (unit.held.length === bestUnit.held.length && (unit.own ?? 0) < (bestUnit.own ?? 0))
      ) {
        best = id;
        bestUnit = unit;
      }
    }
    if (best !== undefined) scored.push({ score: bestUnitsScore(message, weights, plain), unit: best });
  }
  // Ties by unit id, so the order never depends on the map's.
  scored.sort((a, b) => b.score - a.score || a.unit - b.unit);
  return scored.slice(0, count).map((m) => m.unit);
}
