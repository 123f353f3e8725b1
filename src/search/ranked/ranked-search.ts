/**
 * Ranked search over the index: the best units by BM25 (words and phrases, filtered by session, role and time), the
 * top of them read back from their transcripts and scored again (rerank.ts), at most a few per session so one
 * session cannot fill the answer, best first, each with its exact lines and context.
 */
import fs from "node:fs";
import type { IndexRows } from "../../transcripts/index/index-reader.js";
import type { Role } from "../../transcripts/index/transcript-units.js";
import { type UnitWords, unitWordsOfBytes, withCall } from "../../transcripts/index/unit-words.js";
import type { TranscriptFile } from "../../transcripts/listing.js";
import { LONG_LINE_BYTES, readCondensedLine } from "../../transcripts/long-line.js";
import { decodeText, numberedLines, prefixLength } from "../../transcripts/numbered-line.js";
import { readMarker } from "../../transcripts/transcript-format.js";
import type { HitLine } from "../found.js";
import { OWN_TOOLS } from "../own-tools.js";
import { type AnswerKind, answerValue, asksFor, asksVersion, ownText, strongError } from "./answer-kind.js";
import { chooseLines, type LineChoice } from "./answer-lines.js";
import { currentTurnStart } from "./current-turn.js";
import type { HitExplain } from "./hit-explain.js";
import { messageOf } from "./message-of.js";
import { dateWeight } from "./named-dates.js";
import { candidates, type UnitRow } from "./ranked-candidates.js";
import { planRanked, type RankedPlan } from "./ranked-plan.js";
import type { RankedTerm } from "./ranked-query.js";
import type { RankedRequest } from "./ranked-request.js";
import {
  type LeftToRescore,
  maxBoost,
  type RescoreParts,
  rescore,
  sameTerm,
  unitWeight,
  wantedWords,
} from "./rerank.js";
import { lineBytes, numberBytes } from "./shown-line.js";
import { maxTermScore } from "./term-stats.js";
import { callBefore, outcomeBefore, outcomeOf, outcomesAfter, type ReadRange, retryAfter } from "./tool-call-lines.js";

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

/** Transcripts opened by one search, each once, closed when it ends; and the one buffer their units are read into. */
class OpenFiles {
  private readonly fds = new Map<string, number>();
  private scratch = Buffer.allocUnsafe(64 * 1024);

  /** A buffer of at least `bytes`, overwritten by the next read. */
  buffer(bytes: number): Buffer {
    if (this.scratch.length < bytes) this.scratch = Buffer.allocUnsafe(bytes);
    return this.scratch;
  }

  fd(path: string): number {
    let fd = this.fds.get(path);
    if (fd === undefined) {
      fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
      this.fds.set(path, fd);
    }
    return fd;
  }

  close(): void {
    for (const fd of this.fds.values()) fs.closeSync(fd);
    this.fds.clear();
  }
}

/**
 * The numbered lines of bytes [start, end) of a transcript, as number and text. A range longer than LONG_LINE_BYTES
 * is a unit of one long line (a line past UNIT_MAX_BYTES is a unit alone): it is read condensed, as the index read it.
 */
function readLines(files: OpenFiles, path: string, start: number, end: number): { line: number; text: string }[] {
  const length = Math.max(0, end - start);
  if (length > LONG_LINE_BYTES) {
    const condensed = readCondensedLine(files.fd(path), start, end);
    return numberedLines(condensed, condensed.length);
  }
  const buffer = files.buffer(length);
  return numberedLines(buffer, fs.readSync(files.fd(path), buffer, 0, length, start));
}

/** Bytes [start, end) of the file as the index read them: a unit of one long line condensed (long-line.ts). */
function readUnitBytes(
  files: OpenFiles,
  path: string,
  start: number,
  end: number,
): { bytes: Uint8Array; read: number } {
  const length = Math.max(0, end - start);
  if (length > LONG_LINE_BYTES) {
    const bytes = readCondensedLine(files.fd(path), start, end);
    return { bytes, read: bytes.length };
  }
  const bytes = files.buffer(length);
  return { bytes, read: fs.readSync(files.fd(path), bytes, 0, length, start) };
}

/** A unit read for the second look: its words, and its bytes [0, read) (valid until the next read of the search). */
interface UnitRead {
  words: UnitWords;
  bytes: Uint8Array;
  read: number;
}

