/**
 * What the index stores of a line of text, and how a query is said to it. Two columns: `words` holds every word
 * (letters and digits, split at everything else, so "rate-limiter" is "rate limiter"); `whole` holds the compound
 * tokens as they stand (identifiers, paths, error codes, versions: `ERR_SOCKET_TIMEOUT`, `src/store/db.ts`,
 * `v1.18.33`), so a query for one of them matches it exactly and rarely. FTS5 folds case, drops diacritics and stems
 * (porter) on both sides.
 */

/** The FTS5 tokenizer of the index: the characters that join a compound token are token characters. */
export const TOKENIZER = "porter unicode61 remove_diacritics 2 tokenchars '-_./:@#'";

/**
 * Words longer than this are not indexed (base64 blobs, hashes): a word a literal query holds whole is at most this
 * long, so leaving the longer ones out never rules out a transcript that matches.
 */
export const MAX_WORD_CHARS = 40;
/** Compound tokens longer than this are left out of `whole` (their words are still in `words`). */
const MAX_WHOLE_CHARS = 120;

const WORD = /[\p{L}\p{N}]+/gu;
/** Most lines are ASCII: a plain character class is several times faster than a Unicode property. */
const NON_ASCII = /[\u0080-\uffff]/;
const ASCII_WORD = /[a-z0-9]+/g;
/**
 * A word and the words joined to it by the token characters: the compounds are the chains with a joiner in them.
 * Every word is matched once, left to right, so each chain starts where a word starts and the pass is linear (a
 * lookbehind for the word start did the same several times slower, and trying from inside a long run of letters
 * made one 1 MB word quadratic).
 */
