/**
 * A transcript line is `<number right-aligned to 6>\t<text>`. Searches match the text only, so a query for "42"
 * never hits every line numbered 42; a line without the prefix (not written by us) is all text. Long lines are
 * shown as a window: around the first match for a match line, the head for a context line, with the bytes left out
 * on either side counted.
 */

/** Longest prefix accepted: up to 32 spaces, 1 to 31 digits, a tab (ripgrep is given the same bounds). */
export const MAX_PREFIX_BYTES = 64;
export const RIPGREP_LINE_PREFIX = "^ {0,32}[0-9]{1,31}\\t";

/** Length of the number prefix of the line starting at `start` (bytes up to `end` are readable), or 0. */
export function prefixLength(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  const stop = Math.min(end, start + MAX_PREFIX_BYTES);
  while (i < stop && bytes[i] === 0x20 && i - start < 32) i++;
  const digits = i;
  while (i < stop && (bytes[i] as number) >= 0x30 && (bytes[i] as number) <= 0x39 && i - digits < 31) i++;
  if (i === digits || i >= stop || bytes[i] !== 0x09) return 0;
  return i + 1 - start;
}

/** Longer numbers are not ours (ours stay far below 2^53). */
const MAX_DIGITS = 15;

/**
 * The number written at the start of the line at bytes[start, end) (`   123\t…`); undefined when it has none, or one
 * longer than ours.
 */
export function writtenNumber(bytes: Uint8Array, start = 0, end = bytes.length): number | undefined {
  const prefix = prefixLength(bytes, start, end);
  if (prefix === 0) return undefined;
  let n = 0;
  let digits = 0;
  for (let i = start; i < start + prefix - 1; i++) {
    const b = bytes[i] as number;
    if (b === 0x20) continue;
    n = n * 10 + (b - 0x30);
    digits++;
  }
  return digits <= MAX_DIGITS ? n : undefined;
}

/** The lines of bytes [0, end) that a newline ends, each as its written number (NaN when none) and its text. */
export function numberedLines(bytes: Uint8Array, end: number): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let from = 0;
  for (let nl = bytes.indexOf(0x0a, from); nl !== -1 && nl < end; nl = bytes.indexOf(0x0a, from)) {
    out.push({
      line: writtenNumber(bytes, from, nl) ?? Number.NaN,
      text: decodeText(bytes, from + prefixLength(bytes, from, nl), nl),
    });
    from = nl + 1;
  }
  return out;
}

/** End of the longest run of whole UTF-8 characters in bytes[start, end). */
export function wholeCharsEnd(bytes: Uint8Array, start: number, end: number): number {
  for (let back = 1; back <= 4 && end - back >= start; back++) {
    const b = bytes[end - back] as number;
    if ((b & 0xc0) === 0x80) continue; // continuation byte: keep looking for its lead
    const need = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? end - back : end;
  }
  return end;
}

/**
 * UTF-8 text of bytes[start, end), bad sequences as U+FFFD as TextDecoder makes them (the same strings, tested), but
 * through Buffer: Bun's TextDecoder is some four times slower on a view of WebAssembly memory, where scans read.
 */
export function decodeText(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8", start, end);
}

const omitted = (n: number) => `[…${n} bytes]`;

/**
 * The shown text of a window: `bytes` are text bytes [windowStart, windowStart + bytes.length) of a text
 * `totalBytes` long. Partial characters at a cut edge are dropped and counted with the cut.
 */
export function renderWindow(bytes: Uint8Array, windowStart: number, totalBytes: number): string {
  let s = 0;
  let e = bytes.length;
  if (windowStart > 0) while (s < e && ((bytes[s] as number) & 0xc0) === 0x80) s++;
  const after = totalBytes - windowStart - bytes.length;
  if (after > 0) e = wholeCharsEnd(bytes, s, e);
  const before = windowStart + s;
  const rest = after + (bytes.length - e);
  const text = decodeText(bytes, s, e);
  return `${before > 0 ? `${omitted(before)} ` : ""}${text}${rest > 0 ? ` ${omitted(rest)}` : ""}`;
}

/** Bytes of a match line's window shown before the match. */
export const leadOf = (windowBytes: number) => Math.floor(windowBytes / 5);

/** Where the window of a match line starts: a little before the match, so it reads in context. */
export function matchWindowStart(matchOffset: number, totalBytes: number, windowBytes: number): number {
  return totalBytes <= windowBytes ? 0 : Math.max(0, matchOffset - leadOf(windowBytes));
}
