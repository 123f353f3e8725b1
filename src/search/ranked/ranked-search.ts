/**
 * Ranked search over the index: the best units by BM25 (words and phrases, filtered by session, role and time), the
 * top of them read back from their transcripts and scored again (rerank.ts), at most a few per session so one
 * session cannot fill the answer, best first, each with its exact lines and context.
 */
import type { IndexRows } from "../../transcripts/index/index-reader.js";
import type { Role } from "../../transcripts/index/transcript-units.js";
import type { TranscriptFile } from "../../transcripts/listing.js";
import type { HitLine } from "../hit-line.js";
import { OWN_TOOLS } from "../own-tools.js";
import { answerValue, asksFor, asksVersion } from "./answer-kind.js";
import { currentTurnStart } from "./current-turn.js";
import type { HitExplain } from "./hit-explain.js";
import { shownLines } from "./hit-lines.js";
import { placeHits, type ScoredUnit } from "./hit-placing.js";
import { dateWeight } from "./named-dates.js";
import { candidates } from "./ranked-candidates.js";
import { planRanked, type RankedPlan } from "./ranked-plan.js";
import type { RankedTerm } from "./ranked-query.js";
import type { RankedRequest } from "./ranked-request.js";
import { type LeftToRescore, lineWeight, maxBoost, rescore, unitWeight, wantedWords } from "./rerank.js";
import { liftedBySession } from "./session-order.js";
import { maxTermScore } from "./term-stats.js";
import { OpenFiles, readLines, readUnitWords, someLine } from "./unit-reads.js";
import type { UnitRow } from "./unit-rows.js";

export interface RankedHit {
  file: TranscriptFile;
  score: number;
  role: Role;
  tool: string | null;
  time: number | null;
  firstLine: number;
  lastLine: number;
  line: number;
  lines: HitLine[];
  /** What each stage of the ranking gave it, when the request asked (hit-explain.ts). */
  explain?: HitExplain;
}

export interface RankedResult {
  hits: RankedHit[];
  /** Units the index matched among the candidates it handed over (at most a few hundred, ranked-candidates.ts). */
  candidates: number;
  /** Hits left out by the per-session cap. */
  cappedBySession: number;
  /**
   * Hits left out because they would show what hits before them show (or only an attachment's note, or a second
   * directory listing).
   */
  repeated: number;
  /** Hits whose transcript no longer holds the indexed lines (indexed again on the next export or search). */
  stale: number;
  /**
   * Transcripts that did not hold a candidate's lines where the index says (changed since they were indexed), or
   * could not be read (gone, or a link in their place).
   */
  changed: TranscriptFile[];
  /** When only the newest units were looked at (common words only, none rare enough to ask the whole index for). */
  window?: { units: number; of: number };
  /** The query's words (or phrases) no indexed unit holds, as the query wrote them. */
  absent: string[];
}

/** What the user chose to keep, as given to the plugin's memory_save: the one call of its own that is content. */
const KEPT_INPUT = "memory_save";

export function rankedSearch(connection: IndexRows, req: RankedRequest): RankedResult {
  const files = new OpenFiles();
  try {
    const plan = planRanked(connection, req.query, req.profile.reading);
    const found = candidates(connection, req, plan);
    const search = searcher(req, files, plan, found);
    let readEnough = req.profile.reading.readEnough;
    let { result, unread } = search(readEnough);
    // One session searched: units that add their lines to a hit of their message, or repeat one, take no place, and
    // in a session of long outputs (a glob's listing is several units of one message) they can be most of the units
    // scored; it reads on, twice as many each time, until its limit is filled or there is nothing left to read (the
    // profile's maxRead bounds it, raised by one for each unit read that was a copy, at most maxCopies: a page fetched
    // four times filled the 40 units read with copies and showed one hit). Several sessions searched stop at their
    // first reading: a session's share of the hits leaves places to the others, and reading on took more bytes than it
    // gained (ranking-profile.ts, lines).
    while (req.perSession === undefined && unread && result.hits.length < req.limit) {
      readEnough *= 2;
      ({ result, unread } = search(readEnough));
    }
    return result;
  } finally {
    files.close();
  }
}

