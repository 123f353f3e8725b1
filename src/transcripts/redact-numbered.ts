/**
 * Transcript lines as read from the file (`<number>\t<text>`) with recognised secrets redacted in their text: the
 * numbers are set aside so that a private key across lines reads as one block, then put back. Given the file the
 * lines came from, rows of a private key whose BEGIN line lies above the window are redacted too.
 */

import { PRIVATE_KEY } from "../secret-guard/private-keys.js";
import { redactLines } from "../secret-guard/redact.js";
import { redactKeyBodyLines } from "./key-block-lines.js";

const NUMBER = /^ {0,32}[0-9]{1,31}\t/;

export function redactNumberedLines(
  lines: readonly string[],
  source?: { readonly file: string; readonly first: number },
): { lines: string[]; redacted: number; kinds: string[] } {
  const prefixes = lines.map((line) => NUMBER.exec(line)?.[0] ?? "");
  const found = redactLines(lines.map((line, i) => line.slice((prefixes[i] as string).length)));
  const rows = source
    ? redactKeyBodyLines(
        source.file,
        found.lines.map((text, i) => ({ line: source.first + i, text })),
      )
    : { texts: found.lines, redacted: 0, rows: [] };
  const redacted = found.redacted + rows.redacted;
  if (redacted === 0) return { lines: [...lines], redacted: 0, kinds: [] };
  const kinds = rows.redacted > 0 ? [...new Set([...found.kinds, PRIVATE_KEY])] : found.kinds;
  return { lines: rows.texts.map((text, i) => (prefixes[i] ?? "") + text), redacted, kinds };
}
