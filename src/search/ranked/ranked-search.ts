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
import { messageOf } from "./message-of.js";
import { dateWeight } from "./named-dates.js";
import { candidates } from "./ranked-candidates.js";
import { planRanked, type RankedPlan } from "./ranked-plan.js";
import type { RankedTerm } from "./ranked-query.js";
import type { RankedRequest } from "./ranked-request.js";
import { ATTACHMENT_NOTE, isListing, lineText, repeats, shownOnce, unsaid, withLinesOf } from "./repeated-lines.js";
import {
  type LeftToRescore,
  lineWeight,
  maxBoost,
  type RescoreParts,
  rescore,
  unitWeight,
  wantedWords,
} from "./rerank.js";
import { inOrder, liftedBySession } from "./session-order.js";
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

/** Whether a unit is of the message a hit before it is of (message-of.ts). */
const sameMessage = (hit: RankedHit, s: { row: UnitRow }) => {
  const message = messageOf(s.row.session_id, s.row.time, s.row.role);
  return message !== undefined && message === messageOf(hit.file.sessionID, hit.time, hit.role);
};

/** A unit's own BM25, before its neighbours and its message lifted it (higher is better). */
const ownScore = (s: ScoredUnit) => s.row.parts?.bm25 ?? -s.row.score;

/**
 * Of the units scored, the one of a hit's message whose own BM25 passes the hit's unit's, the best such: with one
 * session searched, every unit of a long message is lifted by the message and its neighbours alike, and the hit may
 * be a unit holding fewer of the question's words than another of its message scored below the last place (an issue's
 * details, `**Occurrences**: 33`, in the output above the paragraph that matched). Its lines are added to the hit's as
 * another unit of its message adds them.
 */
function denserOfMessage(hit: RankedHit, scored: readonly ScoredUnit[]): ScoredUnit | undefined {
  const own = scored.find((s) => s.row.session_id === hit.file.sessionID && s.row.first_line === hit.firstLine);
  if (!own) return undefined;
  let best: ScoredUnit | undefined;
  for (const s of scored) {
    if (s === own || !sameMessage(hit, s) || ownScore(s) <= ownScore(own)) continue;
    if (!best || ownScore(s) > ownScore(best)) best = s;
  }
  return best;
}

interface ScoredUnit {
  row: UnitRow;
  file: TranscriptFile;
  score: number;
  line: number;
  /** The query terms' weight in each line of the unit. */
  weights: number[];
  /** What the second look's steps gave it. */
  parts: RescoreParts;
  /** The asked-kind boost it was given (1: none): a line of it holds what the question asks for. */
  answers: number;
  /** Added by the best other unit of its session (liftedBySession). */
  lift: number;
}

