/**
 * The transcript file itself: numbered lines (`<number right-aligned to 6>\t<text>\n`), only ever appended to. The file
 * is the truth for how many lines there are: before each append its tail is checked against what the index knows,
 * and a torn last line (an append cut short by a crash) is cut off, never completed with a guessed number.
 */
import fs from "node:fs";
import path from "node:path";
import { TranscriptError } from "../errors.js";
import { openNoFollow } from "../private-file.js";
import { ensurePrivateDir } from "../store/private-path.js";
import { type HandEdit, ownLinesAfter, surveyNumbers, tailHash } from "./hand-edit.js";
import { SCOPE_FILE } from "./paths.js";

const NEWLINE = 0x0a;
const CHUNK = 1 << 16;

/** `   123\ttext`: the number is part of the file, so grep output and a windowed read agree. */
export function formatLine(number: number, text: string): string {
  return `${numberField(number)}\t${oneLine(text)}\n`;
}

/** Spaces before a number of each length, up to the six digits a number is right-aligned to (padStart cost more). */
const PADS = ["      ", "     ", "    ", "   ", "  ", " "];

const numberField = (number: number) => {
  const digits = String(number);
  return (PADS[digits.length] ?? "") + digits;
};

/** A line break inside a line would shift every number after it; the renderer never makes one, this makes sure. */
const oneLine = (text: string) => (text.includes("\n") ? text.replace(/\r?\n/g, " \u23ce ") : text);

/** Creates the scope folder (0700) and writes the project's real path beside the transcripts in `scope.txt` (0600). */
export function ensureScopeDir(dir: string, scope: string): void {
  ensurePrivateDir(path.dirname(dir));
  ensurePrivateDir(dir);
  const file = path.join(dir, SCOPE_FILE);
  if (!fs.existsSync(file)) writePrivate(file, `${scope}\n`);
}

function writePrivate(file: string, text: string): void {
  const fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | noFollow(), 0o600);
  try {
    fs.fchmodSync(fd, 0o600);
    fs.writeSync(fd, text);
  } finally {
    fs.closeSync(fd);
  }
}

const noFollow = () => fs.constants.O_NOFOLLOW ?? 0;

/** What the last export recorded of the file. */
export interface KnownFile {
  /** Number of its last line. */
  lines: number;
  bytes: number;
  /** See `tailHash`; null on a row written before it was kept (then only the length and line end are checked). */
  tailHash?: string | null;
}

export interface TailCheck {
  /**
   * Number of the file's last line after the check (and after a torn tail was cut): the next line is numbered one
   * past it. For a file changed by hand, the highest number the file or the index has seen.
   */
  lines: number;
  bytes: number;
  /** Bytes of a partial last line that were cut off. */
  tornBytes: number;
  /** Complete lines found past what the index knew (an append whose index update never landed). */
  unrecordedLines: number;
  /** Lines the index knew that the file no longer has. */
  lostLines: number;
  /** The index knew the file and it is gone. */
  missing: boolean;
  /** The file is not what the last export left and not what an interrupted export leaves: changed by hand. */
  handEdit?: HandEdit;
}

/**
 * Compares the file with the index's idea of it (`known`, undefined when the index has no row) and cuts a torn tail
 * that an interrupted export left. Reads only the bytes past `known.bytes` (and the 4 KiB before) in the common case;
 * a file changed by hand is read once whole and kept as it is.
 */
