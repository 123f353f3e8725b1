/**
 * The other half of a tool call, read from the transcript beside a hit: a hit on a call's input (`command: bunx tsc
 * --noEmit`) is shown with its outcome, the lines of its output after it (the error three lines down is the answer);
 * a hit on an output is shown with the marker line of the call that produced it (`[tool bash · … · "bunx tsc"]`).
 * Both are bounded reads next to the unit, never a walk of the transcript.
 */
import { advance, initialState, type ReaderState } from "../../transcripts/index/reader-state.js";
import { opensInputValue } from "../../transcripts/render/tool.js";
import { type Marker, readMarker } from "../../transcripts/transcript-format.js";
import { strongError } from "./answer-kind.js";

export interface NumberedLine {
  line: number;
  text: string;
}

/** Reads the numbered lines of bytes [start, end) of the hit's transcript that a newline ends. */
export type ReadRange = (start: number, end: number) => NumberedLine[];

/** Bytes read after a call's input for its output, and before an output for its call. */
export const OUTCOME_BYTES = 24 * 1024;
export const CALL_BYTES = 16 * 1024;
/** Lines of an output looked at for its outcome. */
const OUTCOME_LINES = 200;

/**
 * Bytes read first beside a unit: most outputs and calls end within them, so the window (OUTCOME_BYTES, CALL_BYTES)
 * is read whole only when a look runs past them, READ_GROWTH times as many each time.
 */
const FIRST_BYTES = 2 * 1024;
const READ_GROWTH = 4;

/** What a look returns when it ran past the lines it was given before it could tell: it is given more. */
const MORE = Symbol("more");

/**
 * What `look` tells of the lines of bytes [start, end), read from `start` on: the first FIRST_BYTES, then more while
 * it runs past them (`last` tells it that no more will come). Its lines are those of the window read at once cut
 * where the read ends, so what it tells before running past them is what it tells of the whole window.
 */
function readForward<T>(
  read: ReadRange,
  start: number,
  end: number,
  look: (lines: NumberedLine[], last: boolean) => T | typeof MORE,
): T {
  for (let bytes = FIRST_BYTES; ; bytes *= READ_GROWTH) {
    const to = Math.min(end, start + bytes);
    const told = look(read(start, to), to >= end);
    if (told !== MORE) return told;
  }
}

/**
 * What `look` tells of the whole lines before `end`, at most `bytes` back, read back from `end`: the last FIRST_BYTES,
 * then more while it runs past them. A window that starts inside a line cuts its first, which is left out (its number
 * cannot be trusted): the lines of a shorter window are the last of a longer one's.
 */
function readBack<T>(
  read: ReadRange,
  end: number,
  bytes: number,
  look: (lines: NumberedLine[], last: boolean) => T | typeof MORE,
): T {
  const farthest = Math.max(0, end - bytes);
  for (let back = FIRST_BYTES; ; back *= READ_GROWTH) {
    const from = Math.max(farthest, end - back);
    const lines = read(from, end);
    const told = look(from === 0 ? lines : lines.slice(1), from <= farthest);
    if (told !== MORE) return told;
  }
}

/** A call's marker line: a tool's, or a subtask's. */
const isCall = (m: Marker | undefined) => m?.kind === "tool" || m?.kind === "subtask";
const isMessage = (m: Marker | undefined) => m?.kind === "message";
/** A message's text or reasoning part. */
const isProse = (m: Marker | undefined) =>
  m?.kind === "text" || m?.kind === "reasoning" || (m?.kind === "label" && m.label === "reasoning · empty");

/**
 * The output lines of the call whose input unit ends at `byteEnd` (its tool `tool`), up to OUTCOME_BYTES after it:
 * the rest of its input is passed over, and the output ends at the next marker of another kind.
 */
export function outcomeOf(read: ReadRange, byteEnd: number, size: number, tool: string): NumberedLine[] {
  // A line the window cuts at its end is not read (no newline ends it).
  return readForward(read, byteEnd, Math.min(size, byteEnd + OUTCOME_BYTES), (whole, last) => {
    const state: ReaderState = { ...initialState(), role: "tool-input", tool };
    const out: NumberedLine[] = [];
    for (const l of whole) {
      if (!Number.isFinite(l.line)) return out;
      const begins = advance(state, l.text);
      if (state.role !== "tool-input" && state.role !== "tool-output") return out;
      if (state.role === "tool-input" && begins) return out;
      if (state.role === "tool-output" && !begins && l.text.trim() !== "") out.push(l);
      if (out.length >= OUTCOME_LINES) return out;
    }
    return last ? out : MORE;
  });
}

/** What stands before a tool output's unit in its call: the call's marker line, and the tool's own error lines. */
export interface CallBefore {
  /** The call's marker line: undefined when another message or part lies between, or none within CALL_BYTES. */
  call?: NumberedLine;
  /**
   * The tool's own error lines (`- E999 IndentationError: unexpected indent`, answer-kind.ts strongError) in the output
   * before the unit, first ones first: a long output is several units, and the one a question's words find (`Your
   * changes have NOT been applied`) may be later than the line saying why; a tool says first what failed, then shows
   * where (a listing of code names errors too). None when the unit is the output's first, or no output opens before it.
   */
  errors: NumberedLine[];
}

/**
 * The call and earlier error lines of the output whose unit starts at `byteStart` (CallBefore), read back at most
 * CALL_BYTES in one walk: the last call marker before it, when nothing but that call's input and output lies between.
 */
