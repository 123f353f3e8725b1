/**
 * The candidates of a ranked query that names rare terms: the best units by BM25 of each generating term, each lifted
 * by its neighbours, its message and its session, with the best messages the units left out (message-view.ts).
 */
import type { IndexRows } from "../../transcripts/index/index-reader.js";
import type { Role } from "../../transcripts/index/transcript-units.js";
import { roleSql } from "../../transcripts/index/unit-columns.js";
import { messageOf } from "./message-of.js";
import { bestMessages, type MessageTerms } from "./message-view.js";
import { dateWeight } from "./named-dates.js";
import type { RankedPlan } from "./ranked-plan.js";
import { askedWeight, clauseOf, type RankedTerm } from "./ranked-query.js";
import type { RankedRequest } from "./ranked-request.js";
import { bm25Sql, type RankingProfile } from "./ranking-profile.js";
import { inverseFrequency, termScore } from "./term-stats.js";
import { filtersOf, UNIT_COLUMNS, type UnitRow } from "./unit-rows.js";

/** What the candidates are chosen by: a unit's id, session, time and score, and the generating terms it holds. */
interface Scored {
  id: number;
  sid: number;
  role: Role;
  time: number | null;
  /** Of a tool's output: the bytes of its call's first lines. */
  call_start: number | null;
  call_end: number | null;
  score: number;
  held: RankedTerm[];
  /** The unit's own BM25 and what its neighbours and session added (lower is better, as FTS5's). */
  own?: number;
  neighbours?: number;
  session?: number;
  message?: number;
}

const messageKey = (unit: { sid: number; time: number | null; role: Role }) =>
  messageOf(unit.sid, unit.time, unit.role);

/** A message's BM25 over the terms its units hold, as one document of `bytes` against a mean of `meanBytes`. */
function messageScore(message: MessageTerms, weights: ReadonlyMap<RankedTerm, number>, meanBytes: number): number {
  const bytes = Math.max(meanBytes, message.end - message.start);
  let score = 0;
  for (const [term, count] of message.held) score += termScore(weights.get(term) ?? 0, count, bytes, meanBytes);
  return score;
}

/**
 * Each unit's score lifted by its best neighbour's own score (scores are BM25's, lower is better): a unit of its
 * session at most the profile's neighbourSpan ids before or after it, times its neighbour weight.
 */
function liftedByNeighbours(rows: readonly Scored[], sessions: RankingProfile["sessions"], weight: number): void {
  const own = new Map(rows.map((r) => [r.id, r]));
  const lifts = rows.map((row) => {
    let best = 0;
    for (let d = 1; d <= sessions.neighbourSpan; d++) {
      for (const near of [own.get(row.id - d), own.get(row.id + d)]) {
        if (near && near.sid === row.sid) best = Math.min(best, near.score);
      }
    }
    return weight * best;
  });
  for (const [i, row] of rows.entries()) row.score += lifts[i] as number;
}

type OwnRow = { sid: number; session_bytes: number };

/**
 * With one session searched, each generating term's weight blended with its weight within that session (the
 * profile's ownWeights, `share`): FTS5's inverse document frequency over the session's units, those holding the term
 * (every one of them is read for the candidates anyway) of the session's units. The index keeps no count of a
 * session's units (no index of units by session), so it is estimated from the session's bytes over the index's mean
 * bytes a unit id (`meanUnit`: its bare marker lines keep an id each, as the index-wide weights count them, so the
 * two stay alike). Undefined: nothing to blend (no share, or the units read are of several sessions).
 */
function ownWeights(
  read: readonly { term: RankedTerm; rows: readonly OwnRow[] }[],
  index: ReadonlyMap<RankedTerm, number>,
  share: number,
  meanUnit: number,
): Map<RankedTerm, number> | undefined {
  if (share <= 0) return undefined;
  const sids = new Set(read.flatMap(({ rows }) => rows.map((r) => r.sid)));
  const first = read.find(({ rows }) => rows.length > 0)?.rows[0];
  if (sids.size !== 1 || first === undefined) return undefined;
  const most = Math.max(...read.map((r) => r.rows.length));
  const units = Math.max(most + 1, Math.round(first.session_bytes / Math.max(1, meanUnit)));
  return new Map(
    read.map(({ term, rows }) => {
      const whole = index.get(term) ?? 0;
      return [term, (1 - share) * whole + share * inverseFrequency(units, rows.length)];
    }),
  );
}

