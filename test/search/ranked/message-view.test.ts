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

/** A message of `units` (id: [term, its BM25 in that unit (lower is better)][]). */
function message(units: Record<number, [RankedTerm, number][]>): MessageTerms {
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

function unitsOf(...all: Record<number, [RankedTerm, number][]>[]) {
  return new Map(
    all.flatMap((units) =>
      Object.entries(units).map(([id, scores]) => [
        Number(id),
        { held: scores.map(([t]) => t), own: scores.reduce((sum, [, s]) => sum + s, 0) },
      ]),
    ),
  );
}

describe("the best messages of the candidates", () => {
  it("scores a message by each term's best unit, and shows it by its unit holding most terms", () => {
    // Its call holds two terms, its output the third: together they pass one unit holding two terms better.
    const spread = {
      1: [
        [grep, -2],
        [world, -3],
      ],
      2: [[count, -3]],
    } as Record<number, [RankedTerm, number][]>;
    const dense = {
      3: [
        [grep, -3],
        [world, -4],
      ],
      4: [[grep, -1]],
    } as Record<number, [RankedTerm, number][]>;
    const messages = new Map([
      ["s:1:assistant", message(spread)],
      ["s:2:assistant", message(dense)],
    ]);
    expect(bestMessages(messages, unitsOf(spread, dense), weights, weights, [], 2)).toEqual([1, 3]);
    expect(bestMessages(messages, unitsOf(spread, dense), weights, weights, [], 1)).toEqual([1]);
  });

  it("weighs each term as the search does against the index", () => {
    const a = { 1: [[grep, -4]], 2: [[grep, -1]] } as Record<number, [RankedTerm, number][]>;
    const b = { 3: [[world, -3]], 4: [[world, -1]] } as Record<number, [RankedTerm, number][]>;
    const messages = new Map([
      ["s:1:assistant", message(a)],
      ["s:2:assistant", message(b)],
    ]);
    const units = unitsOf(a, b);
    expect(bestMessages(messages, units, weights, weights, [], 2)).toEqual([1, 3]);
    // A term in every session of the scope weighs a tenth of its weight in the index.
    const scoped = new Map([...weights, [grep, 0.2]]);
    expect(bestMessages(messages, units, scoped, weights, [], 2)).toEqual([3, 1]);
  });

  it("leaves out messages of one unit, and those lacking a required term", () => {
    const one = {
      1: [
        [grep, -9],
        [world, -9],
      ],
    } as Record<number, [RankedTerm, number][]>;
    const two = { 2: [[grep, -1]], 3: [[count, -1]] } as Record<number, [RankedTerm, number][]>;
    const messages = new Map([
      ["s:1:assistant", message(one)],
      ["s:2:assistant", message(two)],
    ]);
    expect(bestMessages(messages, unitsOf(one, two), weights, weights, [], 5)).toEqual([2]);
    expect(bestMessages(messages, unitsOf(one, two), weights, weights, [world], 5)).toEqual([]);
    expect(bestMessages(messages, unitsOf(one, two), weights, weights, [], 0)).toEqual([]);
  });
});
