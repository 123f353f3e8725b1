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
/** Starts and ends with a letter or digit, joined inside by the token characters. */
// Each starts where a word starts (the lookbehind): a try from inside a long run of letters would rescan the run to
// its end for a joiner, which made one 1 MB word quadratic.
const COMPOUND = /(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:[-_./:@#]+[\p{L}\p{N}]+)+/gu;
const ASCII_COMPOUND = /(?<![a-z0-9])[a-z0-9]+(?:[-_./:@#]+[a-z0-9]+)+/g;
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
  const found = folded.match(NON_ASCII.test(folded) ? WORD : ASCII_WORD) ?? [];
  return found.some((w) => w.length > MAX_WORD_CHARS) ? found.filter((w) => w.length <= MAX_WORD_CHARS) : found;
}

/** The compound tokens of a text, folded. */
export function compoundsOf(text: string): string[] {
  if (!JOINER.test(text)) return [];
  const folded = foldCase(text);
  const found = folded.match(NON_ASCII.test(folded) ? COMPOUND : ASCII_COMPOUND) ?? [];
  // Words joined by hyphens alone ("rate-limiter") are found as words in a row; whole, they would only add size.
  return found.filter((w) => w.length <= MAX_WHOLE_CHARS && !HYPHENS_ONLY.test(w));
}

export interface IndexedText {
  words: string;
  whole: string;
}

/** The two columns of one unit's lines. */
export function indexedText(lines: readonly string[]): IndexedText {
  const words: string[] = [];
  const whole: string[] = [];
  for (const line of lines) {
    const w = wordsOf(line);
    if (w.length > 0) words.push(w.join(" "));
    const c = compoundsOf(line);
    if (c.length > 0) whole.push(c.join(" "));
  }
  return { words: words.join("\n"), whole: whole.join("\n") };
}

/** A string as an FTS5 phrase (double quotes doubled): never read as query syntax. */
export const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;