const CHAIN = /[\p{L}\p{N}]+(?:[-_./:@#]+[\p{L}\p{N}]+)*/gu;
const ASCII_CHAIN = /[a-z0-9]+(?:[-_./:@#]+[a-z0-9]+)*/g;
/** A compound needs one of its joining characters: most words have none, and are not looked at twice. */
const JOINER = /[-_./:@#]/;
const HYPHENS_ONLY = /^[^_./:@#]*$/;

/**
 * Lower case as the scan folds it: KELVIN SIGN is k and LONG S is s (JavaScript's `iu`, ripgrep's `-i`), which FTS5's
 * own folding may not know.
 */
export function foldCase(text: string): string {
  return text.toLowerCase().replace(/\u017f/g, "s");
}

/** The words of a text, folded, each at most MAX_WORD_CHARS long. */
export function wordsOf(text: string): string[] {
  const folded = foldCase(text);
  return foldedWords(folded, !NON_ASCII.test(folded));
}

/** The compound tokens of a text, folded. */
export function compoundsOf(text: string): string[] {
  if (!JOINER.test(text)) return [];
  const folded = foldCase(text);
  return foldedCompounds(folded, !NON_ASCII.test(folded));
}

function foldedWords(folded: string, ascii: boolean): string[] {
  const found = folded.match(ascii ? ASCII_WORD : WORD) ?? [];
  return found.some((w) => w.length > MAX_WORD_CHARS) ? found.filter((w) => w.length <= MAX_WORD_CHARS) : found;
}

function foldedCompounds(folded: string, ascii: boolean): string[] {
  const found: string[] = [];
  for (const chain of folded.match(ascii ? ASCII_CHAIN : CHAIN) ?? []) {
    // Words joined by hyphens alone ("rate-limiter") are found as words in a row; whole, they would only add size.
    if (chain.length <= MAX_WHOLE_CHARS && JOINER.test(chain) && !HYPHENS_ONLY.test(chain)) found.push(chain);
  }
  return found;
}

export interface IndexedText {
  words: string;
  whole: string;
}

/**
 * Non-ASCII characters that are neither letters nor digits (the `·` of every marker line): they separate words and
 * end compounds in both columns, so they can be spaces; a unit that has no other non-ASCII character is then ASCII.
 */
const NON_ASCII_SEPARATORS = /[^\p{ASCII}\p{L}\p{N}]+/gu;
/** Tried where a word starts only: from inside a word it fails at once (tried everywhere, it was slower than FTS5). */
const LONG_ASCII_WORD = new RegExp(`(?:^|[^a-z0-9])[a-z0-9]{${MAX_WORD_CHARS + 1}}`, "i");
const JOINERS = /[-_./:@#]+/g;
/**
 * A compound where a word starts: after the text's start or a character that is no letter or digit. Each word is
 * taken whole (a lookahead and its backreference, as an atomic group): a plain word fails once instead of once per
 * shorter prefix, which was a third of this pattern's time.
 */
const ASCII_COMPOUND = /(?:^|[^a-z0-9])((?=([a-z0-9]+))\2(?:[-_./:@#]+(?=([a-z0-9]+))\3)+)/gi;

/**
 * The two columns of one unit's text (its lines joined by newlines), holding the same tokens in the same order as
 * each line's `wordsOf` and `compoundsOf`: FTS5 folds ASCII case and splits at spaces as the words did, so only the
 * separators differ. Most units are ASCII but for the `·` of their marker lines: they take one pass over their
 * characters (`asciiColumns`); the others are read by `patternColumns`.
 */
export function unitColumns(text: string): IndexedText {
  return asciiColumns(text) ?? patternColumns(text);
}

/** The columns the index stores of a unit's text: `unitColumns`, its camelCase identifiers' parts added to `words`. */
export function storedColumns(text: string): IndexedText {
  const columns = unitColumns(text);
  return CAMEL.test(text) ? { words: `${columns.words} ${camelParts(text).join(" ")}`, whole: columns.whole } : columns;
}

/**
 * Where a camelCase identifier joins two words: a lower-case letter or digit before a capital (`createLogysia`), or
 * a run of capitals before a word of two or more lower-case letters (`HTTPConfig`; not `APIs`).
 */
const CAMEL = /[a-z0-9][A-Z]|[A-Z][A-Z][a-z]{2}/;
export const CAMEL_WORD = /[A-Za-z0-9]*(?:[a-z0-9][A-Z]|[A-Z][A-Z][a-z]{2})[A-Za-z0-9]*/g;
const CAMEL_JOIN = /(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z]{2})/;

/**
 * The parts of one camelCase identifier, folded; none for a name that is only written that way: an identifier of code
 * starts with a word of two letters or more in lower case (`createLogysiaWriter`), has three parts or more
 * (`ResolveTargetError`) or two of four letters or more (`SignalScorer`, `ExecutionVenue`, `HTTPConfig`), while
 * `iPhone`, `YouTube` or `McDonald` in a conversation are names (split, they made LoCoMo's answering sessions rarer
 * among the first five). The two-part names split: on the coding recall evaluation's questions to tune on, with the
 * session named (limit 5), a needle among the first five hits for 109 of 176 questions against 107 (project-wide 83
 * either way, at a median of 2,510 bytes against 2,530); LoCoMo unchanged (turn 67.8 %, session 90.9 %).
 */
export function identifierParts(identifier: string): string[] {
  const parts = identifier.split(CAMEL_JOIN);
  const code = isCodeIdentifier(
    parts.map((part) => part.length),
    /^[a-z]/.test(identifier),
  );
  return code ? parts.map((part) => part.toLowerCase()) : [];
}

/**
 * Whether an identifier of parts of these lengths (split at CAMEL_JOIN), its first letter in lower case or not, is
 * one of code (identifierParts): the rule the index's words and the second look's reading of a unit's bytes
 * (unit-words.ts) share.
 */
export function isCodeIdentifier(lengths: readonly number[], lowerFirst: boolean): boolean {
  return (
    lengths.length >= 3 ||
    (lowerFirst && (lengths[0] ?? 0) >= 2) ||
    (lengths.length === 2 && lengths.every((length) => length >= 4))
  );
}

/**
 * The words of the camelCase identifiers of a text, folded (`createLogysiaWriter`: create logysia writer;
 * `ResolveTargetError`: resolve target error), added to the `words` column after the unit's own words: the identifier is a word as it
 * stands, and its parts are found as words too, in a row.
 */
export function camelParts(text: string): string[] {
  const parts: string[] = [];
  for (const identifier of text.match(CAMEL_WORD) ?? []) {
    if (identifier.length <= MAX_WORD_CHARS) parts.push(...identifierParts(identifier));
  }
  return parts;
}

/**
 * The columns by regular expressions, for any text. An ASCII unit is not folded or split word by word here: its
 * joiners become spaces in `words`, and `whole` is its compounds. Others go word by word.
 */
export function patternColumns(text: string): IndexedText {
  const plain = NON_ASCII.test(text) ? text.replace(NON_ASCII_SEPARATORS, " ") : text;
  if (NON_ASCII.test(plain) || LONG_ASCII_WORD.test(plain)) {
    const folded = foldCase(text);
    const ascii = !NON_ASCII.test(folded);
    const whole = JOINER.test(text) ? foldedCompounds(folded, ascii).join(" ") : "";
    return { words: foldedWords(folded, ascii).join(" "), whole };
  }
  if (!JOINER.test(plain)) return { words: plain, whole: "" };
  const whole: string[] = [];
  ASCII_COMPOUND.lastIndex = 0;
  for (let m = ASCII_COMPOUND.exec(plain); m !== null; m = ASCII_COMPOUND.exec(plain)) {
    const chain = m[1] as string;
    if (chain.length <= MAX_WHOLE_CHARS && !HYPHENS_ONLY.test(chain)) whole.push(chain);
  }
  return { words: plain.replace(JOINERS, " "), whole: whole.join(" ") };
}

const isWordCode = (c: number) => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
/** `-_./:@#` */
const isJoinerCode = (c: number) =>
  c === 0x2d || c === 0x5f || c === 0x2e || c === 0x2f || c === 0x3a || c === 0x40 || c === 0x23;
const MIDDLE_DOT = 0xb7;
const SEPARATOR_RUNS = /[-_./:@#]+|\u00b7+/g;

/**
 * `patternColumns` of a text that is ASCII but for `·` (a run of them one space) and holds no word longer than
 * MAX_WORD_CHARS, from one pass over its characters and one replace instead of five passes; undefined for any other
 * text. A compound is a chain of words each joined to the last by joiners alone, kept when a joiner other than `-`
 * joins it and it is at most MAX_WHOLE_CHARS long.
 */
export function asciiColumns(text: string): IndexedText | undefined {
  const whole: string[] = [];
  let separated = false; // a joiner or a `·` was seen: `words` has them as spaces
  let wordLength = 0;
  let joinerStart = -1; // where the run of joiners the scan is in (or has just left for a word) began
  let joinerPlain = false; // that run holds a joiner other than `-`
  let chainStart = 0;
  let chainEnd = -1; // where the last word ended
  let chainWords = 0;
  let chainPlain = false;
  const endChain = () => {
    if (chainWords > 1 && chainPlain && chainEnd - chainStart <= MAX_WHOLE_CHARS) {
      whole.push(text.slice(chainStart, chainEnd));
    }
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isWordCode(c)) {
      if (wordLength === 0) {
        if (joinerStart !== -1 && joinerStart === chainEnd) {
          chainWords++;
          chainPlain ||= joinerPlain;
        } else {
          endChain();
          chainStart = i;
          chainWords = 1;
          chainPlain = false;
        }
        joinerStart = -1;
      }
      if (++wordLength > MAX_WORD_CHARS) return undefined;
      continue;
    }
    if (wordLength > 0) {
      chainEnd = i;
      wordLength = 0;
    }
    if (isJoinerCode(c)) {
      separated = true;
      if (joinerStart === -1) {
        joinerStart = i;
        joinerPlain = false;
      }
      if (c !== 0x2d) joinerPlain = true;
    } else {
      joinerStart = -1;
      if (c === MIDDLE_DOT) separated = true;
      else if (c > 0x7f) return undefined;
    }
  }
  if (wordLength > 0) chainEnd = text.length;
  endChain();
  return { words: separated ? text.replace(SEPARATOR_RUNS, " ") : text, whole: whole.join(" ") };
}

/**
 * A terminal escape sequence: CSI (`ESC [ 38;5;41 m`, colours and cursor moves), OSC (`ESC ] … BEL`, titles and
 * links), a character set (`ESC ( B`) or a two-character one. A tool's output keeps them as the terminal sent them; the
 * index leaves them out, so `ESC[38;5;41m2.0.0-rc.3` is `2.0.0-rc.3` and not `41m2.0.0-rc.3`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding escape sequences is the point
const ESCAPE = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b\n]*(?:\x07|\x1b\\)?|[()*+][0-9A-Za-z]|[@-Z\\^_=>78c])/g;

/** `text` without its terminal escape sequences (itself when it has none). */
export function withoutEscapes(text: string): string {
  return text.includes("\x1b") ? text.replace(ESCAPE, "") : text;
}

/**
 * Where the escape sequence starting at byte `i` (an ESC) of `bytes` ends, as ESCAPE reads it; `i + 1` for a lone ESC.
 * For the second look, which reads a unit's words from its bytes.
 */
export function escapeEnd(bytes: Uint8Array, i: number, end: number): number {
  const next = i + 1 < end ? (bytes[i + 1] as number) : -1;
  if (next === 0x5b) {
    let k = i + 2;
    while (k < end && (bytes[k] as number) >= 0x30 && (bytes[k] as number) <= 0x3f) k++;
    while (k < end && (bytes[k] as number) >= 0x20 && (bytes[k] as number) <= 0x2f) k++;
    return k < end && (bytes[k] as number) >= 0x40 && (bytes[k] as number) <= 0x7e ? k + 1 : i + 1;
  }
  if (next === 0x5d) {
    let k = i + 2;
    while (k < end && bytes[k] !== 0x07 && bytes[k] !== 0x1b) k++;
    if (k < end && bytes[k] === 0x07) return k + 1;
    return k + 1 < end && bytes[k] === 0x1b && bytes[k + 1] === 0x5c ? k + 2 : k;
  }
  if (next >= 0x28 && next <= 0x2b) {
    const c = i + 2 < end ? (bytes[i + 2] as number) : -1;
    return isWordCode(c) ? i + 3 : i + 1;
  }
  const two = (next >= 0x40 && next <= 0x5a) || next === 0x5c || next === 0x5e || next === 0x5f;
  return two || next === 0x3d || next === 0x3e || next === 0x37 || next === 0x38 || next === 0x63 ? i + 2 : i + 1;
}

/** A string as an FTS5 phrase (double quotes doubled): never read as query syntax. */
export const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;