/** What each stage gave a unit of the second look that became a hit weighed `order` in the order of the hits. */
function explained(s: ScoredUnit, order: number): HitExplain {
  const index = s.row.parts ?? { bm25: -s.row.score, neighbours: 0, session: 0, message: 0 };
  return { ...index, ...s.parts, answers: s.answers, lift: s.lift, order, score: s.score };
}

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
    const perSession = new Map<string, number>();
    const hits: RankedHit[] = [];
    // The text of the lines shown; `named` holds too the lines of units added to the hit of their message past the
    // bytes left: not shown, but the hit names their message, and a copy of them in another (a page fetched again, a
    // file read in another session) would take a place to show them again.
    const said = new Set<string>();
    const named = new Set<string>();
    // The same, of the hits outside the asking session: its earlier replies may quote a line a search showed (the agent
    // repeating a result), and that quote, ranked first, is no reason to leave out the session that said the line.
    const namedOutside = new Set<string>();
    const nameLines = (lines: readonly HitLine[], s: ScoredUnit) => {
      for (const l of lines) {
        named.add(lineText(l.text));
        if (s.row.session_id !== req.asking?.sessionID) namedOutside.add(lineText(l.text));
      }
    };
    // Bytes of lines other units of its message added to a hit, at most profile.lines.sameMessage.
    const added = new Map<RankedHit, number>();
    let repeated = 0;
    // Units placed that show nothing new (`copies`).
    let copied = 0;
    // Units of its session ahead of each in the order: what the repeat weight weighed it by.
    const ahead = new Map<string, number>();
    // A hit of `s`, or its lines added to the hit of its message; none when it repeats what hits before show.
    const place = (s: ScoredUnit, before: number) => {
      let lines = linesOf(s);
      // The same text pasted or read again (in this session or another), an attachment's bare note, or a second
      // directory listing takes no place among the hits; a short line said twice ("Thanks!") may well be two answers.
      if (
        repeats(lines, s.row.session_id === req.asking?.sessionID ? named : namedOutside) ||
        lines.every((l) => ATTACHMENT_NOTE.test(l.text)) ||
        (isListing(lines) && hits.some((h) => isListing(h.lines)))
      ) {
        repeated++;
        copied++;
        return;
      }
      // Another unit of a message a hit shows (a call's input, then its output) adds its lines to that hit.
      const same = profile.lines.sameMessage > 0 ? hits.find((h) => sameMessage(h, s)) : undefined;
      lines = unsaid(lines, said, same === undefined);
      if (same) {
        if (lines.length === 0) copied++;
        const merged = withLinesOf(same.lines, lines, profile.lines.sameMessage - (added.get(same) ?? 0));
        same.lines = merged.lines;
        // What it adds is shown as well: a listing attached twice shows its entries once.
        for (const l of merged.lines) said.add(lineText(l.text));
        nameLines([...merged.lines, ...linesOf(s)], s);
        added.set(same, (added.get(same) ?? 0) + merged.bytes);
        return;
      }
      for (const l of lines) said.add(lineText(l.text));
      nameLines(lines, s);
      perSession.set(s.row.session_id, (perSession.get(s.row.session_id) ?? 0) + 1);
      hits.push({
        file: s.file,
        score: s.score,
        role: s.row.role,
        tool: s.row.tool,
        time: s.row.time,
        firstLine: s.row.first_line,
        lastLine: s.row.last_line,
        line: s.line,
        lines,
        ...(req.explain
          ? { explain: explained(s, req.perSession === undefined ? 1 : profile.sessions.repeat ** before) }
          : {}),
      });
    };
    // Units past their session's share wait: they take the places the other sessions leave, best first.
    const waiting: { s: ScoredUnit; before: number }[] = [];
    const order = req.perSession === undefined ? scored : inOrder(scored, profile.sessions.repeat);
    let at = 0;
    const fill = (limit: number) => {
      for (; at < order.length && hits.length < limit; at++) {
        const s = order[at] as ScoredUnit;
        const before = ahead.get(s.row.session_id) ?? 0;
        ahead.set(s.row.session_id, before + 1);
        if (req.perSession !== undefined && (perSession.get(s.row.session_id) ?? 0) >= req.perSession) {
          waiting.push({ s, before });
          continue;
        }
        place(s, before);
      }
    };
    // Several sessions searched: the last places go first to the best messages no hit before them shows
    // (message-view.ts), each shown by its unit; never a document (a file attached or read, a page fetched), which the
    // message's view does not weigh below what was said and done. At a higher limit they keep the rank they have at
    // `messagePlacesLimit`, and the hits after them follow.
    const places =
      req.perSession === undefined ? 0 : Math.min(Math.floor(profile.sessions.messagePlaces), req.limit - 1);
    fill(Math.min(req.limit, profile.sessions.messagePlacesLimit) - places);
    for (const row of found.messages ?? []) {
      if (hits.length >= req.limit || places === 0) break;
      if (weightOf(row) < profile.units.roles[row.role] || hits.some((h) => sameMessage(h, { row }))) continue;
      const s = scored.find((u) => u.row.id === row.id) ?? scoreOf(row);
      if (s) place(s, ahead.get(s.row.session_id) ?? 0);
    }
    fill(req.limit);
    let waited = 0;
    for (const w of waiting) {
      if (hits.length >= req.limit) break;
      waited++;
      place(w.s, w.before);
    }
    const cappedBySession = waiting.length - waited;
    if (req.perSession === undefined) {
      for (const h of hits) {
        const best = denserOfMessage(h, scored);
        if (!best || h.lines.some((l) => l.line >= best.row.first_line && l.line <= best.row.last_line)) continue;
        const lines = linesOf(best);
        if (repeats(lines, named) || lines.every((l) => ATTACHMENT_NOTE.test(l.text))) continue;
        const merged = withLinesOf(h.lines, lines, profile.lines.sameMessage - (added.get(h) ?? 0));
        h.lines = merged.lines;
        added.set(h, (added.get(h) ?? 0) + merged.bytes);
      }
    }
    shownOnce(hits);
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
