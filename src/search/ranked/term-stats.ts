/**
 * What a ranked query needs to know about its terms before it asks for candidates, at a cost that does not grow with
 * the index: how many units hold each term (exact for a rare term, estimated for a common one from how densely the
 * newest units hold it, or from the newest units alone when even finding it costs a walk of the index), and the
 * index's unit count and mean unit length, read from FTS5's own totals record.
 */
import type { IndexRows } from "../../transcripts/index/index-reader.js";
import type { RankingProfile } from "./ranking-profile.js";

export interface IndexTotals {
  /** Units in the index. */
  units: number;
  /** Mean tokens per unit, over both columns (what FTS5's BM25 divides a unit's length by). */
  meanTokens: number;
  /**
   * The unit ids the units are spread over: the units and the ids given to the bare marker lines, which are in no
   * unit (index-schema.ts, `sessions.bare`). A term's count estimated from the ids its newest units span is a share
   * of these.
   */
  ids: number;
  /** The highest unit id: the newest unit. */
  newest: number;
  /** The lowest unit id: the oldest unit. */
  oldest: number;
}

export interface TermCount {
  /** Units that hold the term: exact when `exact`, else estimated. */
  units: number;
  exact: boolean;
  /** The units the count walked, when asked to keep them (`countTerm`). */
  walked?: Walked;
}

/**
 * The ids of the newest units holding an expression from id `from` on, newest first, as a count walked them; `all`:
 * no other unit from `from` on holds it. The newest-first way of the candidates takes them instead of walking the
 * same units again (a phrase of common words walks thousands of units to find a hundred).
 */
export interface Walked {
  from: number;
  ids: number[];
  all: boolean;
}

/** The integers of a SQLite varint sequence (big-endian groups of 7 bits, the ninth byte whole). */
function varints(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    let value = 0;
    for (let k = 0; k < 9 && i < bytes.length; k++) {
      const byte = bytes[i++] as number;
      if (k === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    out.push(value);
  }
  return out;
}

/**
 * The index's totals. FTS5 keeps the unit count and the tokens of each column in the record of id 1 of its data
 * table; reading it is one row, where counting the units would read them all.
 */
export function indexTotals(connection: IndexRows): IndexTotals {
  const row = connection.get<{ block: Uint8Array | null }>("SELECT block FROM unit_text_data WHERE id = 1");
  const [units = 0, ...tokens] = row?.block ? varints(row.block) : [];
  // Two subqueries: SQLite reads one end of the rowid b-tree for a lone min() or max(), and scans for both at once.
  const ids = connection.get<{ newest: number | null; oldest: number | null; bare: number | null }>(
    `SELECT (SELECT max(id) FROM units) AS newest, (SELECT min(id) FROM units) AS oldest,
       (SELECT bare FROM index_totals) AS bare`,
  );
  const total = tokens.reduce((sum, n) => sum + n, 0);
  return {
    units,
    meanTokens: units > 0 ? total / units : 1,
    ids: units + (ids?.bare ?? 0),
    newest: ids?.newest ?? 0,
    oldest: ids?.oldest ?? 0,
  };
}

/**
 * How a term is counted (the ranking profile's reading): at most `probeUnits` of its units are walked, newest first;
 * the first `firstLook` of them, when they hold it so densely that it must stand in `surelyCommon` times the rare
 * count, say it is common (most common words), and only a term that may be rare is walked on.
 */
export type TermProbe = Pick<RankingProfile["reading"], "probeUnits" | "firstLook" | "surelyCommon">;

/**
 * Units holding `match` (an FTS5 expression), looked for newest first and at most `probe.probeUnits` of them (a term
 * held by fewer is rare): fewer is the exact count; as many is a common term, whose count is estimated from the span
 * of ids those newest units cover. With `from`, only units from that id on are looked at (a window of the newest):
 * fewer than `probeUnits` there is an estimate too, unless the window holds every unit. With `keep`, the ids walked
 * are kept (`walked`): a count of ids, a little dearer than SQLite's count, for a walk that is asked again.
 */
export function countTerm(
  connection: IndexRows,
  match: string,
  totals: IndexTotals,
  { probeUnits: probe, firstLook, surelyCommon }: TermProbe,
  from = 0,
  keep = false,
): TermCount {
  let walked: Walked | undefined;
  const look = (limit: number) => {
    if (keep) {
      const ids = connection
        .all<{ id: number }>(
          "SELECT rowid AS id FROM unit_text WHERE unit_text MATCH ? AND rowid >= ? ORDER BY rowid DESC LIMIT ?",
          match,
          from,
          limit,
        )
        .map((r) => r.id);
      walked = { from, ids, all: ids.length < limit };
      return { n: ids.length, oldest: ids.at(-1) ?? 0 };
    }
    const row = connection.get<{ n: number; oldest: number | null }>(
      `SELECT count(*) AS n, min(rowid) AS oldest FROM
         (SELECT rowid FROM unit_text WHERE unit_text MATCH ? AND rowid >= ? ORDER BY rowid DESC LIMIT ?)`,
      match,
      from,
      limit,
    );
    return { n: row?.n ?? 0, oldest: row?.oldest ?? 0 };
  };
  const counted = (count: TermCount): TermCount => (walked ? { ...count, walked } : count);
  const estimate = (n: number, lowest: number) => {
    const span = Math.max(1, totals.newest - lowest + 1);
    return Math.min(totals.units, Math.round((n / span) * totals.ids));
  };
  let seen = look(Math.min(probe, firstLook));
  if (seen.n === firstLook && firstLook < probe) {
    const early = estimate(seen.n, seen.oldest);
    if (early >= probe * surelyCommon) return counted({ units: early, exact: false });
    seen = look(probe);
  }
  if (seen.n < probe && from <= totals.oldest) return counted({ units: seen.n, exact: true });
  return counted({ units: estimate(seen.n, seen.n < probe ? from : seen.oldest), exact: false });
}

/** FTS5's inverse document frequency (its bm25()): never below a millionth, so a word in most units adds nearly 0. */
export function inverseFrequency(units: number, holding: number): number {
  const idf = Math.log((units - holding + 0.5) / (holding + 0.5));
  return idf > 0 ? idf : 1e-6;
}

const K1 = 1.2;
const B = 0.75;

/**
 * One term's part of FTS5's BM25 for a unit: `hits` weighted occurrences in a unit of `tokens` tokens. Never more
 * than idf * (K1 + 1), whatever the unit.
 */
export function termScore(idf: number, hits: number, tokens: number, meanTokens: number): number {
  if (hits === 0) return 0;
  return (idf * (hits * (K1 + 1))) / (hits + K1 * (1 - B + (B * tokens) / meanTokens));
}

/** The most termScore can give the term. */
export const maxTermScore = (idf: number) => idf * (K1 + 1);
