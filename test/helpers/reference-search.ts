/**
 * The search rules written the obvious way (whole file in memory, one line at a time, JavaScript regexes), to check
 * the streaming scanner against on random inputs. Shares only the display helpers with the code under test.
 */

import type { HitLine } from "../../src/search/hit-line.js";
import { LITERAL_LINE_BYTES } from "../../src/search/literal-query.js";
import { REGEX_LINE_BYTES } from "../../src/search/query.js";
import { matchWindowStart, prefixLength, renderWindow, wholeCharsEnd } from "../../src/transcripts/numbered-line.js";

export interface ReferenceQuery {
  query: string;
  regex?: boolean;
  caseSensitive?: boolean;
}

export interface ReferenceLimits {
  contextLines: number;
  maxMatches: number;
  matchLineBytes: number;
  contextLineBytes: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const escapeRegex = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
const lowerAscii = (b: number) => (b >= 65 && b <= 90 ? b + 32 : b);

function indexOfBytes(hay: Uint8Array, needle: Uint8Array, fold: boolean): number {
  outer: for (let s = 0; s + needle.length <= hay.length; s++) {
    for (let t = 0; t < needle.length; t++) {
      const a = hay[s + t] as number;
      const b = needle[t] as number;
      if (fold ? lowerAscii(a) !== lowerAscii(b) : a !== b) continue outer;
    }
    return s;
  }
  return -1;
}

function regexOffset(text: Uint8Array, re: RegExp, cap: number): number {
  const end = text.length > cap ? wholeCharsEnd(text, 0, cap) : text.length;
  const string = decoder.decode(text.subarray(0, end));
  const m = re.exec(string);
  return m ? encoder.encode(string.slice(0, m.index)).length : -1;
}

const compiled = new Map<string, RegExp>();
function regex(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  const known = compiled.get(key);
  if (known) return known;
  const re = new RegExp(source, flags);
  compiled.set(key, re);
  return re;
}

/** Text offset of the first match of `q` in a line's text, or -1. */
export function referenceMatch(text: Uint8Array, q: ReferenceQuery): number {
  const ignoreCase = !q.caseSensitive;
  const flags = ignoreCase ? "iu" : "u";
  if (q.regex) return regexOffset(text, regex(q.query, flags), REGEX_LINE_BYTES);
  const ascii = [...q.query].every((c) => (c.codePointAt(0) as number) < 0x80);
  if (!ignoreCase || ascii) {
    const hit = indexOfBytes(text, encoder.encode(q.query), ignoreCase);
    if (hit >= 0 || !ignoreCase) return hit;
  }
  return regexOffset(text, regex(escapeRegex(q.query), flags), LITERAL_LINE_BYTES);
}

/** Lines of a file's bytes, split on "\n"; a last line without "\n" counts. */
export function splitLines(file: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < file.length; i++) {
    if (file[i] === 10) {
      lines.push(file.subarray(start, i));
      start = i + 1;
    }
  }
  if (start < file.length) lines.push(file.subarray(start));
  return lines;
}

export function referenceSearch(file: Uint8Array, q: ReferenceQuery, limits: ReferenceLimits): HitLine[] {
  const lines = splitLines(file);
  const texts = lines.map((line) => line.subarray(prefixLength(line, 0, line.length)));
  const matches: { line: number; at: number }[] = [];
  for (let i = 0; i < texts.length && matches.length < limits.maxMatches; i++) {
    const at = referenceMatch(texts[i] as Uint8Array, q);
    if (at >= 0) matches.push({ line: i + 1, at });
  }
  const shown = new Set<number>();
  for (const m of matches) {
    for (let n = m.line - limits.contextLines; n <= m.line + limits.contextLines; n++) {
      if (n >= 1 && n <= lines.length) shown.add(n);
    }
  }
  const byLine = new Map(matches.map((m) => [m.line, m.at]));
  return [...shown]
    .sort((a, b) => a - b)
    .map((n) => {
      const text = texts[n - 1] as Uint8Array;
      const at = byLine.get(n);
      if (at === undefined) {
        return { line: n, text: renderWindow(text.subarray(0, limits.contextLineBytes), 0, text.length), match: false };
      }
      const from = matchWindowStart(at, text.length, limits.matchLineBytes);
      const window = text.subarray(from, Math.min(text.length, from + limits.matchLineBytes));
      return { line: n, text: renderWindow(window, from, text.length), match: true };
    });
}
