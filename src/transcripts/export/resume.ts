/**
 * Finishing an export that was interrupted (the process killed mid-append, or between the append and the index
 * update). The file then ends past what the index knows: complete lines nobody recorded, maybe a torn last line
 * (already cut by `checkTail`). When those lines are exactly what this export would write first, they are kept as
 * they are and only the rest is appended, so nothing is written twice; a note at the end records the repair. When
 * they differ (the session changed in between), the caller falls back to keeping them and writing again below.
 */
import fs from "node:fs";
import { openNoFollow } from "../../private-file.js";
import { note } from "../render/message.js";
import type { TailCheck } from "../transcript-file.js";

const CHUNK = 1 << 20;
const NEWLINE = 0x0a;

/** Whether `tail` is an interrupted append that resuming can finish: nothing lost, something past the index. */
export function canResume(tail: TailCheck): boolean {
  return !tail.missing && tail.lostLines === 0 && (tail.unrecordedLines > 0 || tail.tornBytes > 0);
}

/** Whether the bytes of `file` from `from` on are the first bytes of `planned` (and no more than it). */
export function fileStartsPlan(file: string, from: number, to: number, planned: Buffer): boolean {
  const length = to - from;
  if (length > planned.length) return false;
  const fd = openNoFollow(file, fs.constants.O_RDONLY);
  try {
    // The index's end must be the end of a line of this file, or the numbers would not follow on.
    const before = Buffer.alloc(1);
    if (from > 0 && (fs.readSync(fd, before, 0, 1, from - 1) !== 1 || before[0] !== NEWLINE)) return false;
    const buffer = Buffer.alloc(Math.min(CHUNK, length));
    for (let offset = 0; offset < length; ) {
      const read = fs.readSync(fd, buffer, 0, Math.min(buffer.length, length - offset), from + offset);
      if (read <= 0) return false;
      if (!buffer.subarray(0, read).equals(planned.subarray(offset, offset + read))) return false;
      offset += read;
    }
    return true;
  } finally {
    fs.closeSync(fd);
  }
}

const RESUME_NOTE =
  /^ *\d+\t\[note\] repair: an export was interrupted \(.*\); it was completed above, nothing written twice\n$/;
/** The longest resume note line looked for at the end of the file. */
const NOTE_MAX_BYTES = 1_024;

/**
 * A resume killed after its note, before its index update, leaves that note past the index, where the next export's
 * plan (made from a longer session) has content instead. When the note is the last line and what comes before it is
 * the plan's start, the note (never recorded) is cut and the new end returned; otherwise undefined, nothing changed.
 */
export function cutResumeNote(file: string, from: number, to: number, planned: Buffer): number | undefined {
  const length = Math.min(NOTE_MAX_BYTES, to - from);
  if (length <= 0) return undefined;
  const buffer = Buffer.alloc(length);
  const fd = openNoFollow(file, fs.constants.O_RDWR);
  try {
    if (fs.readSync(fd, buffer, 0, length, to - length) !== length) return undefined;
    const start = buffer.lastIndexOf(NEWLINE, length - 2) + 1;
    if (start === 0 && length < to - from) return undefined;
    if (!RESUME_NOTE.test(buffer.subarray(start).toString("utf8"))) return undefined;
    const at = to - length + start;
    if (!fileStartsPlan(file, from, at, planned)) return undefined;
    fs.ftruncateSync(fd, at);
    return at;
  } finally {
    fs.closeSync(fd);
  }
}

/** The note that records a resumed export, written after what it completed. */
export function resumeNote(tail: TailCheck, firstUnrecorded: number, cutNote = false): string {
  const what: string[] = [];
  if (cutNote) what.push("the note of an earlier resume that was never recorded was cut");
  if (tail.unrecordedLines > 0) {
    what.push(`lines ${firstUnrecorded}-${tail.lines} were written but not recorded, and match the session: kept`);
  }
  if (tail.tornBytes > 0) what.push(`a torn last line of ${tail.tornBytes} bytes was cut`);
  return note(`repair: an export was interrupted (${what.join("; ")}); it was completed above, nothing written twice`);
}
