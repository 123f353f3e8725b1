/**
 * Which characters make the index's words (index-tokens.ts), asked one at a time by the reading of a unit's words
 * (unit-words.ts): whether a code point beyond ASCII is a letter or a digit, and of ASCII bytes, where a camelCase
 * identifier is and what a word is in lower case, without a regular expression or a string of their own.
 */

/** A code point beyond ASCII that is a letter or a digit, as the index's words are made of. */
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const wide = new Map<number, boolean>();

/** Whether the code point (beyond ASCII) is a letter or a digit: asked of the regular expression once per code point. */
export function isWideWordChar(codePoint: number): boolean {
  let is = wide.get(codePoint);
  if (is === undefined) {
    is = LETTER_OR_DIGIT.test(String.fromCodePoint(codePoint));
    if (wide.size < 65_536) wide.set(codePoint, is);
  }
  return is;
}

const isUpper = (b: number) => b >= 0x41 && b <= 0x5a;
export const isLower = (b: number) => b >= 0x61 && b <= 0x7a;

/**
 * Whether the ASCII word at bytes [start, end) is a camelCase identifier (index-tokens.ts, CAMEL_WORD): a capital
 * after a lower-case letter or digit, or after a capital and before two lower-case letters.
 */
export function isIdentifier(bytes: Uint8Array, start: number, end: number): boolean {
  for (let k = start + 1; k < end; k++) {
    if (!isUpper(bytes[k] as number)) continue;
    if (!isUpper(bytes[k - 1] as number)) return true;
    if (k + 2 < end && isLower(bytes[k + 1] as number) && isLower(bytes[k + 2] as number)) return true;
  }
  return false;
}

const isLowerOrDigit = (b: number) => isLower(b) || (b >= 0x30 && b <= 0x39);

/**
 * Whether CAMEL_JOIN (index-tokens.ts) splits the ASCII identifier ending before `end` at byte `k`: a capital after a
 * lower-case letter or digit, or a capital after a capital and before two lower-case letters.
 */
export function camelJoin(bytes: Uint8Array, k: number, end: number): boolean {
  const b = bytes[k] as number;
  if (!isUpper(b)) return false;
  const before = bytes[k - 1] as number;
  if (isLowerOrDigit(before)) return true;
  return isUpper(before) && k + 2 < end && isLower(bytes[k + 1] as number) && isLower(bytes[k + 2] as number);
}

/** Whether the first `n` bytes from `start`, ASCII folded to lower case, are the first `n` characters of `word`. */
export function foldedAsciiIs(bytes: Uint8Array, start: number, word: string, n: number): boolean {
  for (let j = 0; j < n; j++) {
    const b = bytes[start + j] as number;
    if (word.charCodeAt(j) !== (b >= 65 && b <= 90 ? b | 0x20 : b)) return false;
  }
  return true;
}

/** The ASCII letters and digits of bytes [start, end), in lower case. */
export function asciiWord(bytes: Uint8Array, start: number, end: number): string {
  let word = "";
  for (let i = start; i < end; i++) {
    const b = bytes[i] as number;
    word += String.fromCharCode(b >= 65 && b <= 90 ? b | 0x20 : b);
  }
  return word;
}
