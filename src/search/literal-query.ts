/**
 * A literal query checked and prepared: found on bytes by the byte finder, said to ripgrep as a fixed string where it
 * can be. Needs no regular-expression analysis, so a literal search never loads it (see `prepare-query.ts`).
 *
 * Case-insensitive matching follows Unicode simple case folding, as ripgrep's `-i` and JavaScript's `iu` do: an
 * ASCII needle is searched on bytes with ASCII folding, plus the two non-ASCII characters that fold onto ASCII
 * letters (K KELVIN SIGN onto k, ſ LONG S onto s), whose lines are checked by the JavaScript test.
 */
import { InvalidInputError } from "../errors.js";
import type { CompiledQuery, QueryInput } from "./compiled-query.js";
import { MAX_QUERY_CHARS } from "./limits.js";
import { literalForRipgrep } from "./ripgrep/pattern.js";
import { ByteFinder } from "./scan/byte-search.js";

/** Bytes of a line's text a literal checked in JavaScript sees (literals run in linear time). */
export const LITERAL_LINE_BYTES = 256 * 1024;

export const encoder = new TextEncoder();
const KELVIN = encoder.encode("\u212a");
const LONG_S = encoder.encode("\u017f");

// In the `u` syntax only syntax characters and "/" may be escaped ("\\-" is an error).
const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
const isCaseless = (ch: string) => ch.toLowerCase() === ch && ch.toUpperCase() === ch;

/** The longest run of characters the byte finder can search for (ASCII, or without case when folding). */
export function longestSearchableRun(chars: readonly string[], ignoreCase: boolean): string {
  let best = "";
  let run = "";
  for (const ch of chars) {
    const ok = !ignoreCase || (ch.codePointAt(0) as number) < 0x80 || isCaseless(ch);
    run = ok ? run + ch : "";
    if (encoder.encode(run).length > encoder.encode(best).length) best = run;
  }
  return best;
}

/** The maximal runs of characters the byte finder can search for: each is in every match of `chars`. */
export function searchablePieces(chars: readonly string[], ignoreCase: boolean): Uint8Array[] {
  const pieces: string[] = [""];
  for (const ch of chars) {
    if (!ignoreCase || (ch.codePointAt(0) as number) < 0x80 || isCaseless(ch)) pieces[pieces.length - 1] += ch;
    else pieces.push("");
  }
  return pieces.filter((p) => p.length > 0).map((p) => encoder.encode(p));
}

export function specialsFor(bytes: Uint8Array, ignoreCase: boolean): ByteFinder[] {
  if (!ignoreCase) return [];
  const lower = new Set([...bytes].map((b) => b | 0x20));
  const out: ByteFinder[] = [];
  if (lower.has(0x6b)) out.push(new ByteFinder(KELVIN, false));
  if (lower.has(0x73)) out.push(new ByteFinder(LONG_S, false));
  return out;
}

export function checkText(query: string): void {
  if (query.length === 0) throw new InvalidInputError("query", "is empty; give the text to look for");
  if (query.length > MAX_QUERY_CHARS) {
    throw new InvalidInputError("query", `is ${query.length} characters long; the limit is ${MAX_QUERY_CHARS}`);
  }
  if (/[\r\n]/.test(query)) {
    throw new InvalidInputError(
      "query",
      "contains a line break; every match is within one line, so search one line at a time",
    );
  }
}

/** Checks and prepares a literal query; a bad one throws InvalidInputError naming `query` and what is wrong. */
export function compileLiteralQuery(input: QueryInput): CompiledQuery {
  checkText(input.query);
  const query = input.query;
  const ignoreCase = !input.caseSensitive;
  const chars = [...query];
  const flags = ignoreCase ? "iu" : "u";
  const test = new RegExp(escapeRegex(query), flags);
  const ascii = chars.every((c) => (c.codePointAt(0) as number) < 0x80);
  const base = {
    source: query,
    regex: false,
    caseSensitive: !ignoreCase,
    test,
    lineBytes: LITERAL_LINE_BYTES,
    required: searchablePieces(chars, ignoreCase),
  };
  const ripgrep = literalForRipgrep(query);
  if (!ignoreCase || ascii) {
    const bytes = encoder.encode(query);
    return {
      ...base,
      finder: new ByteFinder(bytes, ignoreCase),
      exact: true,
      specials: specialsFor(bytes, ignoreCase),
      ripgrep,
    };
  }
  const anchor = encoder.encode(longestSearchableRun(chars, true));
  const finder = anchor.length >= 2 ? new ByteFinder(anchor, true) : undefined;
  return { ...base, finder, exact: false, specials: finder ? specialsFor(anchor, true) : [], ripgrep };
}
