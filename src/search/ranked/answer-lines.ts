/**
 * The lines a ranked hit shows: the line holding most of the query's words (always), the lines of its unit that hold
 * what the question asks for (answer-kind.ts) or more of its words, a tool call's outcome, and the nearest lines
 * around the best one, within a byte budget per hit. A message answers "how many pages?" five lines below the
 * sentence that names the pages; a tool call's error stands in its output, not in its command.
 */
import { byteLength } from "../../bounded-output.js";
import type { HitLine } from "../hit-line.js";
import { type AnswerKind, answerValue, kindAt, measured, ownText, strongError, versioned } from "./answer-kind.js";
import type { ShownLinesProfile } from "./ranking-profile.js";
import { answerWindow, clip, lineBytes, shownText } from "./shown-line.js";

/** A line of the unit (or of a tool call's output) that may be shown. */
export interface LineChoice {
  line: number;
  text: string;
  /** The query terms' weight in the line (rerank.ts): 0 for a line holding none. */
  weight: number;
  /** A line of the outcome of the tool call the hit is (its error, or its last lines). */
  outcome?: boolean;
  /** A line of the output of a call after the hit's text, in its message, that tells what is asked: shown after the outcome. */
  after?: boolean;
  /** What the agent ran next after the failed call the hit is (its retry): shown after the lines that answer. */
  retry?: boolean;
  /** The call a hit on a tool's output came from: always shown, first. */
  call?: boolean;
  /** A line an edit or a patch changed (edit-changes.ts). */
  changed?: boolean;
  /** Of a changed line, the line number of the first changed line of the other side: what it became or replaced. */
  counterpart?: number;
}

export interface LinesWanted {
  lines: readonly LineChoice[];
  /** Index in `lines` of the best line (the most query words). */
  best: number;
  asked: readonly AnswerKind[];
  /** The question asks which version (answer-kind.ts asksVersion): a version as written tells more than a count. */
  version?: boolean;
  /** The query's words, folded: where the best line's window opens. */
  words: readonly string[];
  /** Lines of plain context on either side of the best one. */
  context: number;
  /** Bytes of a line's prefix, `<line>- `. */
  prefixBytes: (line: number) => number;
  /** The byte budgets and line counts (the ranking profile's `lines`, with the evidence for each). */
  profile: ShownLinesProfile;
}

/**
 * A line with a letter or a digit past a read's numbering. A line of none (`}`, `---`, `|`, a blank, a read's blank
 * line `  48\t`) says nothing beside the lines around it: left out as context, the needles shown on the coding recall
 * evaluation's questions to tune on were the same, at 2,931 bytes a question against 2,946 (ranking-profile.ts, lines);
 * a read's numbered blank lines too, the same needles at 444,768 bytes in all against 445,457.
 */
const SAYS = /[\p{L}\p{N}]/u;

/**
 * A code comment (`// Placeholder for agent extension registration`, a block comment's opening, an indented `# …`):
 * what it is about stands in the code beside it (`export const registerAgentExtension = (ext) => {`).
 */
const COMMENT = /^\s*(?:\/\/|\/\*)|^\s+#\s/;

/**
 * The code line a comment line at `i` is about: the nearest line beside it that is no comment and says something, the
 * one after at the same distance (a comment stands above what it describes), within three lines; else undefined.
 */
function codeOfComment(lines: readonly LineChoice[], i: number): number | undefined {
  const plain = (j: number) => ownText((lines[j] as LineChoice).text);
  if (!COMMENT.test(plain(i))) return undefined;
  for (let d = 1; d <= 3; d++) {
    for (const j of [i + d, i - d]) {
      const l = lines[j];
      if (l && !l.call && !l.outcome && !l.after && !l.retry && SAYS.test(l.text) && !COMMENT.test(plain(j))) return j;
    }
  }
  return undefined;
}

/** The most a cut adds to a line: `[…N bytes] ` before and ` […N bytes]` after. */
const CUT_MARKS = 36;

/**
 * The shown lines of one hit, in line order: the best line first in priority and always (cut to `bestBytes` if
 * need be), then what the question asks for, the outcome of a tool call, and context, while they fit `hitBytes`.
 */
