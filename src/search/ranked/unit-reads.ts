/**
 * What a ranked search reads back from the transcripts: each transcript opened once (OpenFiles), a unit's numbered
 * lines and its words as the index read them (a unit of one long line condensed, a tool output with its call's start),
 * checked against the line numbers the index recorded.
 */
import fs from "node:fs";
import { type UnitWords, unitWordsOfBytes, withCall } from "../../transcripts/index/unit-words.js";
import type { TranscriptFile } from "../../transcripts/listing.js";
import { LONG_LINE_BYTES, readCondensedLine } from "../../transcripts/long-line.js";
import { decodeText, numberedLines, prefixLength } from "../../transcripts/numbered-line.js";
import type { UnitRow } from "./unit-rows.js";

/** Transcripts opened by one search, each once, closed when it ends; and the one buffer their units are read into. */
export class OpenFiles {
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
export function readLines(
  files: OpenFiles,
  path: string,
  start: number,
  end: number,
): { line: number; text: string }[] {
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
export interface UnitRead {
  words: UnitWords;
  bytes: Uint8Array;
  read: number;
}

/**
 * The unit's words, read from its bytes; undefined when the file no longer holds its lines where the index says,
 * "unreadable" when the file cannot be opened or read.
 */
export function readUnitWords(
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
export function someLine(bytes: Uint8Array, end: number, test: (text: string) => boolean): boolean {
  let from = 0;
  for (let nl = bytes.indexOf(0x0a, from); nl !== -1 && nl < end; nl = bytes.indexOf(0x0a, from)) {
    if (test(decodeText(bytes, from + prefixLength(bytes, from, nl), nl))) return true;
    from = nl + 1;
  }
  return false;
}
