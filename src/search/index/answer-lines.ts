/**
 * The lines a ranked hit shows: the line holding most of the query's words (always), the lines of its unit that hold
 * what the question asks for (answer-kind.ts) or more of its words, a tool call's outcome, and the nearest lines
 * around the best one, within a byte budget per hit. A message answers "how many pages?" five lines below the
 * sentence that names the pages; a tool call's error stands in its output, not in its command.
 */
import { byteLength } from "../../bounded-output.js";
import { type AnswerKind, answerValue, strongError } from "./answer-kind.js";
import { answerWindow, clip, shownText } from "./shown-line.js";

/** How a hit's lines are chosen; the defaults and the evidence for each. */
export interface ShownLinesProfile {
  /** Bytes of one hit's lines, their `<file>-<line>- ` prefixes counted. */
  hitBytes: number;
  /** Bytes of the best line's window. */
  bestBytes: number;
  /** Bytes of any other line. */
  lineBytes: number;
  /** Lines shown besides the best (and a call), the most telling first. */
  lines: number;
  /** A tool call's last output lines that stand for its outcome when none holds what is asked (or an error). */
  outcomes: number;
  /** What a line holding what the question asks for (answer-kind.ts) weighs, against the query's words (at most 1). */
  kind: number;
  /** What the line just after the best one weighs (half that before it, and less further), against the words. */
  near: number;
}

/**
 * On the coding recall evaluation's questions to tune on (bench/coding-recall, project-wide, limit 5): the lines
 * ranked by one value (the question's words, what it asks for, the place beside the best line) and cut to 400 / 140 /
 * 90 bytes showed a needle in the first five hits for 25.0 % of them at a median of 2,384 bytes a question, against
 * 24.1 % at 2,469 bytes with two answer lines and two outcome lines taken in turn at 400 / 200 / 140; 440 / 140 / 90
 * 23.1 % (at 2,547 bytes), 420 / 160 / 90 24.1 %, a nearness weight of 1 23.1 %, a kind weight of 1.5 the same 25.0 %.
 * Earlier, with lines taken in turn: 440 / 240 / 140 25.0 % at 2,625 bytes, 620 / 300 / 160 24.1 % at 3,233 bytes.
 */
export const SHOWN_LINES: ShownLinesProfile = {
  hitBytes: 400,
  bestBytes: 140,
  lineBytes: 90,
  lines: 6,
  outcomes: 2,
  kind: 1,
  near: 0.5,
};

/** A line of the unit (or of a tool call's output) that may be shown. */
export interface LineChoice {
  line: number;
  text: string;
  /** The query terms' weight in the line (rerank.ts): 0 for a line holding none. */
  weight: number;
  /** A line of the outcome of the tool call the hit is (its error, or its last lines). */
  outcome?: boolean;
  /** The call a hit on a tool's output came from: always shown, first. */
  call?: boolean;
}

export interface ShownLine {
  line: number;
  text: string;
  match: boolean;
}

export interface LinesWanted {
  lines: readonly LineChoice[];
  /** Index in `lines` of the best line (the most query words). */
  best: number;
  asked: readonly AnswerKind[];
  /** The query's words, folded: where the best line's window opens. */
  words: readonly string[];
  /** Lines of plain context on either side of the best one. */
  context: number;
  /** Bytes of a line's prefix, `<file>-<line>- `. */
  prefixBytes: (line: number) => number;
  profile?: ShownLinesProfile;
}

/** A file read's own numbering (`  12: `, `+ 12: `) says nothing of what a line holds. */
const READ_PREFIX = /^\s*[+-]?\s*\d+[:|]\s?/;

const sizeOf = (text: string, line: number, prefix: (line: number) => number) => prefix(line) + byteLength(text) + 1;

/** The most a cut adds to a line: `[…N bytes] ` before and ` […N bytes]` after. */
const CUT_MARKS = 36;
/** Bytes of the call line shown above an output: its tool and the head of its command name it. */
const CALL_BYTES = 96;
/** A line cut to fewer bytes than this says nothing: it is left out (never the best line). */
const MIN_LINE = 48;

/**
 * The shown lines of one hit, in line order: the best line first in priority and always (cut to `bestBytes` if
 * need be), then what the question asks for, the outcome of a tool call, and context, while they fit `hitBytes`.
 */
export function chooseLines(wanted: LinesWanted): ShownLine[] {
  const profile = wanted.profile ?? SHOWN_LINES;
  const { lines, best } = wanted;
  const bestLine = lines[best];
  if (!bestLine) return [];
  const chosen = new Map<number, string>();
  let left = profile.hitBytes;
  const take = (i: number, max: number): boolean => {
    const l = lines[i] as LineChoice;
    if (chosen.has(i)) return false;
    const text = shownText(l.text);
    const whole = byteLength(text);
    const room = Math.min(max, left - wanted.prefixBytes(l.line) - 1);
    const cut = whole <= room ? whole : room - CUT_MARKS;
    if (i !== best && (cut < Math.min(MIN_LINE, whole) || text.trim() === "")) return false;
    const shown = i === best ? answerWindow(text, wanted.words, Math.max(cut, MIN_LINE)) : clip(text, cut);
    const size = sizeOf(shown, l.line, wanted.prefixBytes);
    if (i !== best && size > left) return false;
    chosen.set(i, shown);
    left -= size;
    return true;
  };
  // The call a tool output came from names what produced it.
  const call = lines.findIndex((l) => l.call);
  take(best, profile.bestBytes);
  if (call >= 0) take(call, CALL_BYTES);
  const maxWeight = Math.max(...lines.map((l) => l.weight), 1e-9);
  const errorAsked = wanted.asked.includes("error");
  // A call's outcome is asked for its error when the question asks for nothing in particular; else its last lines.
  const outcomes = lines.flatMap((l, i) => (l.outcome ? [i] : []));
  const outcomeAsked: readonly AnswerKind[] = wanted.asked.length > 0 ? wanted.asked : ["error"];
  const lastOutcomes = new Set(outcomes.slice(-profile.outcomes));
  const telling = outcomes.some((i) => answerValue((lines[i] as LineChoice).text, outcomeAsked) > 0);
  const value = (l: LineChoice, i: number) => {
    const plain = l.text.replace(READ_PREFIX, "");
    const asked = l.outcome ? outcomeAsked : wanted.asked;
    const kind = answerValue(plain, asked) + ((errorAsked || l.outcome) && strongError(plain) ? 1 : 0);
    const d = i - best;
    const near = d === 1 ? 1 : Math.abs(d) <= wanted.context ? 0.5 / Math.abs(d) : 0;
    const quiet = l.outcome && !telling && lastOutcomes.has(i) ? profile.kind : 0;
    return profile.kind * kind + l.weight / maxWeight + profile.near * near + quiet;
  };
  const ranked = lines
    .map((l, i) => ({ i, v: value(l, i), l }))
    .filter(({ i, l, v }) => i !== best && !l.call && v > 0)
    .sort((a, b) => b.v - a.v || Math.abs(a.i - best) - Math.abs(b.i - best));
  let taken = 0;
  for (const { i } of ranked) {
    if (taken >= profile.lines) break;
    if (take(i, profile.lineBytes)) taken++;
  }
  return [...chosen.entries()]
    .sort((a, b) => (lines[a[0]] as LineChoice).line - (lines[b[0]] as LineChoice).line)
    .map(([i, text]) => ({ line: (lines[i] as LineChoice).line, text, match: i === best }));
}
