/**
 * The candidates of a ranked query, as its plan asks for them: the best units by BM25 for the rare terms
 * (candidates-in-context.ts), or the newest units holding the common ones (newest-units.ts), within the request's
 * sessions, roles and times. Either way the work is bounded: BM25 reads the few units the rare terms hold, and the
 * newest-first walk stops at a count of units or at the window of the newest units (ranked-plan.ts).
 */
import type { IndexRows } from "../../transcripts/index/index-reader.js";
import { bestInContext } from "./candidates-in-context.js";
import { newestCandidates } from "./newest-units.js";
import type { RankedPlan } from "./ranked-plan.js";
import type { RankedTerm } from "./ranked-query.js";
import type { RankedRequest } from "./ranked-request.js";
import { bm25Sql } from "./ranking-profile.js";
import { filtersOf, UNIT_COLUMNS, type UnitRow } from "./unit-rows.js";

/** The best units by BM25 for `match`. */
function best(connection: IndexRows, req: RankedRequest, match: string): UnitRow[] {
  const { where, params } = filtersOf(req);
  const score = bm25Sql(req.profile.columns);
  // Nothing to filter: FTS5 keeps the best candidates as it goes, and only those are joined to their units.
  const sql =
    where.length === 0
      ? `SELECT ${UNIT_COLUMNS}, t.score FROM (SELECT rowid, ${score} AS score FROM unit_text WHERE unit_text MATCH ?
           ORDER BY score LIMIT ?) t JOIN units u ON u.id = t.rowid JOIN sessions s ON s.sid = u.sid`
      : `SELECT ${UNIT_COLUMNS}, ${score} AS score FROM unit_text JOIN units u ON u.id = unit_text.rowid
           JOIN sessions s ON s.sid = u.sid WHERE unit_text MATCH ? AND ${where.join(" AND ")} ORDER BY score LIMIT ?`;
  return connection.all<UnitRow>(sql, match, ...params, req.profile.reading.candidates);
}

/**
 * The candidates the plan asks for, best first by what the index scored (none of them, on the newest-first way), the
 * lowest unit id the newest-first way looked at, and each term's weight in the second look (the plan's, or weighed by
 * the scope when the search spans several sessions).
 */
export function candidates(
  connection: IndexRows,
  req: RankedRequest,
  plan: RankedPlan,
): { rows: UnitRow[]; from: number; weights: ReadonlyMap<RankedTerm, number>; messages?: UnitRow[] } {
  if (plan.generator !== undefined) {
    if (plan.generating.length === 0) {
      return { rows: best(connection, req, plan.generator), from: plan.totals.oldest, weights: plan.weights };
    }
    return { ...bestInContext(connection, req, plan), from: plan.totals.oldest };
  }
  return newestCandidates(connection, req, plan);
}