/**
 * The best units by BM25 for the generating terms, each unit's score lifted by its session's: the session taken as one
 * document of the units holding each term (BM25 over sessions: a term's count in a session is the units holding it, a
 * session's length its bytes). The generating terms are rare (together at most a few thousand units, ranked-plan.ts),
 * so each is asked alone and every unit holding it is read with its session, which the BM25 of their OR reads anyway;
 * a unit's score is the sum of its terms' (BM25 is a sum over terms), and a unit without a required term is left out.
 * Only the numbers the choice needs are read of every unit; the rest only of the candidates chosen (reading all of a
 * unit's columns for a few thousand units was most of such a query's time).
 *
 * With one session searched (no cap per session) its units are chosen the same way, without the session's lift and
 * the scope's weights: the session is the same for every unit, and a lift the same for all only dilutes what tells
 * them apart. On the coding recall evaluation's questions to tune on, with the session named, the FTS5 BM25 of the
 * generating terms' OR put a needle among the first five hits for 56 of 108 questions; these per-term scores with the
 * neighbour and message lifts for 59, and without the session's lift for 60. The neighbours weigh less there
 * (the profile's neighbourInSession), and the generating terms are weighed partly within the session (ownWeights).
 */
export function bestInContext(
  connection: IndexRows,
  req: RankedRequest,
  plan: RankedPlan,
): { rows: UnitRow[]; weights: Map<RankedTerm, number>; messages: UnitRow[] } {
  const { where, params } = filtersOf(req);
  const { sessions: weighs, reading } = req.profile;
  const sql = `SELECT u.id, u.sid, u.time, ${roleSql("u")} AS role, u.byte_start, u.byte_start + u.byte_span AS byte_end,
    s.bytes AS session_bytes,
    ${bm25Sql(req.profile.columns)} AS score FROM unit_text
    JOIN units u ON u.id = unit_text.rowid JOIN sessions s ON s.sid = u.sid
    WHERE unit_text MATCH ?${where.length > 0 ? ` AND ${where.join(" AND ")}` : ""}`;
  const oneSession = req.perSession === undefined;
  const read = plan.generating.map((term) => ({ term, rows: connection.all<TermRow>(sql, clauseOf(term), ...params) }));
  // The index's bytes, kept by the index's triggers as the sessions change (index-schema.ts, index_totals): a sum over
  // the sessions cost about 3 ms at 17,000 transcripts in a 2.9 GB index.
  const indexBytes = () => connection.get<{ bytes: number }>("SELECT bytes FROM index_totals")?.bytes ?? 0;
  const own =
    oneSession && weighs.ownWeights > 0
      ? ownWeights(read, plan.weights, weighs.ownWeights, indexBytes() / Math.max(1, plan.totals.ids))
      : undefined;
  const termWeights = own ? new Map([...plan.weights, ...own]) : plan.weights;
  const { units, sessions, messages } = gathered(read, plan, own, req.profile.boosts.setting);
  const required = plan.generating.filter((t) => req.query.required.includes(t));
  const weights = oneSession ? new Map(termWeights) : scopeWeights(plan, sessions, termWeights, req);
  const rows = [...units.values()].filter((unit) => required.every((t) => unit.held.includes(t)));
  for (const unit of units.values()) unit.own = unit.score;
  liftedByNeighbours(rows, weighs, oneSession ? weighs.neighbourInSession : weighs.neighbour);
  const context = oneSession ? new Map<number, number>() : sessionScores(sessions, termWeights);
  for (const row of rows) {
    row.neighbours = row.score - (row.own as number);
    row.session = weighs.context * (context.get(row.sid) ?? 0);
    const key = messageKey(row);
    const message = key === undefined ? undefined : messages.get(key);
    row.message = message ? weighs.message * messageScore(message, termWeights, weighs.messageBytes) : 0;
    row.score -= row.session + row.message;
  }
  // The units of a date the query names are kept before others, as the second look will weigh them.
  const dates = req.dates ?? [];
  const weighed = (row: Scored) => row.score * dateWeight(dates, row.time, req.profile.boosts.namedDate);
  const chosen = rows.sort((a, b) => weighed(a) - weighed(b)).slice(0, reading.candidates);
  // Several sessions searched: the units showing the best messages (ranked-search.ts gives them the last places) are
  // read with the candidates, in the same query.
  const looked = oneSession || weighs.messagePlaces < 1 ? 0 : weighs.messagesLooked;
  const shown = bestMessages(messages, units, weights, plan.weights, required, looked).flatMap(
    (id) => units.get(id) ?? [],
  );
  const rowOf = fullRows(connection, [...chosen, ...shown]);
  return { rows: chosen.flatMap(rowOf), weights, messages: shown.flatMap(rowOf) };
}

/** A unit as the index gives it for one generating term: its score for the term, its bytes and its session's. */
type TermRow = Omit<Scored, "held"> & { session_bytes: number; byte_start: number; byte_end: number };

/** A session as one document of the units holding each generating term: its bytes and each term's count. */
interface SessionTerms {
  bytes: number;
  held: Map<RankedTerm, number>;
}

/**
 * The units holding the generating terms, each scored by the sum of its terms' BM25 (each taken from FTS5's weight of
 * the term over the units alone to the search's, times a setting's weight), with the terms held by each session and
 * each message.
 */
