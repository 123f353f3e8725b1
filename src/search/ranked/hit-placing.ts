/**
 * The hits of a ranked search, placed from its scored units best first: a unit repeating what the hits before it show
 * (a page fetched again, an attachment's bare note, a second directory listing) takes no place; another unit of a
 * hit's message adds its lines to that hit; with several sessions searched, each session has its share of the places
 * (the rest wait for the places the others leave) and the last places go to the best messages no hit shows; with one,
 * a denser unit of a hit's message adds its lines to the hit.
 */
import type { TranscriptFile } from "../../transcripts/listing.js";
import type { HitLine } from "../hit-line.js";
import type { HitExplain } from "./hit-explain.js";
import { messageOf } from "./message-of.js";
import type { RankedRequest } from "./ranked-request.js";
import type { RankedHit } from "./ranked-search.js";
import { ATTACHMENT_NOTE, isListing, lineText, repeats, shownOnce, unsaid, withLinesOf } from "./repeated-lines.js";
import type { RescoreParts } from "./rerank.js";
import { inOrder } from "./session-order.js";
import type { UnitRow } from "./unit-rows.js";

/** A unit read and scored by the second look (ranked-search.ts), a hit once placed. */
export interface ScoredUnit {
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

/** What each stage gave a unit of the second look that became a hit weighed `order` in the order of the hits. */
function explained(s: ScoredUnit, order: number): HitExplain {
  const index = s.row.parts ?? { bm25: -s.row.score, neighbours: 0, session: 0, message: 0 };
  return { ...index, ...s.parts, answers: s.answers, lift: s.lift, order, score: s.score };
}

/** What placing needs of the search: a unit's lines (chosen once), a unit read and scored, a unit's kind's weight. */
export interface UnitLook {
  linesOf: (s: ScoredUnit) => HitLine[];
  scoreOf: (row: UnitRow) => ScoredUnit | undefined;
  weightOf: (row: UnitRow) => number;
}

/**
 * The hits of `scored` (best first), at most the request's limit, with how many units repeated the hits before them,
 * how many the per-session cap left out, and how many showed nothing new (`copied`: they do not use up the reading
 * bound). `messages` are the units showing the best messages (candidates-in-context.ts), for the last places.
 */
export function placeHits(
  scored: readonly ScoredUnit[],
  messages: readonly UnitRow[] | undefined,
  req: RankedRequest,
  { linesOf, scoreOf, weightOf }: UnitLook,
): { hits: RankedHit[]; repeated: number; cappedBySession: number; copied: number } {
  const { profile } = req;
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
  const places = req.perSession === undefined ? 0 : Math.min(Math.floor(profile.sessions.messagePlaces), req.limit - 1);
  fill(Math.min(req.limit, profile.sessions.messagePlacesLimit) - places);
  for (const row of messages ?? []) {
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
  return { hits, repeated, cappedBySession, copied };
}