export function callBefore(read: ReadRange, byteStart: number): CallBefore {
  return readBack(read, byteStart, CALL_BYTES, (whole, last) => {
    const errors: NumberedLine[] = [];
    // Past the output's opening marker (`[output · N lines]`): the errors seen are this output's.
    let opened = false;
    const told = (call?: NumberedLine): CallBefore => ({ call, errors: opened ? errors.reverse() : [] });
    for (let i = whole.length - 1; i >= 0; i--) {
      const l = whole[i] as NumberedLine;
      if (!Number.isFinite(l.line)) return told();
      const marker = readMarker(l.text);
      if (isCall(marker)) return told(l);
      // Another message or part in between: this output is not that call's.
      if (isMessage(marker) || isProse(marker)) return told();
      if (marker?.kind === "block") opened = true;
      else if (!opened && strongError(l.text)) errors.push(l);
    }
    return last ? told() : MORE;
  });
}

/** Lines that may stand between a tool's output and the message after it: the end of a step, a new message. */
function between(text: string): boolean {
  if (text.trim() === "") return true;
  const m = readMarker(text);
  return (
    (m?.kind === "label" && (m.label === "step" || m.label === "step done")) ||
    (m?.kind === "message" && m.speaker === "assistant") ||
    isProse(m)
  );
}

/**
 * The tool call just before the message unit starting at `byteStart` and its output lines (the agent's comment on
 * what it saw: "Maven cannot run here" after the output that says why), when nothing but the end of a step and the
 * start of a message stands between; at most CALL_BYTES back. The call's tool is undefined when its marker is further.
 */
export function outcomeBefore(read: ReadRange, byteStart: number): { tool?: string; lines: NumberedLine[] } {
  return readBack(read, byteStart, CALL_BYTES, (whole, last) => {
    const text = (i: number) => (whole[i] as NumberedLine).text;
    const marker = (i: number) => readMarker(text(i));
    let i = whole.length - 1;
    while (i >= 0 && between(text(i))) i--;
    const end = i;
    while (i >= 0 && marker(i)?.kind !== "block") {
      if (isCall(marker(i)) || isMessage(marker(i))) return { lines: [] };
      i--;
    }
    if (i < 0) return last ? { lines: [] } : MORE;
    const output = whole.slice(i + 1, end + 1).filter((l) => Number.isFinite(l.line) && l.text.trim() !== "");
    for (let j = i - 1; ; j--) {
      if (j < 0) return last ? { lines: output } : MORE;
      const call = marker(j);
      if (isMessage(call)) return { lines: output };
      if (call?.kind === "tool") return { tool: call.tool, lines: output };
    }
  });
}

/** A call after a message's text: its tool, its input's lines (its marker line first) and its output's lines. */
export interface CallAfter {
  tool: string;
  input: string[];
  lines: NumberedLine[];
}

/** Lines that may stand between a message's text and the tool calls it announces: blanks, the start of a step. */
const beforeCall = (text: string) => {
  if (text.trim() === "") return true;
  const m = readMarker(text);
  return m?.kind === "label" && (m.label === "step" || m.label === "step done");
};

/**
 * The output lines of the tool calls that follow the text or reasoning unit ending at `byteEnd` in its message ("Let
 * me check the history", then `git log` and the `fatal: … does not have any commits yet` it printed), with the tool of
 * each; up to the message's next text, reasoning or message, at most OUTCOME_BYTES after the unit.
 */
export function outcomesAfter(read: ReadRange, byteEnd: number, size: number): CallAfter[] {
  return readForward(read, byteEnd, Math.min(size, byteEnd + OUTCOME_BYTES), (whole, last) => {
    const calls: CallAfter[] = [];
    const state: ReaderState = initialState();
    for (const l of whole) {
      if (!Number.isFinite(l.line)) return calls;
      const marker = readMarker(l.text);
      if (calls.length === 0 && beforeCall(l.text)) continue;
      if (marker?.kind === "tool") calls.push({ tool: marker.tool, input: [], lines: [] });
      else if (calls.length === 0 || isMessage(marker) || isProse(marker) || marker?.kind === "subtask") return calls;
      const begins = advance(state, l.text);
      const call = calls[calls.length - 1] as CallAfter;
      if (state.role === "tool-input" && call.input.length < OUTCOME_LINES) call.input.push(l.text);
      if (state.role === "tool-output" && !begins && l.text.trim() !== "" && call.lines.length < OUTCOME_LINES)
        call.lines.push(l);
    }
    return last ? calls : MORE;
  });
}

/**
 * The next call of the same tool after a failed one (the retry: `git pull --rebase origin main && git push` after the
 * push the remote rejected), its first input line that holds a value; read from `byteEnd` (the end of the failed
 * call's input or output) up to OUTCOME_BYTES, across the agent's own messages, calls of other tools and text, up to
 * the next user message. None when `callMarker` (the marker line of the call) is not a failed call's.
 */
export function retryAfter(
  read: ReadRange,
  byteEnd: number,
  size: number,
  callMarker: string,
): NumberedLine | undefined {
  const failed = readMarker(callMarker);
  if (failed?.kind !== "tool" || failed.status !== "error") return undefined;
  return readForward(read, byteEnd, Math.min(size, byteEnd + OUTCOME_BYTES), (whole, last) => {
    const state: ReaderState = initialState();
    let inRetry = false;
    for (const l of whole) {
      if (!Number.isFinite(l.line)) return undefined;
      const begins = advance(state, l.text);
      const marker = begins ? readMarker(l.text) : undefined;
      if (marker?.kind === "message" && marker.speaker === "user") return undefined;
      if (marker?.kind === "tool") {
        inRetry = marker.tool === failed.tool;
        continue;
      }
      if (!inRetry) continue;
      if (state.role !== "tool-input") return undefined;
      if (l.text.trim() !== "" && !opensInputValue(l.text)) return l;
    }
    return last ? undefined : MORE;
  });
}
