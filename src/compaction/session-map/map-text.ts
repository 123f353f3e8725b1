/**
 * Text as the session map writes it: every item on one line, control characters gone, cut to a length, so nothing a
 * session holds (a huge request, a newline, an escape sequence, text shaped like a map) can change the map's shape.
 */

/** C0 and C1 controls, and the Unicode line and paragraph separators that some renderers break on. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `text` on one line without control characters, cut to `max` characters with an ellipsis. */
export function mapLine(text: string, max: number): string {
  // Only the head can be shown: a megabyte request is not cleaned whole for a line of 200 characters.
  const head = text.length > max * 4 + 64 ? text.slice(0, max * 4 + 64) : text;
  const flat = head.replace(CONTROL, " ").replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  // Never cut a surrogate pair in two.
  let end = Math.max(0, max - 1);
  const code = flat.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${flat.slice(0, end).trimEnd()}…`;
}

/** `text` quoted on one line; a quote inside is kept as it is (the line ends where the map says it does). */
export const quoted = (text: string, max: number) => `"${mapLine(text, max)}"`;

/**
 * Tokens a model's tokenizer makes of `text`, estimated from above without a tokenizer: about four characters of
 * ASCII per token, and one token for every other character (CJK, emoji and accented text tokenize densely).
 */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) ascii++;
    else if (code < 0xdc00 || code > 0xdfff) other++; // a surrogate pair counts once
  }
  return Math.ceil(ascii / 4) + other;
}

/** "1 file" / "3 files". */
export const count = (n: number, noun: string, plural = `${noun}s`) => `${n} ${n === 1 ? noun : plural}`;
