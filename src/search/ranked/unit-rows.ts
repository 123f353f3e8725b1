/**
 * A unit as the ranked search reads it from the index (its session, lines, bytes, kind and time, and the score it was
 * chosen by), the columns that read it, and the request's sessions, roles and times as SQL conditions.
 */
import type { SqlValue } from "../../transcripts/index/index-reader.js";
import type { Role } from "../../transcripts/index/transcript-units.js";
import { rolesCondition, unitRangeSql } from "../../transcripts/index/unit-columns.js";
import type { IndexParts } from "./hit-explain.js";
import type { RankedTerm } from "./ranked-query.js";
import type { RankedRequest } from "./ranked-request.js";

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
  /** Of a tool's output: the bytes of its call's first lines. */
  call_start: number | null;
  call_end: number | null;
  score: number;
  /** The generating terms the unit holds, when the index said which (ranked-plan.ts): the others it does not. */
  held?: RankedTerm[];
  /** How `score` was added up, when its neighbours and session weighed in (bestInContext). */
  parts?: IndexParts;
}

/** The columns of a unit row but its score, of `u` (units) and `s` (sessions). */
export const UNIT_COLUMNS = `u.id, s.session_id, ${unitRangeSql("u")}, u.tool, u.time, u.call_start, u.call_end`;

/** The request's sessions, roles and times as SQL conditions on `u` (units) and `s` (sessions). */
export function filtersOf(req: RankedRequest): { where: string[]; params: SqlValue[] } {
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
    const roles = rolesCondition("u", req.filters.roles);
    where.push(roles.sql);
    params.push(...roles.params);
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
