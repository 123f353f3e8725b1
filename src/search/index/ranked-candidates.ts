/**
 * The candidates of a ranked query, as its plan asks for them: the best units by BM25 for the rare terms, or the
 * newest units holding the common ones, within the request's sessions, roles and times. Either way the work is
 * bounded: BM25 reads the few units the rare terms hold, and the newest-first walk stops at a count of units or at
 * the window of the newest units (ranked-plan.ts).
 */
import type { IndexConnection, SqlValue } from "./index-connection.js";
import type { RankedPlan } from "./ranked-plan.js";
import type { RankedRequest } from "./ranked-request.js";
import type { Role } from "./transcript-units.js";

/** Candidates BM25 hands to the second look: enough for any limit, few enough to read in a millisecond or two. */
const CANDIDATES = 200;
/**
 * A query of common words only: the newest units holding them are looked at (NEWEST_LOOKED, ids and sessions only,
 * cheap), and of those at most NEWEST_CANDIDATES, a few per session, are read and scored.
 */
const NEWEST_LOOKED = 1_000;
const NEWEST_CANDIDATES = 24;

export interface UnitRow {
  id: number;
  session_id: string;
  first_line: number;
  last_line: number;
  byte_start: number;
  byte_end: number;
  role: Role;
  tool: string | null;
  time: number | null;
  score: number;
}

const COLUMNS = "u.id, s.session_id, u.first_line, u.last_line, u.byte_start, u.byte_end, u.role, u.tool, u.time";
const SCORE = "bm25(unit_text, 1.0, 1.5)";

/** The request's sessions, roles and times as SQL conditions on `u` (units) and `s` (sessions). */
function filtersOf(req: RankedRequest): { where: string[]; params: SqlValue[] } {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (req.indexed) {
    const folders = req.indexed.folderCondition("s.relative");
    if (folders) {
      where.push(folders.sql);
      params.push(...folders.params);
    }
  } else if (!req.everything) {
    where.push("s.session_id IN (SELECT value FROM json_each(?))");
    params.push(JSON.stringify(req.files.map((f) => f.sessionID)));
  }
  if (req.filters.roles && req.filters.roles.length > 0) {
    where.push(`u.role IN (${req.filters.roles.map(() => "?").join(", ")})`);
    params.push(...req.filters.roles);
  }
  if (req.filters.since !== undefined) {
    where.push("u.time >= ?");
    params.push(req.filters.since);
  }
  if (req.filters.until !== undefined) {
    where.push("u.time <= ?");
    params.push(req.filters.until);
  }
  return { where, params };
}

/** The best units by BM25 for `match`. */
function best(connection: IndexConnection, req: RankedRequest, match: string): UnitRow[] {
  const { where, params } = filtersOf(req);
  // Nothing to filter: FTS5 keeps the best candidates as it goes, and only those are joined to their units.
  const sql =
    where.length === 0
      ? `SELECT ${COLUMNS}, t.score FROM (SELECT rowid, ${SCORE} AS score FROM unit_text WHERE unit_text MATCH ?
           ORDER BY score LIMIT ?) t JOIN units u ON u.id = t.rowid JOIN sessions s ON s.sid = u.sid`
      : `SELECT ${COLUMNS}, ${SCORE} AS score FROM unit_text JOIN units u ON u.id = unit_text.rowid
           JOIN sessions s ON s.sid = u.sid WHERE unit_text MATCH ? AND ${where.join(" AND ")} ORDER BY score LIMIT ?`;
  return connection.all<UnitRow>(sql, match, ...params, CANDIDATES);
}

/** Ids and sessions of the newest units holding `match`, from id `from` on, newest first. */
function newest(
  connection: IndexConnection,
  req: RankedRequest,
  match: string,
  from: number,
): { id: number; sid: number }[] {
  const { where, params } = filtersOf(req);
  const sql =
    where.length === 0
      ? `SELECT u.id, u.sid FROM (SELECT rowid FROM unit_text WHERE unit_text MATCH ? AND rowid >= ?
           ORDER BY rowid DESC LIMIT ?) t JOIN units u ON u.id = t.rowid ORDER BY u.id DESC`
      : `SELECT u.id, u.sid FROM unit_text JOIN units u ON u.id = unit_text.rowid JOIN sessions s ON s.sid = u.sid
           WHERE unit_text MATCH ? AND unit_text.rowid >= ? AND ${where.join(" AND ")}
           ORDER BY unit_text.rowid DESC LIMIT ?`;
  return where.length === 0
    ? connection.all(sql, match, from, NEWEST_LOOKED)
    : connection.all(sql, match, from, ...params, NEWEST_LOOKED);
}

/**
 * The candidates the plan asks for, best first by what the index scored (none of them, on the newest-first way), and
 * the lowest unit id the newest-first way looked at.
 */
export function candidates(
  connection: IndexConnection,
  req: RankedRequest,
  plan: RankedPlan,
): { rows: UnitRow[]; from: number } {
  if (plan.generator !== undefined) return { rows: best(connection, req, plan.generator), from: plan.totals.oldest };
  const chosen = new Set<number>();
  const perSession = new Map<number, number>();
  // Units of one transcript stand together in the index: without a cap the newest session would fill the candidates.
  const cap = req.perSession === undefined ? NEWEST_CANDIDATES : req.perSession * 2;
  const look = (from: number) => {
    for (const match of plan.newest) {
      for (const { id, sid } of newest(connection, req, match, from)) {
        const n = perSession.get(sid) ?? 0;
        if (chosen.has(id) || n >= cap) continue;
        perSession.set(sid, n + 1);
        chosen.add(id);
        if (chosen.size >= NEWEST_CANDIDATES) return;
      }
    }
  };
  look(plan.from);
  let from = plan.from;
  // The window is the newest units of every session: a narrower or filtered search may find too few of its own
  // there, and then looks further back (its scope or filter makes that walk shorter than the index, rarely as short).
  const { roles, since, until } = req.filters;
  const narrowed =
    (req.indexed ? req.indexed.folders !== undefined : !req.everything) ||
    (roles?.length ?? 0) > 0 ||
    since !== undefined ||
    until !== undefined;
  if (chosen.size < NEWEST_CANDIDATES && narrowed && from > plan.totals.oldest) {
    from = plan.totals.oldest;
    look(from);
  }
  // Only the few chosen are read in full, newest first.
  const rows = connection.all<UnitRow>(
    `SELECT ${COLUMNS}, 0 AS score FROM units u JOIN sessions s ON s.sid = u.sid
       WHERE u.id IN (SELECT value FROM json_each(?)) ORDER BY u.id DESC`,
    JSON.stringify([...chosen]),
  );
  return { rows, from };
}