/**
 * The unit's words, read from its bytes; undefined when the file no longer holds its lines where the index says,
 * "unreadable" when the file cannot be opened or read.
 */
function readUnitWords(
  files: OpenFiles,
  file: TranscriptFile,
  row: UnitRow,
  wanted: readonly string[],
): UnitRead | undefined | "unreadable" {
  if (row.byte_end > file.size) return undefined;
  let read: { bytes: Uint8Array; read: number };
  try {
    read = readUnitBytes(files, file.path, row.byte_start, row.byte_end);
  } catch {
    return "unreadable";
  }
  const unit = unitWordsOfBytes(read.bytes, read.read, wanted);
  // The numbers written on its first and last lines, as the index recorded them (transcript-units.ts): a hand edit
  // that removed or added a line before the unit moves other lines (and their numbers) into its bytes.
  if (unit.lines === 0 || unit.firstLine !== row.first_line || unit.lastLine !== row.last_line) return undefined;
  if (row.call_start === null || row.call_end === null || row.call_end > row.byte_start)
    return { ...read, words: unit.words };
  // A tool's output is read with the start of its call, as the index holds it: its words stand on no line of the unit.
  // Its call's lines are read up to LONG_LINE_BYTES: the index holds only their first CALL_CHARS characters.
  const callLength = Math.min(row.call_end - row.call_start, LONG_LINE_BYTES);
  const callBuffer = Buffer.alloc(callLength + 1);
  try {
    fs.readSync(files.fd(file.path), callBuffer, 0, callLength, row.call_start);
  } catch {
    return "unreadable";
  }
  // A call cut inside its last line ends it there.
  callBuffer[callLength] = 0x0a;
  return { ...read, words: withCall(unitWordsOfBytes(callBuffer, callLength + 1, wanted).words, unit.words) };
}

/** Whether a line of bytes [0, end) of numbered lines (each ended by a newline) passes `test`, decoded one at a time. */
function someLine(bytes: Uint8Array, end: number, test: (text: string) => boolean): boolean {
  let from = 0;
  for (let nl = bytes.indexOf(0x0a, from); nl !== -1 && nl < end; nl = bytes.indexOf(0x0a, from)) {
    if (test(decodeText(bytes, from + prefixLength(bytes, from, nl), nl))) return true;
    from = nl + 1;
  }
  return false;
}

/** What the user chose to keep, as given to the plugin's memory_save: the one call of its own that is content. */
const KEPT_INPUT = "memory_save";

/** Marker lines that say only what the header says (a part, a message, an output's length): never shown. */
const BARE_MARKER =
  /^(?:\[(?:text|reasoning)(?: · [^\]]*)?\]|\[(?:output|error) · [^\]]*\]|## (?:user|assistant|summary) · .*)$/;

/**
 * The lines a hit shows (answer-lines.ts), from its own unit: the best line, the lines holding what the question asks
 * for, context; for a tool call, the outcome in its output; for a tool output, the call. Marker and blank lines are
 * left out: the header says the kind and time.
 */
