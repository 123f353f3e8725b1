/**
 * The candidates seen as messages (message-view.ts): a message scored by its units' best score for each term, shown by
 * its unit holding most of the terms; a message of one unit, or lacking a required term, is not one of them.
 */
import { describe, expect, it } from "vitest";
import { bestMessages, type MessageTerms } from "../../../src/search/ranked/message-view.js";
import type { RankedTerm } from "../../../src/search/ranked/ranked-query.js";

const term = (text: string): RankedTerm => ({ text, words: [text], phrase: false });
const [grep, count, world] = [term("grep"), term("count"), term("world")] as [RankedTerm, RankedTerm, RankedTerm];
const weights = new Map([
  [grep, 2],
  [count, 3],
  [world, 4],
]);

/** A message's units: each unit's id with the terms it holds, each with its BM25 in that unit (lower is better). */
type Units = Record<number, [RankedTerm, number][]>;

/** A message of `units`. */
function message(units: Units): MessageTerms {
  const held = new Map<RankedTerm, number>();
  const best = new Map<RankedTerm, number>();
  for (const scores of Object.values(units)) {
    for (const [t, score] of scores) {
      held.set(t, (held.get(t) ?? 0) + 1);
      best.set(t, Math.min(best.get(t) ?? 0, score));
    }
  }
  return { start: 0, end: 100, held, best, units: Object.keys(units).map(Number) };
}

function unitsOf(...all: Units[]) {
  return new Map(
    all.flatMap((units) =>
      Object.entries(units).map(([id, scores]) => [
        Number(id),
        { held: scores.map(([t]) => t), own: scores.reduce((sum, [, s]) => sum + s, 0) },
      ]),
    ),
  );
}

/**
 * Two messages of units `a` and `b`, and the ids of the units that show the best `count` of them, the terms weighed
 * `scoped` in the scope (the index's weights by default), those `required` held.
 */
function bestOfTwo(a: Units, b: Units) {
  const messages = new Map([
    ["s:1:assistant", message(a)],
    ["s:2:assistant", message(b)],
  ]);
  const units = unitsOf(a, b);
  return (count: number, scoped = weights, required: readonly RankedTerm[] = []) =>
    bestMessages(messages, units, scoped, weights, required, count);
}

describe("the best messages of the candidates", () => {
  it("scores a message by each term's best unit, and shows it by its unit holding most terms", () => {
    // Its call holds two terms, its output the third: together they pass one unit holding two terms better.
    const spread: Units = {
      1: [
        [grep, -2],
        [world, -3],
      ],
      2: [[count, -3]],
    };
    const dense: Units = {
      3: [
        [grep, -3],
        [world, -4],
      ],
      4: [[grep, -1]],
    };
    const best = bestOfTwo(spread, dense);
    expect(best(2)).toEqual([1, 3]);
    expect(best(1)).toEqual([1]);
  });

  it("weighs each term as the search does against the index", () => {
    const best = bestOfTwo({ 1: [[grep, -4]], 2: [[grep, -1]] }, { 3: [[world, -3]], 4: [[world, -1]] });
    expect(best(2)).toEqual([1, 3]);
    // A term in every session of the scope weighs a tenth of its weight in the index.
    expect(best(2, new Map([...weights, [grep, 0.2]]))).toEqual([3, 1]);
  });

  it("leaves out messages of one unit, and those lacking a required term", () => {
    const one: Units = {
      1: [
        [grep, -9],
        [world, -9],
      ],
    };
    const best = bestOfTwo(one, { 2: [[grep, -1]], 3: [[count, -1]] });
    expect(best(5)).toEqual([2]);
    expect(best(5, weights, [world])).toEqual([]);
    expect(best(0)).toEqual([]);
  });
});
