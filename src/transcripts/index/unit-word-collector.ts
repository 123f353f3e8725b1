/**
 * The words of a unit kept as they are found, for the reading of a unit's words (unit-words.ts): every word is
 * counted, and only one whose first letter may be one of the wanted words is looked at further.
 */
import { identifierParts, isCodeIdentifier, MAX_WORD_CHARS } from "./index-tokens.js";
import type { UnitWords } from "./unit-words.js";
import { asciiWord, camelJoin, foldedAsciiIs, isLower, isWideWordChar } from "./word-characters.js";

/** What a word is looked at for: the wanted words' first 4 letters, the shorter ones whole, their first letters. */
interface Look {
  heads: string[];
  short: string[];
  firsts: Set<number>;
}

/** The look of each list of wanted words, made once: a search reads its units' words for the same list. */
const looks = new WeakMap<readonly string[], Look>();

function lookOf(wanted: readonly string[]): Look {
  let look = looks.get(wanted);
  if (look === undefined) {
    const heads = [...new Set(wanted.filter((w) => w.length >= 4).map((w) => w.slice(0, 4)))];
    const short = [...new Set(wanted.filter((w) => w.length < 4))];
    look = { heads, short, firsts: new Set([...heads, ...short].map((w) => w.charCodeAt(0))) };
    looks.set(wanted, look);
  }
  return look;
}

/** The words kept of a unit, as they are found: `count` each word, then `keep` it if its first letter may be wanted. */
export class Collector {
  readonly unit: UnitWords = { count: 0, asks: false, at: [], word: new Map(), line: new Map() };
  private readonly heads: string[];
  private readonly short: string[];
  /** The first letters of the wanted words: most words start with another, and are passed over by that look alone. */
  private readonly firsts: Set<number>;
  /** Where an identifier is split (`asciiIdentifier`), reused from one identifier to the next. */
  private readonly joins: number[] = [];

  constructor(wanted: readonly string[]) {
    ({ heads: this.heads, short: this.short, firsts: this.firsts } = lookOf(wanted));
  }

  /** Counts a word of `length` characters starting with `first`: its position if it may be wanted, else -1. */
  count(first: number, length: number): number {
    if (length > MAX_WORD_CHARS) return -1;
    const at = this.unit.count++;
    return this.firsts.has(first) ? at : -1;
  }

  /** Keeps the (folded) word counted at `at` if it may be one of the wanted words. */
  keep(at: number, word: string, line: number): void {
    const maybe = word.length >= 4 ? this.heads.some((h) => word.startsWith(h)) : this.short.some((w) => w === word);
    if (maybe) this.kept(at, word, line);
  }

  /**
   * `keep` of the ASCII word at bytes [start, stop), looked at in its bytes: the string is made only of a word that
   * may be wanted (most words that pass the first letter are still not).
   */
  keepAscii(at: number, bytes: Uint8Array, start: number, stop: number, line: number): void {
    const length = stop - start;
    const maybe =
      length >= 4
        ? this.heads.some((h) => foldedAsciiIs(bytes, start, h, 4))
        : this.short.some((w) => w.length === length && foldedAsciiIs(bytes, start, w, length));
    if (maybe) this.kept(at, asciiWord(bytes, start, stop), line);
  }

  private kept(at: number, word: string, line: number): void {
    this.unit.at.push(at);
    this.unit.word.set(at, word);
    this.unit.line.set(at, line);
  }

  /** Counts and keeps the parts of a camelCase identifier on `line` (index-tokens.ts, `camelParts`). */
  identifier(identifier: string, line: number): void {
    for (const part of identifierParts(identifier)) {
      const at = this.count(part.charCodeAt(0), part.length);
      if (at >= 0) this.keep(at, part, line);
    }
  }

  /**
   * `identifier` of the ASCII camelCase identifier at bytes [start, stop), split where `identifierParts` splits it
   * (CAMEL_JOIN) without a regular expression or a string of its own: the parts are counted, and only one whose first
   * letter may be wanted is looked at further.
   */
  asciiIdentifier(bytes: Uint8Array, start: number, stop: number, line: number): void {
    const joins = this.joins;
    joins.length = 0;
    for (let k = start + 1; k < stop; k++) if (camelJoin(bytes, k, stop)) joins.push(k);
    joins.push(stop);
    // A name only written that way (`iPhone`, `YouTube`) is no identifier of code: it has no parts (identifierParts).
    const lengths = joins.map((to, i) => to - (i === 0 ? start : (joins[i - 1] as number)));
    if (!isCodeIdentifier(lengths, isLower(bytes[start] as number))) return;
    let from = start;
    for (const to of joins) {
      const at = this.count((bytes[from] as number) | 0x20, to - from);
      if (at >= 0) this.keepAscii(at, bytes, from, to, line);
      from = to;
    }
  }

  /** Counts and keeps the words of a folded text, line by line from `line`: a loop over its characters. */
  text(folded: string, line: number): void {
    let start = -1;
    for (let i = 0; i <= folded.length; i++) {
      const c = i < folded.length ? folded.charCodeAt(i) : 0;
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
        if (start < 0) start = i;
        continue;
      }
      if (c >= 128) {
        const codePoint = folded.codePointAt(i) as number;
        if (isWideWordChar(codePoint)) {
          if (start < 0) start = i;
          if (codePoint > 0xffff) i++;
          continue;
        }
      }
      if (start >= 0) {
        const at = this.count(folded.charCodeAt(start), i - start);
        if (at >= 0) this.keep(at, folded.slice(start, i), line);
        start = -1;
      }
      if (c === 10) line++;
    }
  }
}