function shownLines(
  files: OpenFiles,
  s: ScoredUnit,
  req: RankedRequest,
  asked: readonly AnswerKind[],
  version: boolean,
): HitLine[] {
  const { file, row } = s;
  const read = (start: number, end: number) => readLines(files, file.path, start, end);
  // Weighed by their place in the unit: a unit read across a removed line has a gap in its numbers.
  const unit = read(row.byte_start, row.byte_end).map((l, at) => ({ ...l, weight: s.weights[at] ?? 0 }));
  const choices: LineChoice[] = [];
  for (const l of unit) {
    if (!Number.isFinite(l.line)) continue;
    if (l.line !== s.line && (l.text.trim() === "" || BARE_MARKER.test(l.text))) continue;
    choices.push({ line: l.line, text: l.text, weight: l.weight });
  }
  if (row.role === "tool-input" && row.tool !== null && !OWN_TOOLS.has(row.tool)) {
    for (const l of outcomeOf(read, row.byte_end, file.size, row.tool)) {
      choices.push({ line: l.line, text: l.text, weight: termsIn(l.text, req.query.terms), outcome: true });
    }
    const marker = unit[0]?.text;
    if (marker !== undefined) choices.push(...retryChoice(read, row.byte_end, file.size, marker, req));
  } else if (row.role === "assistant" || row.role === "reasoning") {
    // The output a message comments on, just before it: what the agent saw when it said so.
    const before = outcomeBefore(read, row.byte_start);
    // The plugin's own result is never shown, beside a message either.
    for (const l of before.tool !== undefined && OWN_TOOLS.has(before.tool) ? [] : before.lines) {
      choices.push({ line: l.line, text: l.text, weight: termsIn(l.text, req.query.terms), outcome: true });
    }
    const after = announcedOutcome(read, row.byte_end, file.size, req, asked);
    if (after) choices.push(after);
    choices.sort((a, b) => a.line - b.line);
  } else if (row.role === "tool-output") {
    const { call, errors } = callBefore(read, row.byte_start);
    if (call) choices.unshift({ line: call.line, text: call.text, weight: 0, call: true });
    // What failed, said earlier in a long output than the unit the words found: an error is what its outcome is read
    // for unless the question asks for something else.
    if (call && (asked.length === 0 || asked.includes("error"))) {
      for (const l of errors.slice(0, req.profile.lines.outcomes)) {
        choices.push({ line: l.line, text: l.text, weight: termsIn(l.text, req.query.terms), outcome: true });
      }
      choices.sort((a, b) => a.line - b.line);
    }
    if (call) choices.push(...retryChoice(read, row.byte_end, file.size, call.text, req));
  }
  const best = choices.findIndex((c) => c.line === s.line);
  if (best < 0) return [];
  return chooseLines({
    lines: choices,
    best,
    asked,
    version,
    words: req.query.terms.flatMap((t) => t.words),
    context: req.contextLines,
    prefixBytes: numberBytes,
    profile: req.profile.lines,
  });
}

/** What the agent ran next after a failed call (tool-call-lines.ts retryAfter): shown in the room the rest leaves. */
function retryChoice(read: ReadRange, byteEnd: number, size: number, call: string, req: RankedRequest): LineChoice[] {
  const retry = retryAfter(read, byteEnd, size, call);
  return retry ? [{ ...retry, weight: termsIn(retry.text, req.query.terms), retry: true }] : [];
}

/**
 * The line of the outcome of the calls a text announces ("Let me check the history", then what `git log` printed)
 * that tells most: what is asked (an error by default, a tool's own error line more) and the question's words, in the
 * line and in its call's input (`git log` for "what did git log say"). None when no line tells: a quiet run adds
 * nothing to the hit.
 */
function announcedOutcome(
  read: ReadRange,
  byteEnd: number,
  size: number,
  req: RankedRequest,
  asked: readonly AnswerKind[],
): LineChoice | undefined {
  const told = asked.length > 0 ? asked : (["error"] as const);
  let best: { choice: LineChoice; value: number; kind: number } | undefined;
  for (const call of outcomesAfter(read, byteEnd, size)) {
    if (OWN_TOOLS.has(call.tool)) continue;
    const callWords = termsIn(call.input.join("\n"), req.query.terms);
    for (const l of call.lines) {
      const weight = termsIn(l.text, req.query.terms);
      const strong = told.includes("error") && strongError(l.text) ? req.profile.lines.strongError : 0;
      const kind = answerValue(l.text, told) + strong;
      if (weight + kind === 0) continue;
      const value = weight + kind + callWords;
      // At the same value, what is asked outweighs a word: `fatal: …` over a path that holds the word.
      if (!best || value > best.value || (value === best.value && kind > best.kind))
        best = { choice: { ...l, weight, outcome: true, after: true }, value, kind };
    }
  }
  return best?.choice;
}

/** How many of the query's terms a line read beside the unit holds (a word of each, with its endings). */
export function termsIn(text: string, terms: readonly RankedTerm[]): number {
  const lower = text.toLowerCase();
  // A word is a term's (sameTerm) only when it is the term or starts with its first four letters: a term whose words'
  // heads the line does not hold is not looked for word by word (most lines beside a unit hold none).
  const held = terms.filter((t) => t.words.every((w) => lower.includes(w.length > 4 ? w.slice(0, 4) : w)));
  if (held.length === 0) return 0;
  const words = lower.match(/[\p{L}\p{N}_]+/gu) ?? [];
  return held.filter((t) => t.words.every((w) => words.some((word) => sameTerm(word, w)))).length;
}

/** Whether a unit is of the message a hit before it is of (message-of.ts). */
const sameMessage = (hit: RankedHit, s: { row: UnitRow }) => {
  const message = messageOf(s.row.session_id, s.row.time, s.row.role);
  return message !== undefined && message === messageOf(hit.file.sessionID, hit.time, hit.role);
};

