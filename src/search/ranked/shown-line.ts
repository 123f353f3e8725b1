/**
 * A transcript line as a ranked hit shows it: terminal escape sequences left out (a tool's coloured output is
 * written to the transcript as it came, `\e[38;5;41m2.0.0-rc.3`; the reader wants `2.0.0-rc.3`), and a long line
 * cut to a byte budget, as a window around the first query word it holds, with the bytes left out counted.
 */
import { byteLength } from "../../bounded-output.js";
import { withoutCallID } from "../../transcripts/transcript-format.js";
import { SHOWN_LINE_BYTES } from "../limits.js";
import { sameTerm } from "./rerank.js";

/**
 * CSI sequences (colours, cursor moves: ESC [ … final byte), OSC sequences (titles, links: ESC ] … BEL or ESC \),
 * other two-byte escapes, and the bare C1 CSI byte. The transcript keeps the raw bytes; only what is shown drops them.
 */
const ESCAPES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape sequences are control characters
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;

/**
 * A shown line's number: `12: ` for the line that answers, `12- ` for context. The hit's header names the session
 * (what memory_session_read takes), so the lines need not repeat the transcript's name: the bytes go to their text.
 */
export function numbered(line: number, text: string, match: boolean): string {
  return `${line}${match ? ":" : "-"} ${text}`;
}

/** Bytes of a shown line's number prefix, `12- `. */
export const numberBytes = (line: number) => String(line).length + 2;

/** Bytes a shown line takes as rendered: its prefix (`numberBytes` unless told), its text and its newline. */
export const lineBytes = (line: number, text: string, prefix: (line: number) => number = numberBytes) =>
  prefix(line) + byteLength(text) + 1;

/**
 * A line as a hit shows it: without terminal escape sequences, a call's marker without its call id (it says nothing
 * to the reader; the line number finds it).
 */
export function shownText(text: string): string {
  return withoutCallID(withoutEscapes(text));
}

/** `text` without terminal escape sequences. */
export function withoutEscapes(text: string): string {
  return text.includes("\u001b") || text.includes("\u009b") ? text.replace(ESCAPES, "") : text;
}

/**
 * Bytes of the UTF-8 character whose code point (or lone surrogate) is `codePoint`, as TextEncoder writes it (a lone
 * surrogate as U+FFFD, 3 bytes).
 */
const charBytes = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** A line cut to `max` bytes (whole characters), with what was left out counted. */
export function clip(text: string, max: number): string {
  const whole = byteLength(text);
  if (whole <= max) return text;
  // Character by character by its code point: a TextEncoder call for each was most of the time of a long line's cut.
  let end = 0;
  let used = 0;
  while (end < text.length) {
    const codePoint = text.codePointAt(end) as number;
    const size = charBytes(codePoint);
    if (used + size > max) break;
    used += size;
    end += codePoint > 0xffff ? 2 : 1;
  }
  return `${text.slice(0, end)} […${whole - used} bytes]`;
}

/**
 * Where the first of `words` stands in `text`, case folded: as it is written, or as a word of the line that is one of
 * them with another ending (rerank.ts sameTerm: `module-name` for "names"), which matched the line as well.
 */
function firstWordAt(text: string, words: readonly string[]): number {
  const folded = text.toLowerCase();
  let at = Math.min(...words.map((w) => folded.indexOf(w)).filter((i) => i >= 0), Number.POSITIVE_INFINITY);
  for (const m of folded.matchAll(/[\p{L}\p{N}_]+/gu)) {
    if (m.index >= at) break;
    if (words.some((w) => sameTerm(m[0], w))) at = m.index;
  }
  return at;
}

/**
 * A long answering line as a window that starts a little before the first of `words` it holds (firstWordAt), or
 * before `asked`, where what the question asks for stands in it (answer-kind.ts kindAt) when that comes first, so the
 * word that made it match or the answer is shown; and no later than where a window of `max` ends with the line: a
 * word near the end showed the line's last 51 bytes of a window of 164. The bytes left out before it are counted.
 * "Why was that extra flag removed?" is answered by "… is redundant because `nightly`/`stable` as positional args
 * already cover …" 330 bytes before the line's only word of the question ("extra"): on the coding recall evaluation's
 * questions to tune on, 83 -> 84 of 176 project-wide (that question), 109 -> 110 with the session named.
 */
export function answerWindow(
  text: string,
  words: readonly string[],
  max: number,
  asked = Number.POSITIVE_INFINITY,
): string {
  if (byteLength(text) <= max) return text;
  const at = Math.min(firstWordAt(text, words), asked);
  if (!Number.isFinite(at) || at < max / 2) return clip(text, max);
  const start = Math.max(0, Math.min(at - Math.floor(max / 5), text.length - max));
  return `[…${byteLength(text.slice(0, start))} bytes] ${clip(text.slice(start), max)}`;
}

/**
 * A hit's line within the bytes a shown line may take (limits.ts SHOWN_LINE_BYTES, as a literal or regex search's):
 * the line that answers as a window from the first of `words` it holds, a line of context cut at its end.
 */
export function shownWindow(line: { text: string; match: boolean }, words: readonly string[]): string {
  const shown = line.match
    ? answerWindow(line.text, words, SHOWN_LINE_BYTES.match)
    : clip(line.text, SHOWN_LINE_BYTES.context);
  // A line a little past the size, or cut already (its count of what was left out with it), would grow by the count:
  // the hit's lines were chosen within their bytes as they are.
  return byteLength(shown) < byteLength(line.text) ? shown : line.text;
}
