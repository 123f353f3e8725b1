/**
 * The lines a ranked hit shows, read from its transcript: its unit's, and beside it the other half of a tool call (a
 * call's outcome, an output's call), the output a message comments on or announces, and the retry after a failed
 * call; chosen within the hit's bytes by answer-lines.ts.
 */
import type { TranscriptFile } from "../../transcripts/listing.js";
import type { HitLine } from "../hit-line.js";
import { OWN_TOOLS } from "../own-tools.js";
import { type AnswerKind, answerValue, strongError } from "./answer-kind.js";
import { chooseLines, type LineChoice } from "./answer-lines.js";
import { editChanges } from "./edit-changes.js";
import type { RankedTerm } from "./ranked-query.js";
import type { RankedRequest } from "./ranked-request.js";
import { sameTerm } from "./rerank.js";
import { numberBytes } from "./shown-line.js";
import { callBefore, outcomeBefore, outcomeOf, outcomesAfter, type ReadRange, retryAfter } from "./tool-call-lines.js";
import { type OpenFiles, readLines } from "./unit-reads.js";
import type { UnitRow } from "./unit-rows.js";

/** A unit to show: its row, its transcript, its best line, and the query terms' weight in each of its lines. */
export interface UnitToShow {
  row: UnitRow;
  file: TranscriptFile;
  line: number;
  weights: readonly number[];
}

/**
 * A term's weight in a line (rerank.ts weighs the unit's own lines so: its inverse document frequency, a setting's
 * word less): the lines read beside the unit (a call's outcome, the output a message comments on) are weighed on the
 * same scale as the unit's, so that an outcome line holding the question's rarer words tells as much as the unit's
 * best line does.
 */
export type TermWeight = (term: RankedTerm) => number;

/** Marker lines that say only what the header says (a part, a message, an output's length): never shown. */
const BARE_MARKER =
  /^(?:\[(?:text|reasoning)(?: · [^\]]*)?\]|\[(?:output|error) · [^\]]*\]|## (?:user|assistant|summary) · .*)$/;

/**
 * The lines a hit shows (answer-lines.ts), from its own unit: the best line, the lines holding what the question asks
 * for, context; for a tool call, the outcome in its output; for a tool output, the call. Marker and blank lines are
 * left out: the header says the kind and time.
 */
export function shownLines(
  files: OpenFiles,
  s: UnitToShow,
  req: RankedRequest,
  asked: readonly AnswerKind[],
  version: boolean,
  termWeight: TermWeight,
): HitLine[] {
  const { file, row } = s;
  const read = (start: number, end: number) => readLines(files, file.path, start, end);
  const weigh = (text: string) => termsIn(text, req.query.terms, termWeight);
  // Weighed by their place in the unit: a unit read across a removed line has a gap in its numbers.
  const unit = read(row.byte_start, row.byte_end).map((l, at) => ({ ...l, weight: s.weights[at] ?? 0 }));
  const choices: LineChoice[] = [];
  for (const l of unit) {
    if (!Number.isFinite(l.line)) continue;
    if (l.line !== s.line && (l.text.trim() === "" || BARE_MARKER.test(l.text))) continue;
    choices.push({ line: l.line, text: l.text, weight: l.weight });
  }
  if (row.role === "tool-input") {
    // What an edit changed tells how something was fixed, or what replaced what.
    const changed = editChanges(unit.filter((l) => Number.isFinite(l.line)));
    for (const c of choices) {
      if (!changed.has(c.line)) continue;
      c.changed = true;
      c.counterpart = changed.get(c.line);
    }
  }
  if (row.role === "tool-input" && row.tool !== null && !OWN_TOOLS.has(row.tool)) {
    for (const l of outcomeOf(read, row.byte_end, file.size, row.tool)) {
      choices.push({ line: l.line, text: l.text, weight: weigh(l.text), outcome: true });
    }
    const marker = unit[0]?.text;
    if (marker !== undefined) choices.push(...retryChoice(read, row.byte_end, file.size, marker, weigh));
  } else if (row.role === "assistant" || row.role === "reasoning") {
    // The output a message comments on, just before it: what the agent saw when it said so.
    const before = outcomeBefore(read, row.byte_start);
    // The plugin's own result is never shown, beside a message either.
    for (const l of before.tool !== undefined && OWN_TOOLS.has(before.tool) ? [] : before.lines) {
      choices.push({ line: l.line, text: l.text, weight: weigh(l.text), outcome: true });
    }
    const after = announcedOutcome(read, row.byte_end, file.size, req, asked, weigh);
    if (after) choices.push(after);
    choices.sort((a, b) => a.line - b.line);
  } else if (row.role === "tool-output") {
    const { call, errors } = callBefore(read, row.byte_start);
    if (call) choices.unshift({ line: call.line, text: call.text, weight: 0, call: true });
    // What failed, said earlier in a long output than the unit the words found: an error is what its outcome is read
    // for unless the question asks for something else.
    if (call && (asked.length === 0 || asked.includes("error"))) {
      for (const l of errors.slice(0, req.profile.lines.outcomes)) {
        choices.push({ line: l.line, text: l.text, weight: weigh(l.text), outcome: true });
      }
      choices.sort((a, b) => a.line - b.line);
    }
    if (call) choices.push(...retryChoice(read, row.byte_end, file.size, call.text, weigh));
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
function retryChoice(
  read: ReadRange,
  byteEnd: number,
  size: number,
  call: string,
  weigh: (text: string) => number,
): LineChoice[] {
  const retry = retryAfter(read, byteEnd, size, call);
  return retry ? [{ ...retry, weight: weigh(retry.text), retry: true }] : [];
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
  weigh: (text: string) => number,
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
        best = { choice: { ...l, weight: weigh(l.text), outcome: true, after: true }, value, kind };
    }
  }
  return best?.choice;
}

/**
 * How many of the query's terms a line read beside the unit holds (a word of each, with its endings); with `weight`,
 * the sum of the weights of those it holds.
 */
export function termsIn(text: string, terms: readonly RankedTerm[], weight: TermWeight = () => 1): number {
  const lower = text.toLowerCase();
  // A word is a term's (sameTerm) only when it is the term or starts with its first four letters: a term whose words'
  // heads the line does not hold is not looked for word by word (most lines beside a unit hold none).
  const held = terms.filter((t) => t.words.every((w) => lower.includes(w.length > 4 ? w.slice(0, 4) : w)));
  if (held.length === 0) return 0;
  const words = lower.match(/[\p{L}\p{N}_]+/gu) ?? [];
  let sum = 0;
  for (const t of held) if (t.words.every((w) => words.some((word) => sameTerm(word, w)))) sum += weight(t);
  return sum;
}
