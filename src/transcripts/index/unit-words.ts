/**
 * A unit's words as the index splits and folds them (index-tokens.ts), for the second look (rerank.ts): every word is
 * counted, and of them, by position, only those that may be one of the query's words are kept (equal, or the same
 * first 4 letters), with the line each stands on. Read from the unit's lines as text, or straight from its numbered
 * lines as the transcript holds them: most of a unit's words are passed over by their first letter, so decoding and
 * folding the whole unit, which the text needs, was most of the work.
 */
import { decodeText, numberedLines, prefixLength, writtenNumber } from "../numbered-line.js";
import { CAMEL_WORD, escapeEnd, foldCase, MAX_WORD_CHARS, withoutEscapes } from "./index-tokens.js";
import { Collector } from "./unit-word-collector.js";
import { isIdentifier, isWideWordChar } from "./word-characters.js";

/** Whether a code point (or none) is a letter or digit beyond ASCII: a word going on past an identifier. */
const isWide = (c: number | undefined) => c !== undefined && c >= 0x80 && isWideWordChar(c);

/**
 * The code point that ends before `index` in `text`: a character beyond the BMP (`𐐨`) is two code units, and the one
 * just before `index` is only its second half.
 */
function codePointBefore(text: string, index: number): number | undefined {
  const low = text.charCodeAt(index - 1);
  const high = text.charCodeAt(index - 2);
  const pair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return text.codePointAt(index - (pair ? 2 : 1));
}

export interface UnitWords {
  count: number;
  /** Whether the unit's last line holding text ends with a question mark: the unit asks rather than answers. */
  asks: boolean;
  /** Positions of the words kept, in order. */
  at: number[];
  word: Map<number, string>;
  line: Map<number, number>;
}

/** The unit's words, from its lines as text. */
export function unitWords(lines: readonly string[], wanted: readonly string[]): UnitWords {
  const collector = new Collector(wanted);
  const text = withoutEscapes(lines.join("\n"));
  collector.text(foldCase(text), 0);
  // The parts of camelCase identifiers come after the unit's words, as the index has them: those standing apart
  // from letters and digits beyond ASCII, as the bytes' reading finds them.
  for (const [line, l] of text.split("\n").entries()) {
    for (const m of l.matchAll(CAMEL_WORD)) {
      const [identifier] = m;
      const before = codePointBefore(l, m.index);
      const after = l.codePointAt(m.index + identifier.length);
      if (identifier.length > MAX_WORD_CHARS || isWide(before) || isWide(after)) continue;
      collector.identifier(identifier, line);
    }
  }
  const last = lines.map((l) => l.replace(/[ \t\r]+$/, "")).findLast((l) => l.length > 0);
  collector.unit.asks = last?.endsWith("?") ?? false;
  return collector.unit;
}

/**
 * A tool output's words after those of its call (`call`): the call's words come first and stand on line -1, no line
 * of the output, so they count for the unit's terms and never choose its line.
 */
export function withCall(call: UnitWords, unit: UnitWords): UnitWords {
  const at = [...call.at, ...unit.at.map((i) => i + call.count)];
  const word = new Map(call.word);
  const line = new Map([...call.at].map((i) => [i, -1]));
  for (const i of unit.at) {
    word.set(i + call.count, unit.word.get(i) as string);
    line.set(i + call.count, unit.line.get(i) as number);
  }
  return { count: call.count + unit.count, asks: unit.asks, at, word, line };
}

/** Each byte's kind: 1 an ASCII letter or digit, 2 the first byte of a character beyond ASCII, 0 any other. */
const KIND = new Uint8Array(256);
for (let b = 0; b < 256; b++) {
  const ascii = (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57);
  KIND[b] = ascii ? 1 : b >= 0xc0 ? 2 : 0;
}

/** The code point of the UTF-8 character at `i` (a first byte) and its length; U+FFFD, 1 for a broken one. */
function codePointAt(bytes: Uint8Array, i: number, end: number): { codePoint: number; length: number } {
  const b = bytes[i] as number;
  const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
  if (i + length > end) return { codePoint: 0xfffd, length: 1 };
  let codePoint = b & (0x7f >> length);
  for (let k = 1; k < length; k++) {
    const next = bytes[i + k] as number;
    if ((next & 0xc0) !== 0x80) return { codePoint: 0xfffd, length: 1 };
    codePoint = (codePoint << 6) | (next & 0x3f);
  }
  return { codePoint, length };
}

