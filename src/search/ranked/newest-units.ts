/**
 * The newest-first way of a ranked query whose terms are all common: the newest units holding them, a page at a time,
 * within the request's sessions, roles and times, bounded by a count of units or the window of the newest units
 * (ranked-plan.ts).
 */
import type { IndexRows } from "../../transcripts/index/index-reader.js";
import type { RankedPlan } from "./ranked-plan.js";
import type { RankedTerm } from "./ranked-query.js";
import type { RankedRequest } from "./ranked-request.js";
import type { Walked } from "./term-stats.js";
import { filtersOf, UNIT_COLUMNS, type UnitRow } from "./unit-rows.js";

/**
 * The newest units are asked for this many at a time, each page below the last: the candidates are most often found
 * in the first page, and FTS5 reads only what a page asks for (a walk of the profile's newestLooked, 1,000, was a
 * third of a query's time).
 */
const NEWEST_PAGE = 100;

/**
 * Ids and sessions of the newest units holding `match`, from id `from` on, newest first, a page at a time below the
 * last: `take` is given each unit until it says it has enough, or the profile's newestLooked units were looked at.
 */
function newest(
  connection: IndexRows,
  req: RankedRequest,
  match: string,
  from: number,
  take: (unit: { id: number; sid: number }) => boolean,
  walked?: Walked,
): void {
  // Without filters a page is FTS5's alone (joined to the units after it), so a short page is the end of the matches.
  const { where, params } = filtersOf(req);
  const sql =
    where.length === 0
      ? `SELECT t.rowid AS id, u.sid FROM (SELECT rowid FROM unit_text WHERE unit_text MATCH ? AND rowid >= ?
           AND rowid < ? ORDER BY rowid DESC LIMIT ?) t LEFT JOIN units u ON u.id = t.rowid ORDER BY t.rowid DESC`
      : `SELECT u.id, u.sid FROM unit_text JOIN units u ON u.id = unit_text.rowid JOIN sessions s ON s.sid = u.sid
           WHERE unit_text MATCH ? AND unit_text.rowid >= ? AND unit_text.rowid < ? AND ${where.join(" AND ")}
           ORDER BY unit_text.rowid DESC LIMIT ?`;
  // The ids a count walked from the same id on are the same pages, as long as they last: only their sessions are read.
  const known = where.length === 0 && walked?.from === from ? walked : undefined;
  const pageOf = (below: number, limit: number) => {
    if (known) {
      const start = known.ids.findIndex((id) => id < below);
      const ids = start < 0 ? [] : known.ids.slice(start, start + limit);
      if (ids.length === limit || known.all) return sessionsOf(connection, ids);
    }
    return connection.all<{ id: number; sid: number | null }>(sql, match, from, below, ...params, limit);
  };
  let below = Number.MAX_SAFE_INTEGER;
  const { newestLooked } = req.profile.reading;
  for (let looked = 0; looked < newestLooked; ) {
    const limit = Math.min(NEWEST_PAGE, newestLooked - looked);
    const page = pageOf(below, limit);
    for (const { id, sid } of page) if (sid !== null && take({ id, sid })) return;
    if (page.length < limit) return;
    looked += page.length;
    below = (page.at(-1) as { id: number }).id;
  }
}

/** The session of each unit of `ids`, in their order; null for a unit no longer in the index (as a LEFT JOIN gives). */
function sessionsOf(connection: IndexRows, ids: readonly number[]): { id: number; sid: number | null }[] {
  if (ids.length === 0) return [];
  const rows = connection.all<{ id: number; sid: number }>(
    "SELECT id, sid FROM units WHERE id IN (SELECT value FROM json_each(?))",
    JSON.stringify(ids),
  );
  const sid = new Map(rows.map((r) => [r.id, r.sid]));
  return ids.map((id) => ({ id, sid: sid.get(id) ?? null }));
}

/**
 * The newest units holding the plan's common terms (no term rare enough to rank by BM25), at most a few per session
 * when several are searched, newest first; the lowest unit id looked at.
 */
export function newestCandidates(
  connection: IndexRows,
  req: RankedRequest,
  plan: RankedPlan,
): { rows: UnitRow[]; from: number; weights: ReadonlyMap<RankedTerm, number> } {
  const chosen = new Set<number>();
  const perSession = new Map<number, number>();
  const wanted = req.profile.reading.newestCandidates;
  // Units of one transcript stand together in the index: without a cap the newest session would fill the candidates.
  const cap = req.perSession === undefined ? wanted : req.perSession * req.profile.reading.newestPerSession;
  const look = (from: number) => {
    for (const match of plan.newest) {
      newest(
        connection,
        req,
        match,
        from,
        ({ id, sid }) => {
          const n = perSession.get(sid) ?? 0;
          if (chosen.has(id) || n >= cap) return false;
          perSession.set(sid, n + 1);
          chosen.add(id);
          return chosen.size >= wanted;
        },
        plan.walked.get(match),
      );
      if (chosen.size >= wanted) return;
    }
  };
  look(plan.from);
  let from = plan.from;
  // The window is the newest units of every session: a narrower or filtered search may find too few of its own
  // there, and then looks further back (its scope or filter makes that walk shorter than the index, rarely as short);
  // so does any search that found none there (words common in the history but not lately): never "No matches" for
  // words the index holds.
  const { roles, since, until } = req.filters;
  const narrowed =
    (req.indexed ? req.indexed.folders !== undefined : !req.everything) ||
    (roles?.length ?? 0) > 0 ||
    since !== undefined ||
    until !== undefined;
  if (chosen.size < wanted && (narrowed || chosen.size === 0) && from > plan.totals.oldest) {
    from = plan.totals.oldest;
    look(from);
  }
  // Only the few chosen are read in full, newest first.
  const rows = connection.all<UnitRow>(
    `SELECT ${UNIT_COLUMNS}, 0 AS score FROM units u JOIN sessions s ON s.sid = u.sid
       WHERE u.id IN (SELECT value FROM json_each(?)) ORDER BY u.id DESC`,
    JSON.stringify([...chosen]),
  );
  return { rows, from, weights: plan.weights };
}