export function chooseLines(wanted: LinesWanted): HitLine[] {
  const { profile } = wanted;
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
    if (i !== best && (cut < Math.min(profile.minLine, whole) || !SAYS.test(ownText(text)))) return false;
    const shown =
      i === best
        ? answerWindow(text, wanted.words, Math.max(cut, profile.minLine), kindAt(text, wanted.asked))
        : clip(text, cut);
    const size = lineBytes(l.line, shown, wanted.prefixBytes);
    if (i !== best && size > left) return false;
    chosen.set(i, shown);
    left -= size;
    return true;
  };
  // The call a tool output came from names what produced it.
  const call = lines.findIndex((l) => l.call);
  take(best, profile.bestBytes);
  if (call >= 0) take(call, profile.callBytes);
  // A line an edit changed is shown with what it became, or what it replaced: how something was changed.
  const counterparts = new Set<number>();
  const withCounterpart = (i: number) => {
    const other = (lines[i] as LineChoice).counterpart;
    const at = other === undefined ? -1 : lines.findIndex((l) => l.line === other);
    if (at >= 0 && take(at, profile.lineBytes)) counterparts.add(at);
  };
  withCounterpart(best);
  const maxWeight = Math.max(...lines.map((l) => l.weight), 1e-9);
  const span = Math.max(1, lines.length);
  const errorAsked = wanted.asked.includes("error");
  const numberAsked = wanted.asked.includes("number");
  // The number that tells: a version when one is asked for, else a count with what it counts.
  const told = (text: string) => (wanted.version ? versioned(text) : measured(text));
  const value = (l: LineChoice, i: number) => {
    const kind =
      answerValue(l.text, wanted.asked) +
      (errorAsked && strongError(l.text) ? profile.strongError : 0) +
      (numberAsked && told(l.text) ? profile.measured : 0);
    const near = 1 - Math.min(1, Math.abs(i - best) / span);
    const changed = l.changed ? profile.changed : 0;
    return (kind + changed) * (1 + profile.nearness * near) + l.weight / maxWeight;
  };
  // The outcome of a call: its lines that hold what is asked (an error by default) and the question's words, a
  // tool's own error line first; else its last lines, cut shorter.
  const outcomes = lines.flatMap((l, i) => (l.outcome && !l.after ? [i] : []));
  if (outcomes.length > 0) {
    const asked = wanted.asked.length > 0 ? wanted.asked : (["error"] as const);
    const telling = outcomes
      .map((i) => {
        const l = lines[i] as LineChoice;
        const kind = answerValue(l.text, asked);
        const strong =
          (asked.includes("error") && strongError(l.text) ? profile.strongError : 0) +
          (asked.includes("number") && told(l.text) ? profile.measured : 0);
        return { i, kind, v: kind + strong + l.weight / maxWeight };
      })
      .filter((o) => o.kind > 0 || o.v >= 1)
      .sort((a, b) => b.v - a.v || a.i - b.i)
      .map((o) => o.i);
    // Nothing in it tells: its last lines say only that it ran (`File created successfully at: …`), in a few bytes.
    const quiet = telling.length === 0;
    const pick = (quiet ? outcomes.slice().reverse() : telling).slice(0, profile.outcomes);
    for (const i of pick) take(i, quiet ? profile.quietBytes : profile.lineBytes);
  }
  // What a call the text announces printed, chosen as telling already (hit-lines.ts): after the hit's own outcome.
  for (const i of lines.flatMap((l, i) => (l.after ? [i] : []))) take(i, profile.lineBytes);
  // Lines that hold what the question asks for, or more of its words, best first.
  const answers = lines
    .map((l, i) => ({ i, v: value(l, i), l }))
    .filter(({ i, l, v }) => i !== best && !l.outcome && !l.call && !l.retry && v > 0)
    .sort((a, b) => b.v - a.v || Math.abs(a.i - best) - Math.abs(b.i - best));
  let taken = 0;
  for (const { i } of answers) {
    if (taken >= profile.answers) break;
    if (!take(i, profile.lineBytes)) continue;
    taken++;
    withCounterpart(i);
    const code = codeOfComment(lines, i);
    if (code !== undefined) take(code, profile.lineBytes);
  }
  // Context: the nearest lines around the best one. An answer follows what it answers (a heading, then the list
  // under it): a line after the best stands one nearer than a line before it, so `context` lines go before it and
  // one more after it, the nearer first and, at the same nearness, the one after.
  for (let d = 1; wanted.context > 0 && d <= wanted.context + 1; d++) {
    for (const i of d === 1 ? [best + 1] : [best + d, best - d + 1]) {
      const l = lines[i];
      if (l && !l.call && !l.retry) take(i, profile.lineBytes);
    }
  }
  // What the agent ran next after the failed call, in the room left.
  for (const i of lines.flatMap((l, i) => (l.retry ? [i] : []))) take(i, profile.lineBytes);
  return [...chosen.entries()]
    .sort((a, b) => (lines[a[0]] as LineChoice).line - (lines[b[0]] as LineChoice).line)
    .map(([i, text]) => ({
      line: (lines[i] as LineChoice).line,
      text,
      match: i === best,
      ...(counterparts.has(i) ? { counterpart: true } : {}),
    }));
}
