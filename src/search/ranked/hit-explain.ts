/**
 * What each stage of the ranking gave a hit, for the search's explain option: the index's BM25 and what its
 * neighbours and session added to it (candidates-in-context.ts), the second look's terms and factors by name
 * (rerank.ts), the lift from the rest of its session and the weight its place among the hits gave it
 * (ranked-search.ts). Scores are shown higher-is-better (FTS5's bm25() is lower-is-better).
 */
import type { RescoreParts } from "./rerank.js";

export interface HitExplain extends RescoreParts {
  /** A unit holding what the question asks for (a number for "how many"): the asked-kind boost (ranked-search.ts). */
  answers: number;
  /** FTS5's bm25() of the unit for the terms that generated the candidates (0 on the newest-first way). */
  bm25: number;
  /** Added by the unit's best neighbour of its session, by its session's and its message's BM25 over the same terms. */
  neighbours: number;
  session: number;
  message: number;
  /** Added after the second look by the best other unit of its session. */
  lift: number;
  /** What its score weighed in the order of the hits: the repeat weight once per hit of its session ahead of it. */
  order: number;
  /** The hit's score: (bm25 + neighbours + session + message + terms) times the factors, plus the lift. */
  score: number;
}

/** The index's part of a unit's score, split as candidates-in-context.ts added it up (all higher-is-better). */
export interface IndexParts {
  bm25: number;
  neighbours: number;
  session: number;
  message: number;
}

/** Three significant figures, without trailing zeros. */
const figure = (n: number) =>
  n === 0
    ? "0"
    : Math.abs(n) >= 100
      ? n.toFixed(0)
      : n
          .toPrecision(3)
          .replace(/(\.\d*?)0+$/, "$1")
          .replace(/\.$/, "");

/** The factors of the second look by name, as they multiply. */
const FACTORS = ["kind", "asks", "answers", "phrase", "coverage", "proximity", "date", "recency"] as const;

/**
 * One line: the score as the sum and products that made it, each part by name; the parts that gave nothing (0 added,
 * a factor of 1) left out.
 */
export function explainLine(e: HitExplain): string {
  const added = [`bm25 ${figure(e.bm25)}`];
  for (const name of ["neighbours", "session", "message", "terms"] as const) {
    if (e[name] !== 0) added.push(`${name} ${figure(e[name])}`);
  }
  const factors = FACTORS.filter((name) => e[name] !== 1).map((name) => ` × ${name} ${figure(e[name])}`);
  const lift = e.lift !== 0 ? ` + lift ${figure(e.lift)}` : "";
  const order = e.order !== 1 ? ` · order × ${figure(e.order)}` : "";
  const sum = added.length > 1 || factors.length > 0 ? `(${added.join(" + ")})` : added[0];
  return `explain: score ${figure(e.score)} = ${sum}${factors.join("")}${lift}${order}`;
}