function gathered(
  read: readonly { term: RankedTerm; rows: readonly TermRow[] }[],
  plan: RankedPlan,
  own: ReadonlyMap<RankedTerm, number> | undefined,
  setting: number,
): { units: Map<number, Scored>; sessions: Map<number, SessionTerms>; messages: Map<string, MessageTerms> } {
  const units = new Map<number, Scored>();
  const sessions = new Map<number, SessionTerms>();
  const messages = new Map<string, MessageTerms>();
  for (const { term, rows: termRows } of read) {
    // FTS5 weighed the term over the units alone: its scores are taken to the search's weight of the term (over the
    // unit ids, ranked-plan.ts; with one session searched, blended with the session's own).
    const weight = own?.get(term) ?? plan.weights.get(term) ?? 0;
    const scale = (weight / Math.max(1e-9, plan.indexWeights.get(term) ?? 0)) * askedWeight(term, setting);
    for (const { session_bytes, byte_start, byte_end, ...row } of termRows) {
      const unit = { ...row, score: row.score * scale };
      const known = units.get(unit.id);
      if (known) {
        known.score += unit.score;
        known.held.push(term);
      } else units.set(unit.id, { ...unit, held: [term] });
      const session = sessions.get(unit.sid) ?? { bytes: session_bytes, held: new Map<RankedTerm, number>() };
      session.held.set(term, (session.held.get(term) ?? 0) + 1);
      sessions.set(unit.sid, session);
      const key = messageKey(unit);
      if (key === undefined) continue;
      const message = messages.get(key) ?? {
        start: byte_start,
        end: byte_end,
        held: new Map(),
        units: [] as number[],
        best: new Map(),
      };
      message.held.set(term, (message.held.get(term) ?? 0) + 1);
      message.best.set(term, Math.min(message.best.get(term) ?? 0, unit.score));
      if (!known) message.units.push(unit.id);
      message.start = Math.min(message.start, byte_start);
      message.end = Math.max(message.end, byte_end);
      messages.set(key, message);
    }
  }
  return { units, sessions, messages };
}

/** Each session's BM25 over the generating terms, the session taken as one document against the mean session. */
function sessionScores(
  sessions: ReadonlyMap<number, SessionTerms>,
  weights: ReadonlyMap<RankedTerm, number>,
): Map<number, number> {
  const meanBytes = [...sessions.values()].reduce((sum, s) => sum + s.bytes, 0) / Math.max(1, sessions.size);
  const context = new Map<number, number>();
  for (const [sid, session] of sessions) {
    let score = 0;
    for (const [term, count] of session.held)
      score += termScore(weights.get(term) ?? 0, count, session.bytes, meanBytes);
    context.set(sid, score);
  }
  return context;
}

/**
 * Several sessions searched: each generating term's weight times the share of the scope's sessions lacking it (the
 * profile's scopePrior more counted, at least its scopeFloor), so a word every session of the scope holds tells none of
 * its units apart.
 */
function scopeWeights(
  plan: RankedPlan,
  sessions: ReadonlyMap<number, SessionTerms>,
  termWeights: ReadonlyMap<RankedTerm, number>,
  req: RankedRequest,
): Map<RankedTerm, number> {
  const { scopeFloor, scopePrior } = req.profile.sessions;
  const inScope = Math.max(1, req.indexed ? req.indexed.count : req.files.length);
  const weights = new Map(termWeights);
  for (const term of plan.generating) {
    let holding = 0;
    for (const session of sessions.values()) if (session.held.has(term)) holding++;
    const lacking = Math.max(scopeFloor, (inScope - holding + scopePrior) / (inScope + scopePrior));
    weights.set(term, (plan.weights.get(term) ?? 0) * lacking);
  }
  return weights;
}

/**
 * The candidates' whole rows, read in one query (only the numbers the choice needs were read of every unit), each
 * with its score and what each lift gave it; none for a unit gone since.
 */
function fullRows(connection: IndexRows, candidates: readonly Scored[]): (c: Scored) => UnitRow[] {
  const full = new Map(
    connection
      .all<UnitRow>(
        `SELECT ${UNIT_COLUMNS} FROM units u JOIN sessions s ON s.sid = u.sid
           WHERE u.id IN (SELECT value FROM json_each(?))`,
        JSON.stringify(candidates.map((c) => c.id)),
      )
      .map((row) => [row.id, row]),
  );
  return (c) => {
    const row = full.get(c.id);
    if (!row) return [];
    const parts = {
      bm25: -(c.own ?? 0),
      neighbours: -(c.neighbours ?? 0),
      session: c.session ?? 0,
      message: c.message ?? 0,
    };
    return [{ ...row, score: c.score, held: c.held, parts }];
  };
}
