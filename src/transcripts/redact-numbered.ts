/**
 * Transcript lines as read from the file (`<number>\t<text>`) with recognised secrets redacted in their text: the
 * numbers are set aside so that a private key across lines reads as one block, then put back.
 */
import { redactLines } from "../secret-guard/redact.js";

const NUMBER = /^ {0,32}[0-9]{1,31}\t/;

export function redactNumberedLines(lines: readonly string[]): { lines: string[]; redacted: number; kinds: string[] } {
  const prefixes = lines.map((line) => NUMBER.exec(line)?.[0] ?? "");
  const found = redactLines(lines.map((line, i) => line.slice((prefixes[i] as string).length)));
  if (found.redacted === 0) return { lines: [...lines], redacted: 0, kinds: [] };
  return {
    lines: found.lines.map((text, i) => (prefixes[i] ?? "") + text),
    redacted: found.redacted,
    kinds: found.kinds,
  };
}
