/**
 * Where the index of a transcript resumes (index-update.ts): its record (the file, the lines and bytes covered, hashes
 * of its head and of the bytes before the point indexed, where its last unit starts) is checked against the file, and
 * the reading goes on with the state it stopped in; a record that no longer fits says why the transcript is indexed
 * again from its first line.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { MAX_PREFIX_BYTES, writtenNumber } from "../numbered-line.js";
import { initialState, type ReaderState } from "./reader-state.js";

/** What is hashed of the indexed part of a transcript: its head and the bytes before the point indexed. */
const HEAD_BYTES = 4_096;
const TAIL_BYTES = 256;

export interface SessionRow {
  sid: number;
  ino: number;
  lines: number;
  bytes: number;
  tail_hash: string;
  state: string;
  mtime_ms: number;
  check_line: number;
  check_byte: number;
}

export function tailHash(file: string, end: number): string {
  const head = Buffer.alloc(Math.min(HEAD_BYTES, end));
  const tailStart = Math.max(head.length, end - TAIL_BYTES);
  const tail = Buffer.alloc(end - tailStart);
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  try {
    fs.readSync(fd, head, 0, head.length, 0);
    fs.readSync(fd, tail, 0, tail.length, tailStart);
  } finally {
    fs.closeSync(fd);
  }
  return createHash("sha256").update(head).update(tail).digest("hex").slice(0, 32);
}

/** Where indexing resumes, or why it starts over. */
export function resumePoint(row: SessionRow | undefined, file: string, stat: fs.Stats): SessionRow | string {
  if (!row) return "new";
  if (row.ino !== 0 && stat.ino !== 0 && row.ino !== stat.ino) return "indexed for another file";
  if (row.bytes > stat.size) return "the transcript is shorter than what was indexed";
  if (tailHash(file, row.bytes) !== row.tail_hash) return "the transcript changed before the point indexed";
  if (!holdsLastUnit(row, file)) return "the transcript's lines are not where the index has them";
  return row;
}

/**
 * Whether the session's last unit still starts at its byte with the number the index recorded: the head and tail
 * hashes miss a line removed (and the file grown again by an export) or replaced in between, which moves every later
 * line; this one read of a few bytes sees it.
 */
export function holdsLastUnit(row: Pick<SessionRow, "check_line" | "check_byte">, file: string): boolean {
  if (row.check_line === 0) return true;
  const from = Math.max(0, row.check_byte - 1);
  const head = Buffer.alloc(row.check_byte - from + MAX_PREFIX_BYTES);
  let read: number;
  try {
    const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
    try {
      read = fs.readSync(fd, head, 0, head.length, from);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return false; // unreadable (gone, a link in its place): not what was indexed
  }
  // It starts a line: the byte before it (if any) is a newline.
  const at = row.check_byte - from;
  if (at === 1 && head[0] !== 0x0a) return false;
  return writtenNumber(head, at, read) === row.check_line;
}

export function resumeOf(row: SessionRow): { lines: number; bytes: number; state: ReaderState } {
  let state = initialState();
  try {
    state = { ...state, ...(JSON.parse(row.state) as Partial<ReaderState>) };
  } catch {
    // A state that does not parse costs the roles of the next lines only until the next marker line.
  }
  return { lines: row.lines, bytes: row.bytes, state };
}
