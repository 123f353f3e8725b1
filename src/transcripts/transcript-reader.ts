/**
 * Reads a window of numbered lines from a transcript, bounded in lines and bytes, streaming the file in chunks so a
 * large transcript is never loaded whole. Lines come back as they are in the file, numbers included.
 */
import fs from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { openNoFollow } from "../private-file.js";

export interface WindowRequest {
  /** First line (1-based). */
  offset: number;
  limit: number;
  maxBytes: number;
}

export interface TranscriptWindow {
  /** The lines as written in the file (`<number>\t<text>`), without their newline. */
  lines: string[];
  first: number;
  /** Last line returned (first - 1 when none). */
  last: number;
  /** The line to ask for next, or undefined at the end of the file. */
  nextOffset: number | undefined;
  /** A line longer than the byte budget was cut (only ever the first line of a window). */
  cutLine: boolean;
  /** Lines in the file, when the read reached its end. */
  fileLines?: number;
}

const CHUNK = 1 << 16;
const NEWLINE = 0x0a;

export function readWindow(file: string, request: WindowRequest): TranscriptWindow {
  const fd = openNoFollow(file, fs.constants.O_RDONLY);
  try {
    return scan(fd, request);
  } finally {
    fs.closeSync(fd);
  }
}

function scan(fd: number, { offset, limit, maxBytes }: WindowRequest): TranscriptWindow {
  const window: TranscriptWindow = {
    lines: [],
    first: offset,
    last: offset - 1,
    nextOffset: undefined,
    cutLine: false,
  };
  const buffer = Buffer.alloc(CHUNK);
  const decoder = new StringDecoder("utf8");
  let line = 1;
  let pending = "";
  let pendingBytes = 0;
  let used = 0;
  let position = 0;
  for (;;) {
    const read = fs.readSync(fd, buffer, 0, CHUNK, position);
    if (read <= 0) break;
    position += read;
    let start = 0;
    for (;;) {
      const at = buffer.indexOf(NEWLINE, start);
      const end = at === -1 || at >= read ? read : at;
      if (line >= offset) {
        // Keep at most a little past the budget of a long line: it is cut anyway.
        if (pendingBytes <= maxBytes) pending += decoder.write(buffer.subarray(start, end));
        pendingBytes += end - start;
      }
      if (end === read) break;
      if (line >= offset) {
        const text = pending + decoder.end();
        const size = pendingBytes + 1;
        if (window.lines.length === 0 && size > maxBytes) {
          window.lines.push(
            `${cutToBytes(text, maxBytes)}… [${pendingBytes - byteLength(cutToBytes(text, maxBytes))} more bytes on this line]`,
          );
          window.cutLine = true;
          used = maxBytes;
        } else if (used + size > maxBytes) {
          window.nextOffset = line;
          return window;
        } else {
          window.lines.push(text);
          used += size;
        }
        window.last = line;
        if (window.lines.length >= limit) {
          window.nextOffset = hasMore(fd, position - read + at + 1) ? line + 1 : undefined;
          return window;
        }
      }
      pending = "";
      pendingBytes = 0;
      line++;
      start = at + 1;
    }
  }
  window.fileLines = line - 1;
  return window;
}

function hasMore(fd: number, position: number): boolean {
  return fs.readSync(fd, Buffer.alloc(1), 0, 1, position) === 1;
}

const byteLength = (text: string) => Buffer.byteLength(text);

function cutToBytes(text: string, max: number): string {
  if (byteLength(text) <= max) return text;
  let chars = Math.min(text.length, max);
  while (chars > 0 && byteLength(text.slice(0, chars)) > max) chars = Math.floor(chars * 0.9);
  return text.slice(0, chars);
}