/**
 * The search of the plan's candidates (`found`): given `readEnough` (the profile's, or more), their hits, and whether
 * units were left unread because enough were scored, or because the reading bound the copies found since raised was
 * reached (more may be read on). Asked again with more, it reads on from the unit it stopped at: the units before it
 * are read and scored as they were (the same order, and a unit that did not stop the reading with fewer wanted stops it
 * with more neither), and a unit's lines are chosen once.
 */
function searcher(
  req: RankedRequest,
  files: OpenFiles,
  plan: RankedPlan,
  found: ReturnType<typeof candidates>,
): (readEnough: number) => { result: RankedResult; unread: boolean } {
  const byId = req.indexed ? undefined : new Map(req.files.map((f) => [f.sessionID, f]));
  const fileOf = (sessionID: string) => (byId ? byId.get(sessionID) : req.indexed?.fileOf(sessionID));
  const { profile } = req;
  const { rows, from, weights } = found;
  const dates = req.dates ?? [];
  const left: LeftToRescore = { ...plan, weights, meanTokens: plan.totals.meanTokens, dates };
  const wanted = wantedWords(req.query.terms, left);
  // The most the terms the index did not score can add to a unit's first score.
  const more = plan.scoredAlone.reduce((sum, w) => sum + maxTermScore(w.idf), 0);
  // A unit the index said holds only some of the generating terms holds those and at most the terms left to the
  // second look: its share of the terms' weight, and so its boost, is bounded (by the index's words; the second look's
  // endings may find a little more, which a unit that far down rarely needs).
  const weight = (terms: readonly RankedTerm[]) => terms.reduce((sum, t) => sum + (weights.get(t) ?? 1), 0);
  const all = weight(req.query.terms);
  const unscored = weight(req.query.terms.filter((t) => !plan.generating.includes(t)));
  const share = (row: UnitRow) => (row.held === undefined || all === 0 ? 1 : (weight(row.held) + unscored) / all);
  const weightOf = (row: UnitRow) => unitWeight(row.role, row.tool, profile.units);
  const prior = (row: UnitRow) => -row.score * weightOf(row) * dateWeight(dates, row.time, profile.boosts.namedDate);
  // A unit holding what the question asks for weighs more (a number for "how many").
  const wants = asksFor(req.query.source);
  const version = asksVersion(req.query.source);
  const kindWeight = req.perSession === undefined ? profile.boosts.askedKind : profile.boosts.askedKindAcross;
  const kindBoost = wants.length > 0 ? 1 + kindWeight : 1;
  const ceiling = (row: UnitRow) =>
    (more - row.score) *
    weightOf(row) *
    kindBoost *
    maxBoost(req.query.terms, row.time, req.now, dates, profile.boosts, share(row));
  rows.sort((a, b) => prior(b) - prior(a));
  let stale = 0;
  const changed = new Set<TranscriptFile>();
  const unreadable = new Set<TranscriptFile>();
  const scored: ScoredUnit[] = [];
  const floor: number[] = [];
  const floored = new Map<string, number>();
  let read = 0;
  const asking = req.asking;
  let turn: number | undefined | null = null;
  // The asking turn's first line, looked up once, when a candidate comes from the asking session.
  const turnStart = (file: TranscriptFile) => {
    if (turn === null && asking) {
      try {
        turn = currentTurnStart((a, b) => readLines(files, file.path, a, b), file.size, asking.messageID);
      } catch {
        turn = undefined;
      }
    }
    return turn ?? Number.POSITIVE_INFINITY;
  };

  // A unit read and scored by the second look; none when it is not an answer or cannot be read.
  const scoreOf = (row: UnitRow): ScoredUnit | undefined => {
    // The plugin's own results are what it read back, never an answer.
    if (row.tool !== null && OWN_TOOLS.has(row.tool) && !(row.role === "tool-input" && row.tool === KEPT_INPUT))
      return undefined;
    const file = fileOf(row.session_id);
    if (!file || unreadable.has(file)) return undefined;
    if (asking && row.session_id === asking.sessionID && row.first_line >= turnStart(file)) return undefined;
    read++;
    const unit = readUnitWords(files, file, row, wanted);
    if (unit === "unreadable") {
      unreadable.add(file);
      changed.add(file);
      return undefined;
    }
    if (!unit) {
      stale++;
      changed.add(file);
      return undefined;
    }
    const lineCount = row.last_line - row.first_line + 1;
    const s = rescore(
      row.score,
      unit.words,
      lineCount,
      weightOf(row),
      row.time,
      req.query.terms,
      req.now,
      profile,
      left,
    );
    if (!s) return undefined;
    const line = row.first_line + s.bestLine;
    // Its lines as the words were read from them: the bytes are read once.
    const answers =
      kindBoost > 1 && someLine(unit.bytes, unit.read, (text) => answerValue(text, wants) > 0) ? kindBoost : 1;
    return { row, file, score: s.score * answers, line, weights: s.lineWeights, parts: s.parts, answers, lift: 0 };
  };

  // What a term weighs in a line, as rescore weighs the unit's own lines.
  const termWeight = (term: RankedTerm) => lineWeight(term, left.weights, profile.boosts.setting);
  // The lines each unit shows, chosen once.
  const shown = new Map<ScoredUnit, HitLine[]>();
  const linesOf = (s: ScoredUnit) => {
    let lines = shown.get(s);
    if (lines === undefined) {
      lines = shownLines(files, s, req, wants, version, termWeight);
      shown.set(s, lines);
    }
    return lines;
  };
  // The next unit to read.
  let next = 0;
  // Units read that the last placing found to be copies (showing nothing new: repeats, bare attachment notes, second
  // listings, units of a hit's message whose lines all repeat): up to profile.reading.maxCopies of them do not use up
  // the reading bound.
  let copies = 0;
  const readBound = () => profile.reading.maxRead + Math.min(copies, profile.reading.maxCopies);
  return (readEnough) => {
    // Units are read best first; once enough are scored, one that cannot reach them even fully boosted stops the
    // reading.
    const enough = req.limit * readEnough;
    let unread = false;
    for (; next < rows.length; next++) {
      const row = rows[next] as UnitRow;
      if (read >= readBound()) break;
      if (floor.length >= enough && ceiling(row) < (floor[enough - 1] as number)) {
        unread = true;
        break;
      }
      const s = scoreOf(row);
      if (!s) continue;
      scored.push(s);
      // A session's units past its share of the hits cannot keep another session's from being read.
      const inFloor = floored.get(row.session_id) ?? 0;
      if (req.perSession === undefined || inFloor < req.perSession) {
        floored.set(row.session_id, inFloor + 1);
        floor.push(s.score);
        floor.sort((a, b) => b - a);
      }
    }
    // Several sessions searched: a session is lifted by its other units, and the order mixes the sessions (read once:
    // only one session searched reads on).
    if (req.perSession !== undefined) {
      const before = scored.map((s) => s.score);
      liftedBySession(scored, profile.sessions.lift);
      for (const [i, s] of scored.entries()) s.lift = s.score - (before[i] as number);
    }
    scored.sort((a, b) => b.score - a.score || a.row.session_id.localeCompare(b.row.session_id) || a.line - b.line);
    const { hits, repeated, cappedBySession, copied } = placeHits(scored, found.messages, req, {
      linesOf,
      scoreOf,
      weightOf,
    });
    // Only the newest-first way leaves units unread: a generator is asked of the whole index.
    const window =
      from > plan.totals.oldest
        ? {
            // The window is a span of ids, some of them the bare marker lines' (term-stats.ts, `ids`).
            units: Math.min(
              plan.totals.units,
              Math.round(((plan.totals.newest - from + 1) * plan.totals.units) / Math.max(1, plan.totals.ids)),
            ),
            of: plan.totals.units,
          }
        : undefined;
    copies = copied;
    // Stopped by the reading bound, which the copies found since raised: more may be read.
    const bounded = next < rows.length && !unread && read < readBound();
    return {
      result: {
        hits,
        candidates: rows.length,
        cappedBySession,
        repeated,
        stale,
        changed: [...changed],
        window,
        absent: plan.absent.map((t) => t.text),
      },
      unread: unread || bounded,
    };
  };
}