/**
 * A hit's lines with those of another unit of its message that it does not show yet (as context: a hit has one
 * answering line), the other's best line first,
 * within `bytes` (each line with its number), in line order; and the bytes added.
 */
export function withLinesOf(
  shown: readonly HitLine[],
  more: readonly HitLine[],
  bytes: number,
): { lines: HitLine[]; bytes: number } {
  const have = new Set(shown.map((l) => l.line));
  // A line the hit shows the text of (a paragraph written twice in a message), as it is or cut at another place
  // (saidBefore), is not added again.
  const texts = new Set(shown.map((l) => lineText(l.text)));
  let left = bytes;
  const added: HitLine[] = [];
  for (const l of [...more].sort((a, b) => Number(b.match) - Number(a.match))) {
    if (have.has(l.line) || saidBefore(lineText(l.text), texts)) continue;
    const size = lineBytes(l.line, l.text);
    if (size > left) continue;
    left -= size;
    texts.add(lineText(l.text));
    added.push({ ...l, match: false });
  }
  return { lines: [...shown, ...added].sort((a, b) => a.line - b.line), bytes: bytes - left };
}

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

/**
 * A shown line's text without its number (an attachment's `12: `, a read tool's `00012| `, a grep's `Line 12: `,
 * answer-kind.ts ownText) and spacing, a cut's count of the bytes left out (shown-line.ts) as `…`: two copies of a
 * long line are cut where their budgets end.
 */
const lineText = (text: string) =>
  ownText(text)
    .replace(/\[…\d+ bytes\]/g, CUT)
    .replace(/\s+/g, " ")
    .trim();

/** Where a shown line was cut, in its text as `said` holds it. */
const CUT = "…";

/** Shown text this long that hits before showed is a repeat (a paste, a file read again), not a second answer. */
const REPEAT_CHARS = 60;

/** The share of a hit's text that hits before showed for it to be a repeat: a copy with a line more or a call above. */
const REPEAT_SHARE = 0.75;

/**
 * Whether a hit shows what hits before it showed (`said`, their lines' text): each line holding the query's words, and
 * most of its text, at least REPEAT_CHARS of it. A short line said twice ("Thanks!") may well be two answers.
 */
function repeats(lines: readonly HitLine[], said: ReadonlySet<string>): boolean {
  let shared = 0;
  let all = 0;
  for (const l of lines) {
    const text = lineText(l.text);
    all += text.length;
    if (saidBefore(text, said)) shared += text.length;
    else if (l.match) return false;
  }
  return shared >= REPEAT_CHARS && shared >= all * REPEAT_SHARE;
}

/** A cut line's text at least this long, within a line said before or holding one said cut, is a repeat of it. */
const WITHIN_CHARS = 40;

/** A shown line's longest stretch between its cuts. */
const uncut = (text: string) => text.split(CUT).reduce((a, b) => (b.trim().length > a.length ? b.trim() : a), "");

/**
 * Whether a line's text was said before: as it is, or cut at another place (the same long line of a copy cut to
 * another budget, `<pro […51 bytes]` in one and `<project-sl […49 bytes]` in the other): a cut line's text within a
 * line said, or a line said cut within it. A line shown whole is a repeat only as it is: it may hold more than a cut
 * line showed of it.
 */
function saidBefore(text: string, said: ReadonlySet<string>): boolean {
  if (said.has(text)) return true;
  if (!text.includes(CUT)) return false;
  const part = uncut(text);
  if (part.length < WITHIN_CHARS) return false;
  for (const s of said) {
    const other = uncut(s);
    if (other.length < WITHIN_CHARS) continue;
    if (other.includes(part) || (s.includes(CUT) && part.includes(other))) return true;
  }
  return false;
}

/**
 * A hit's lines without those that hits before it showed (`said`, as they are or cut at another place: saidBefore),
 * its best line kept unless `best` is false (lines added to another hit are context there): a paste or a file read
 * again shows its best line, not the same neighbours twice. On the coding recall evaluation's questions to tune on
 * that left the needles shown at 2,862 bytes a question against 2,931 (session named 3,101 against 3,213;
 * ranking-profile.ts, lines).
 */
function unsaid(lines: readonly HitLine[], said: ReadonlySet<string>, best = true): HitLine[] {
  return lines.filter((l) => (best && l.match) || !saidBefore(lineText(l.text), said));
}