export function checkTail(file: string, known: KnownFile | undefined): TailCheck {
  const result: TailCheck = { lines: 0, bytes: 0, tornBytes: 0, unrecordedLines: 0, lostLines: 0, missing: false };
  let size: number;
  try {
    const stat = fs.lstatSync(file);
    if (!stat.isFile()) throw new TranscriptError(`${file} is not a regular file; it is left alone`);
    size = stat.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    result.missing = known !== undefined && known.lines > 0;
    result.lostLines = known?.lines ?? 0;
    return result;
  }
  const fd = openNoFollow(file, fs.constants.O_RDWR);
  try {
    if (known && !fitsKnown(fd, size, known)) return handEdited(fd, size, known, result);
    const from = known?.bytes ?? 0;
    const base = known?.lines ?? 0;
    const { newlines, lastNewlineEnd } = countNewlines(fd, from, size);
    const end = newlines > 0 ? lastNewlineEnd : from;
    if (end < size) {
      fs.ftruncateSync(fd, end);
      result.tornBytes = size - end;
    }
    result.lines = base + newlines;
    result.bytes = end;
    result.unrecordedLines = result.lines - base;
    return result;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The file is what the last export left, maybe followed by what an interrupted export appended: its recorded end ends
 * a line, the bytes before it hash as recorded, and whatever follows is numbered on from the recorded last line.
 */
function fitsKnown(fd: number, size: number, known: KnownFile): boolean {
  if (known.bytes > size) return false;
  if (known.bytes > 0 && byteAt(fd, known.bytes - 1) !== NEWLINE) return false;
  if (known.tailHash && tailHash(fd, known.bytes) !== known.tailHash) return false;
  return ownLinesAfter(fd, known.bytes, size, known.lines);
}

/** A file changed by hand: nothing is cut, a last line without an end gets one, numbering goes on past every number. */
function handEdited(fd: number, size: number, known: KnownFile, result: TailCheck): TailCheck {
  const edit = surveyNumbers(fd, size, known.lines);
  let bytes = size;
  if (edit.unterminated) bytes += fs.writeSync(fd, "\n", size);
  return { ...result, lines: Math.max(edit.highest, known.lines), bytes, handEdit: edit };
}

/** The tail hash of `file` ending at `bytes` (see `tailHash`), recorded by each export. */
export function fileTailHash(file: string, bytes: number): string | null {
  if (bytes === 0 && !fs.existsSync(file)) return null;
  const fd = openNoFollow(file, fs.constants.O_RDONLY);
  try {
    return tailHash(fd, bytes);
  } finally {
    fs.closeSync(fd);
  }
}

function byteAt(fd: number, position: number): number {
  const one = Buffer.alloc(1);
  return fs.readSync(fd, one, 0, 1, position) === 1 ? (one[0] as number) : -1;
}

/** Newlines in [from, to) and the offset just past the last one. */
function countNewlines(fd: number, from: number, to: number): { newlines: number; lastNewlineEnd: number } {
  const buffer = Buffer.alloc(CHUNK);
  let newlines = 0;
  let lastNewlineEnd = from;
  for (let position = from; position < to; ) {
    const read = fs.readSync(fd, buffer, 0, Math.min(CHUNK, to - position), position);
    if (read <= 0) break;
    let at = buffer.indexOf(NEWLINE, 0);
    while (at !== -1 && at < read) {
      newlines++;
      lastNewlineEnd = position + at + 1;
      at = buffer.indexOf(NEWLINE, at + 1);
    }
    position += read;
  }
  return { newlines, lastNewlineEnd };
}

/** `lines` numbered from `firstNumber`, as the bytes they are in the file. */
export function formatLines(firstNumber: number, lines: readonly string[]): Buffer {
  let text = "";
  for (let i = 0; i < lines.length; i++) text += formatLine(firstNumber + i, lines[i] as string);
  return Buffer.from(text, "utf8");
}

/**
 * Appends `lines` numbered from `firstNumber` in one write, creating the file 0600 whatever the umask. Refuses to
 * follow a symlink. Returns the bytes written.
 */
export function appendLines(file: string, firstNumber: number, lines: readonly string[]): number {
  return lines.length === 0 ? 0 : appendBytes(file, formatLines(firstNumber, lines));
}

/** Appends formatted lines (see `formatLines`) in one write; a write cut short is taken back. Returns the bytes written. */
export function appendBytes(file: string, data: Buffer): number {
  if (data.length === 0) return 0;
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | noFollow(), 0o600);
  } catch (cause) {
    throw new TranscriptError(`cannot write ${file}: ${(cause as Error).message}`, { cause });
  }
  let start: number | undefined;
  try {
    fs.fchmodSync(fd, 0o600);
    start = fs.fstatSync(fd).size;
    for (let offset = 0; offset < data.length; ) offset += fs.writeSync(fd, data, offset, data.length - offset);
  } catch (cause) {
    // A write cut short (a full disk) leaves part of the append behind: take it back, so the file ends where it
    // ended before. The caller holds the export lock, so nothing else appended meanwhile.
    if (start !== undefined) undoAppend(fd, start);
    throw new TranscriptError(`cannot write ${file}: ${(cause as Error).message}`, { cause });
  } finally {
    fs.closeSync(fd);
  }
  return data.length;
}

function undoAppend(fd: number, size: number): void {
  try {
    fs.ftruncateSync(fd, size);
  } catch {
    // Left as it is: the next export finds the partial tail and repairs it.
  }
}
