/**
 * Text as transcript lines: every line of a string becomes its own line, verbatim, so grep and a person see what the
 * session held. Only a NUL byte is replaced (it makes grep treat the whole file as binary).
 */

/** The lines of `text` ("\n" or "\r\n" separated); an empty string is one empty line. */
export function textLines(text: string): string[] {
  const clean = text.includes("\0") ? text.replaceAll("\0", "\u2400") : text;
  const lines = clean.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.endsWith("\r")) lines[i] = line.slice(0, -1);
  }
  return lines;
}

/** A value on one line (labels, headers): line breaks shown as a visible "⏎". */
export function oneLine(text: string, max = 300): string {
  const flat = text.replace(/\r?\n/g, " ⏎ ").replaceAll("\0", "\u2400");
  return flat.length > max ? `${flat.slice(0, max)}… [${flat.length - max} more chars]` : flat;
}

export interface CutText {
  head: string[];
  tail: string[];
  /** Bytes and lines left out between head and tail (0 when nothing was cut). */
  cutBytes: number;
  cutLines: number;
}

const encoder = new TextEncoder();
const byteLength = (text: string) => (text.length * 3 < 1024 ? encoder.encode(text).length : Buffer.byteLength(text));

/**
 * `text` as lines, cut to about `maxBytes` when longer: whole lines from the head and the tail, half the budget
 * each. A single line longer than half the budget is cut inside the line.
 */
export function cutHeadTail(text: string, maxBytes: number): CutText {
  if (text.length <= maxBytes / 3 || byteLength(text) <= maxBytes) {
    return { head: textLines(text), tail: [], cutBytes: 0, cutLines: 0 };
  }
  const lines = textLines(text);
  const half = Math.floor(maxBytes / 2);
  const head: string[] = [];
  let used = 0;
  let first = 0;
  for (; first < lines.length; first++) {
    const size = byteLength(lines[first] as string) + 1;
    if (used + size > half) break;
    head.push(lines[first] as string);
    used += size;
  }
  if (head.length === 0) head.push(sliceBytes(lines[0] as string, half, "start"));
  const tail: string[] = [];
  used = 0;
  let last = lines.length - 1;
  for (; last >= first; last--) {
    const size = byteLength(lines[last] as string) + 1;
    if (used + size > half) break;
    tail.unshift(lines[last] as string);
    used += size;
  }
  if (tail.length === 0 && last >= first) tail.push(sliceBytes(lines[last] as string, half, "end"));
  const keptBytes = head.reduce((n, l) => n + byteLength(l) + 1, 0) + tail.reduce((n, l) => n + byteLength(l) + 1, 0);
  return {
    head,
    tail,
    cutBytes: Math.max(0, byteLength(text) - keptBytes),
    cutLines: Math.max(0, lines.length - head.length - tail.length),
  };
}

/** About `max` bytes from the start or the end of a line, never splitting a character. */
function sliceBytes(line: string, max: number, from: "start" | "end"): string {
  let chars = Math.min(line.length, max);
  let part = from === "start" ? line.slice(0, chars) : line.slice(line.length - chars);
  while (byteLength(part) > max && chars > 0) {
    chars = Math.floor(chars * 0.9);
    part = from === "start" ? line.slice(0, chars) : line.slice(line.length - chars);
  }
  return part;
}