/**
 * Each line's text shown once, by the first hit that shows it (the best line of each hit kept): a line another unit of
 * its message added to a hit may stand among a later hit's context.
 */
function shownOnce(hits: readonly RankedHit[]): void {
  const said = new Set<string>();
  for (const h of hits) {
    h.lines = withoutTitleTwice(unsaid(h.lines, said));
    for (const l of h.lines) said.add(lineText(l.text));
  }
}

/** A tool input's description, which OpenCode shows as the call's title: `description: Run the tests`. */
const DESCRIPTION = /^description: (.+)$/;

/**
 * A hit's lines without a call's `description:` line when the hit shows the call's line, which holds the same words
 * as its title (`[tool bash · completed · "Run the tests"]`); never the line that matched.
 */
function withoutTitleTwice(lines: HitLine[]): HitLine[] {
  const calls = lines.map((l) => lineText(l.text)).filter((text) => readMarker(text)?.kind === "tool");
  if (calls.length === 0) return lines;
  return lines.filter((l) => {
    const title = DESCRIPTION.exec(lineText(l.text))?.[1];
    return l.match || title === undefined || !calls.some((call) => call.endsWith(` · ${JSON.stringify(title)}]`));
  });
}

/** A line that is only a path (an entry of a glob's, an `ls`'s or an attached folder's listing). */
const PATH_ENTRY = /^[\w@.~/-]*[/.][\w@.~/-]*$/;

/**
 * Whether a hit shows a directory listing: three paths or more, and most of its lines. Its entries hold every path
 * part of a question about files, so a second listing (another part of it, a copy, another folder's) takes no place.
 */
function isListing(lines: readonly HitLine[]): boolean {
  const paths = lines.filter((l) => PATH_ENTRY.test(lineText(l.text))).length;
  return paths >= 3 && paths >= lines.length * REPEAT_SHARE;
}

/** A line that is only an attachment's note ("Called the Read tool with the following input: {…}"). */
const ATTACHMENT_NOTE = /^Called the \S+ tool with the following input: /;

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

/** What the order of the hits needs of a unit scored by the second look. */
interface InSession {
  score: number;
  row: { session_id: string };
}

/**
 * Each unit lifted by `lift` (the profile's sessions.lift) times the best score of another unit of its session among
 * those the second look read: a session that answers a question often does so in more than one message.
 */
export function liftedBySession(scored: readonly InSession[], lift: number): void {
  const best = new Map<string, InSession[]>();
  for (const s of scored) {
    const [first, second] = best.get(s.row.session_id) ?? [];
    const top = [first, second, s].filter((x): x is InSession => x !== undefined).sort((a, b) => b.score - a.score);
    best.set(s.row.session_id, top.slice(0, 2));
  }
  const lifts = scored.map((s) => {
    const [first, second] = best.get(s.row.session_id) ?? [];
    const other = first === s ? second : first;
    return lift * (other?.score ?? 0);
  });
  for (const [i, s] of scored.entries()) s.score += lifts[i] as number;
}

/**
 * The units best first, put in order one at a time, a unit's score weighing `repeat` (the profile's sessions.repeat)
 * times less for each unit of its session already ahead of it: the first hits name more of the sessions that may
 * answer, and the first is the best unit either way.
 */
export function inOrder<T extends InSession>(scored: readonly T[], repeat: number): T[] {
  const left = [...scored];
  const ahead = new Map<string, number>();
  const order: T[] = [];
  while (left.length > 0) {
    let at = 0;
    let value = Number.NEGATIVE_INFINITY;
    for (const [i, s] of left.entries()) {
      const v = s.score * repeat ** (ahead.get(s.row.session_id) ?? 0);
      if (v > value) {
        value = v;
        at = i;
      }
    }
    const [next] = left.splice(at, 1) as [T];
    order.push(next);
    ahead.set(next.row.session_id, (ahead.get(next.row.session_id) ?? 0) + 1);
  }
  return order;
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

  // The lines each unit shows, chosen once.
  const shown = new Map<ScoredUnit, HitLine[]>();
  const linesOf = (s: ScoredUnit) => {
    let lines = shown.get(s);
    if (lines === undefined) {
      lines = shownLines(files, s, req, wants, version);
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
    // message's view does not weigh below what was said and done.
    const places =
      req.perSession === undefined ? 0 : Math.min(Math.floor(profile.sessions.messagePlaces), req.limit - 1);
    fill(req.limit - places);
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