export interface UnitBytes {
  words: UnitWords;
  /** The unit's lines. */
  lines: number;
  /**
   * The number the first line's prefix holds (0 when it has none) and the last number a line holds (the first's when
   * no later line has one), as the index records them (transcript-units.ts).
   */
  firstLine: number;
  lastLine: number;
}

/**
 * The unit's words from bytes [0, end) of its numbered lines as the transcript holds them (each line ended by a
 * newline, its prefix not read): a loop over the bytes that makes a string only of a word whose first letter may be
 * wanted; a word with a character beyond ASCII is decoded and folded as text, which gives the words folding the whole
 * text gives (as the index does), but for a capital sigma.
 */
export function unitWordsOfBytes(bytes: Uint8Array, end: number, wanted: readonly string[]): UnitBytes {
  const collector = new Collector(wanted);
  let lines = 0;
  let firstLine = 0;
  let lastLine = 0;
  let from = 0;
  // The last character other than white space of the last line holding text.
  let lastChar = 0;
  // camelCase identifiers (start, end, line), whose parts follow the unit's words.
  const identifiers: number[] = [];
  for (let nl = bytes.indexOf(0x0a, from); nl !== -1 && nl < end; nl = bytes.indexOf(0x0a, from)) {
    const prefix = prefixLength(bytes, from, nl);
    const written = writtenNumber(bytes, from, nl);
    if (lines === 0) firstLine = lastLine = written ?? 0;
    else if (written !== undefined) lastLine = written;
    const line = lines++;
    for (let k = nl - 1; k >= from + prefix; k--) {
      const b = bytes[k] as number;
      if (b !== 0x20 && b !== 0x09 && b !== 0x0d) {
        lastChar = b;
        break;
      }
    }
    let start = -1;
    let wideWord = false;
    let inner = false; // the word has a capital after its first character
    for (let i = from + prefix; i <= nl; i++) {
      const b = i < nl ? (bytes[i] as number) : 0x0a;
      const kind = KIND[b] as number;
      if (kind === 1) {
        if (start < 0) {
          start = i;
          inner = false;
        } else if (b >= 0x41 && b <= 0x5a) inner = true;
        continue;
      }
      // The word (if any) ends before this character; a terminal escape sequence is passed over, as the index does.
      const stop = i;
      if (b === 0x1b) i = escapeEnd(bytes, i, nl) - 1;
      if (kind === 2) {
        const { codePoint, length } = codePointAt(bytes, i, nl);
        i += length - 1;
        if (isWideWordChar(codePoint)) {
          if (start < 0) start = stop;
          wideWord = true;
          continue;
        }
      }
      if (start < 0) continue;
      if (wideWord) {
        const text = decodeText(bytes, start, stop);
        // A capital sigma folds by the letters around it, beyond the word: the unit is read as text.
        if (text.includes("\u03a3")) return unitWordsAsText(bytes, end, wanted);
        // Folding may change its length or split it (İ is i and a combining dot): it is split again as text.
        collector.text(foldCase(text), line);
      } else {
        const at = collector.count((bytes[start] as number) | 0x20, stop - start);
        if (at >= 0) collector.keepAscii(at, bytes, start, stop, line);
        // Only a word with a capital inside is looked at again: most have none.
        if (inner && stop - start <= MAX_WORD_CHARS && isIdentifier(bytes, start, stop)) {
          identifiers.push(start, stop, line);
        }
      }
      start = -1;
      wideWord = false;
    }
    from = nl + 1;
  }
  for (let k = 0; k < identifiers.length; k += 3) {
    collector.asciiIdentifier(
      bytes,
      identifiers[k] as number,
      identifiers[k + 1] as number,
      identifiers[k + 2] as number,
    );
  }
  collector.unit.asks = lastChar === 0x3f;
  return { words: collector.unit, lines, firstLine, lastLine };
}

/** `unitWordsOfBytes` by way of the lines' text. */
function unitWordsAsText(bytes: Uint8Array, end: number, wanted: readonly string[]): UnitBytes {
  const lines = numberedLines(bytes, end);
  const words = unitWords(
    lines.map((l) => l.text),
    wanted,
  );
  const firstLine = lines[0] && Number.isFinite(lines[0].line) ? lines[0].line : 0;
  const lastLine = lines.findLast((l) => Number.isFinite(l.line))?.line;
  return { words, lines: lines.length, firstLine, lastLine: lastLine ?? firstLine };
}
