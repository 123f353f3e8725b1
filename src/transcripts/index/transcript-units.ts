/**
 * A transcript read back as indexed units: runs of lines of one kind (a user's text, the assistant's text, its
 * reasoning, a tool's input, a tool's output, or the transcript's own headers and notes), each with its line and
 * byte range, its message's time and its tool. The kinds come from the transcript's own marker lines
 * (`## user · msg_… · <time>`, `[text]`, `[reasoning]`, `[tool <name> · …]`, `[output · N lines]`), so the index of a
 * transcript built line by line as it grows and the index rebuilt from the whole file are the same.
 */
import fs from "node:fs";
import { condensedLine, LONG_LINE_BYTES } from "../long-line.js";
import { prefixLength, writtenNumber } from "../numbered-line.js";
import { type Marker, readMarker } from "../transcript-format.js";
import { advance, type ReaderState } from "./reader-state.js";

export const ROLES = ["user", "assistant", "reasoning", "tool-input", "tool-output", "meta"] as const;
export type Role = (typeof ROLES)[number];

/** A unit holds at most this many lines or bytes: a hit points near its line, and a long dump is many units. */
export const UNIT_MAX_LINES = 32;
export const UNIT_MAX_BYTES = 6_144;
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Keeps a byte-order mark in the text (one inside the file is the text's; see `readUnits`). */
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

export interface Unit {
  /**
   * The numbers written at the start of its first and last lines (what a hit shows and a reader cites), not their
   * positions in the file: after a hand edit removed a line they differ, and the number is what reading the unit back
   * finds. A first line with no number of its own (added by hand) counts as 0; the last line is the last that has one.
   */
  firstLine: number;
  lastLine: number;
  /** Byte range of its lines in the transcript (from the first line's start to after the last line's newline). */
  byteStart: number;
  byteEnd: number;
  role: Role;
  tool: string | null;
  /** Milliseconds since the epoch of the message it belongs to (or the session's creation); null when unknown. */
  time: number | null;
  texts: string[];
  /** Of a tool's output: the start of its call (the tool line and input, at most CALL_CHARS), indexed with it. */
  call?: string;
  /** The byte range of those lines of the call in the transcript. */
  callStart?: number;
  callEnd?: number;
}

/**
 * How much of a tool call a unit of its output carries into the index: its tool line (the tool, its title) and the
 * start of its input (`command: bunx tsc --noEmit`), so an error in the output is found by the words that asked for it.
 */
export const CALL_CHARS = 320;

/**
 * Marker lines that hold nothing a search looks for: a message's header (its speaker, id, time, agent and model) and
 * the notes of a step (`[step]`, `[step done · tool-calls · tokens in 15066, …]`, `[snapshot …]`,
 * `[reasoning · empty]`). In the six real sessions of the shared corpus they were 511 of the 1,386 units, each its own
 * unit, and their words (assistant, agent, build, model, openai…) were in the index once a message. They end a unit
 * and are in none (index format 5); the other notes (a file or a patch with its paths, an agent named, a message's
 * error, a compaction) stay units of their own.
 */
const BARE_LABELS: ReadonlySet<string> = new Set(["step", "step done", "snapshot", "reasoning · empty"]);

/** Whether `marker` is one of the bare marker lines that are in no unit. */
export const isBareMarker = (marker: Marker | undefined): boolean =>
  marker !== undefined && (marker.kind === "message" || (marker.kind === "label" && BARE_LABELS.has(marker.label)));

/** `text.trim() === ""`, answered from the first character for most lines (a printable ASCII one is no space). */
function isBlank(text: string): boolean {
  const first = text.charCodeAt(0);
  return first > 0x20 && first < 0x7f ? false : text.trim() === "";
}

export interface ReadRange {
  /** Byte and line number to start at (a line start). */
  fromByte: number;
  fromLine: number;
  state: ReaderState;
}

export interface ReadEnd {
  /** After the last complete line read. */
  bytes: number;
  lines: number;
  state: ReaderState;
}

/**
 * Reads the complete lines of `file` from `range` on and hands over each unit as it closes, and each bare marker line
 * (`isBareMarker`: in no unit) to `onBare`. A torn last line (no newline yet) is left for the next read. A bare line
 * ends the unit before it and opens none, so where a read stops (a header the last line written so far) never changes
 * the units: a transcript read as it grew gives the units of one read of the whole file.
 */
export function readUnits(
  file: string,
  range: ReadRange,
  onUnit: (unit: Unit) => void,
  onBare?: (text: string) => void,
): ReadEnd {
  const state = { ...range.state };
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  let unit: Unit | undefined;
  let unitBytes = 0;
  // Lines of the open unit up to its last line that is not blank (a unit never ends with blank lines): its count,
  // last line and end. Plain variables: an object per line was a tenth of the reading.
  let keptLines = 0;
  let keptLastLine = 0;
  let keptByteEnd = 0;
  let line = range.fromLine;
  let position = range.fromByte;
  const close = () => {
    // A unit kept a line that is not blank: it has text.
    if (unit && keptLines > 0) {
      unit.texts.length = keptLines;
      unit.lastLine = keptLastLine;
      unit.byteEnd = keptByteEnd;
      onUnit(unit);
    }
    unit = undefined;
    unitBytes = 0;
    keptLines = 0;
  };
  /** One complete line: its text (number prefix taken off), written number and byte range in the file. */
  const onLine = (read: string, number: number | undefined, lineStart: number, lineEnd: number) => {
    // A byte-order mark where the text starts is dropped, as decoding the line alone did.
    const text = read.charCodeAt(0) === 0xfeff ? read.slice(1) : read;
    const begins = advance(state, text);
    // Only a line that begins a unit may be a marker (a block marker outside a tool call is text).
    if (begins && isBareMarker(readMarker(text))) {
      close();
      onBare?.(text);
      line++;
      return;
    }
    if (state.role === "tool-input" && state.call.length < CALL_CHARS) {
      if (state.call === "") state.callStart = lineStart;
      state.call = `${state.call}${text}\n`.slice(0, CALL_CHARS);
      state.callEnd = lineEnd;
    }
    const size = lineEnd - lineStart;
    if (begins || unitBytes + size > UNIT_MAX_BYTES || (unit && unit.texts.length >= UNIT_MAX_LINES)) close();
    const blank = isBlank(text);
    // A blank line opens no unit: where one export ends and the next begins, the separator joins neither.
    if (unit || !blank) {
      if (!unit) {
        unit = {
          firstLine: number ?? 0,
          lastLine: number ?? 0,
          byteStart: lineStart,
          byteEnd: lineEnd,
          role: state.role,
          tool: state.tool,
          time: state.time,
          texts: [],
        };
        if (state.role === "tool-output" && state.call !== "") {
          unit.call = state.call;
          unit.callStart = state.callStart;
          unit.callEnd = state.callEnd;
        }
      }
      unit.time ??= state.time;
      unit.texts.push(text);
      unitBytes += size;
      if (!blank) {
        keptLines = unit.texts.length;
        keptLastLine = number ?? (keptLines === 1 ? unit.firstLine : keptLastLine);
        keptByteEnd = lineEnd;
      }
    }
    line++;
  };
  /** A line longer than LONG_LINE_BYTES, as its condensed form (long-line.ts) that the second look reads too. */
  const onLongLine = (head: Uint8Array, tail: Uint8Array, lineStart: number, lineEnd: number) => {
    const condensed = condensedLine(head, tail);
    const nl = condensed.length - 1;
    const text = decoder.decode(condensed.subarray(prefixLength(condensed, 0, nl), nl));
    onLine(text, writtenNumber(condensed, 0, nl), lineStart, lineEnd);
  };
  try {
    // Sized to what is left of the file (an export appends a few kB): a fresh 4 MB buffer per update, zeroed, cost
    // more than the lines read into it. It grows to CHUNK_BYTES at most: past that, a line is passed over keeping only
    // its head and its last bytes (`long`), so a 30 MB line costs no more than a 4 MB one.
    const left = fs.fstatSync(fd).size - position;
    let buffer = new Uint8Array(Math.min(CHUNK_BYTES, Math.max(left, 4_096)));
    let have = 0;
    let bufferStart = position;
    let long: { start: number; head: Uint8Array } | undefined;
    for (;;) {
      if (have === buffer.length) {
        if (buffer.length < CHUNK_BYTES) {
          const bigger = new Uint8Array(Math.min(CHUNK_BYTES, buffer.length * 2));
          bigger.set(buffer);
          buffer = bigger;
        } else {
          // One line fills the buffer: its head is kept, and of the rest only what may be its tail.
          long ??= { start: bufferStart, head: buffer.slice(0, LONG_LINE_BYTES) };
          buffer.copyWithin(0, have - LONG_LINE_BYTES, have);
          bufferStart += have - LONG_LINE_BYTES;
          have = LONG_LINE_BYTES;
        }
      }
      const n = fs.readSync(fd, buffer, have, buffer.length - have, bufferStart + have);
      if (n === 0) break;
      have += n;
      let start = 0;
      // Searched up to what was read only: past it lie stale or zero bytes, as many as the buffer is long.
      const filled = buffer.subarray(0, have);
      if (long) {
        const nl = filled.indexOf(0x0a);
        if (nl === -1) continue;
        onLongLine(long.head, filled.subarray(0, nl), long.start, bufferStart + nl + 1);
        long = undefined;
        start = nl + 1;
      }
      // The complete lines are decoded at once and cut out of one string (a decode per line cost a third of the
      // reading). A newline is one byte in UTF-8 and never inside a character, so the string's n-th newline is the
      // bytes' n-th, and the number prefix is ASCII: as many characters as bytes.
      const decoded = decoder.decode(filled.subarray(start, filled.lastIndexOf(0x0a) + 1));
      let at = 0;
      for (let nl = filled.indexOf(0x0a, start); nl !== -1; nl = filled.indexOf(0x0a, start)) {
        const end = decoded.indexOf("\n", at);
        if (nl - start > LONG_LINE_BYTES) {
          onLongLine(filled.subarray(start, nl), filled.subarray(start, nl), bufferStart + start, bufferStart + nl + 1);
        } else {
          const prefix = prefixLength(buffer, start, nl);
          onLine(
            decoded.slice(at + prefix, end),
            writtenNumber(buffer, start, nl),
            bufferStart + start,
            bufferStart + nl + 1,
          );
        }
        at = end + 1;
        start = nl + 1;
      }
      buffer.copyWithin(0, start, have);
      have -= start;
      bufferStart += start;
      position = bufferStart;
    }
  } finally {
    fs.closeSync(fd);
  }
  close();
  return { bytes: position, lines: line - 1, state };
}
