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
export function visibleLine(text: string, max = 300): string {
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

/** One line of `text` as `textLines` makes it: a trailing "\r" dropped, NUL bytes replaced. */
function cleanLine(line: string): string {
  const bare = line.endsWith("\r") ? line.slice(0, -1) : line;
  return bare.includes("\0") ? bare.replaceAll("\0", "\u2400") : bare;
}

/** Lines in `text` ("\n" separated; "" and a text ending in "\n" end with an empty line, as split does). */
function countLines(text: string): number {
  let lines = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines++;
  return lines;
}

/**
 * `text` as lines, cut to about `maxBytes` when longer: whole lines from the head and the tail, half the budget
 * each. A single line longer than half the budget is cut inside the line. Only the lines kept are made: a tool
 * output of many megabytes costs the budget, not a copy of itself.
 */
export function cutHeadTail(text: string, maxBytes: number): CutText {
  if (text.length <= maxBytes / 3 || byteLength(text) <= maxBytes) {
    return { head: textLines(text), tail: [], cutBytes: 0, cutLines: 0 };
  }
  const total = countLines(text);
  const half = Math.floor(maxBytes / 2);
  const head: string[] = [];
  let used = 0;
  let first = 0;
  let start = 0;
  for (; first < total; first++) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    // A line far longer than the budget is only ever cut: a little more than half of it is enough to decide.
    const line = cleanLine(text.slice(start, Math.min(stop, start + half + 1)));
    const size = stop - start > half + 1 ? Number.POSITIVE_INFINITY : byteLength(line) + 1;
    if (used + size > half) {
      if (head.length === 0) head.push(sliceBytes(line, half, "start"));
      break;
    }
    head.push(line);
    used += size;
    start = stop + 1;
  }
  const tail: string[] = [];
  used = 0;
  let last = total - 1;
  let end = text.length;
  for (; last >= first; last--) {
    const begin = last === 0 ? 0 : text.lastIndexOf("\n", end - 1) + 1;
    const line = cleanLine(text.slice(Math.max(begin, end - half - 2), end));
    const size = end - begin > half + 2 ? Number.POSITIVE_INFINITY : byteLength(line) + 1;
    if (used + size > half) {
      if (tail.length === 0) tail.push(sliceBytes(line, half, "end"));
      break;
    }
    tail.unshift(line);
    used += size;
    end = begin - 1;
  }
  const keptBytes = head.reduce((n, l) => n + byteLength(l) + 1, 0) + tail.reduce((n, l) => n + byteLength(l) + 1, 0);
  return {
    head,
    tail,
    cutBytes: Math.max(0, byteLength(text) - keptBytes),
    cutLines: Math.max(0, total - head.length - tail.length),
  };
}

/** About `max` bytes from the start or the end of a line, never splitting a character. */
function sliceBytes(line: string, max: number, from: "start" | "end"): string {
  const take = (chars: number) => {
    const part = from === "start" ? line.slice(0, chars) : line.slice(line.length - chars);
    // Never half of a surrogate pair: the character goes whole or not at all.
    if (from === "start" && /[\uD800-\uDBFF]$/.test(part)) return part.slice(0, -1);
    if (from === "end" && /^[\uDC00-\uDFFF]/.test(part)) return part.slice(1);
    return part;
  };
  let chars = Math.min(line.length, max);
  let part = take(chars);
  while (byteLength(part) > max && chars > 0) {
    chars = Math.floor(chars * 0.9);
    part = take(chars);
  }
  return part;
}
