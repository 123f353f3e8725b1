/**
 * A search query checked and prepared once: the byte-level finder the built-in scanner runs, the JavaScript test
 * that decides the lines the finder cannot decide alone, and the same query said to ripgrep.
 *
 * Case-insensitive matching follows Unicode simple case folding, as ripgrep's `-i` and JavaScript's `iu` do: an
 * ASCII needle is searched on bytes with ASCII folding, plus the two non-ASCII characters that fold onto ASCII
 * letters (K KELVIN SIGN onto k, ſ LONG S onto s), whose lines are checked by the JavaScript test.
 */
import { InvalidInputError } from "../errors.js";
import { MAX_QUERY_CHARS } from "./limits.js";
import { findCatastrophe } from "./regex/backtracking.js";
import { type ParsedRegex, parseRegex, type RegexNode } from "./regex/syntax.js";
import { literalForRipgrep, type RipgrepQuery, regexForRipgrep } from "./ripgrep/pattern.js";
import { ByteFinder, isUncommon } from "./scan/byte-search.js";

/**
 * Bytes of a line's text a user regex sees: bounds the time one line can take. JavaScriptCore (Bun) runs `u`-flag
 * patterns over text outside Latin-1 in its interpreter, where a plain `\S+=` costs about half a microsecond per step
 * and grows with the square of the line: 4 KiB keeps the worst line near a second there, milliseconds in V8.
 */
export const REGEX_LINE_BYTES = 4 * 1024;
/** Bytes of a line's text a literal checked in JavaScript sees (literals run in linear time). */
export const LITERAL_LINE_BYTES = 256 * 1024;

export interface QueryInput {
  query: string;
  /** Treat `query` as a JavaScript regular expression (default false: a literal). */
  regex?: boolean;
  /** Match case exactly (default false). */
  caseSensitive?: boolean;
}

export interface CompiledQuery {
  readonly source: string;
  readonly regex: boolean;
  readonly caseSensitive: boolean;
  /** Byte finder: the needle itself when `exact`, else a literal every match contains; none: every line is a candidate. */
  readonly finder: ByteFinder | undefined;
  /** Hits of `finder` are matches (after the prefix rule); otherwise candidate lines go through `test`. */
  readonly exact: boolean;
  /** Byte sequences whose lines are candidates too (non-ASCII characters that fold onto the finder's letters). */
  readonly specials: ByteFinder[];
  /** Decides a candidate line from its text; its match index places the shown window. */
  readonly test: RegExp;
  /** Bytes of a line's text that `test` sees. */
  readonly lineBytes: number;
  /**
   * Pieces of text (UTF-8) that every matching line's text contains (letters in either case when the search ignores
   * case): what a transcript's sketch is asked about. Empty when nothing is known to be required.
   */
  readonly required: readonly Uint8Array[];
  readonly ripgrep: RipgrepQuery;
}

const encoder = new TextEncoder();
const KELVIN = encoder.encode("\u212a");
const LONG_S = encoder.encode("\u017f");

// In the `u` syntax only syntax characters and "/" may be escaped ("\\-" is an error).
const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
const isCaseless = (ch: string) => ch.toLowerCase() === ch && ch.toUpperCase() === ch;

/** The longest run of characters the byte finder can search for (ASCII, or without case when folding). */
function longestSearchableRun(chars: readonly string[], ignoreCase: boolean): string {
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
function searchablePieces(chars: readonly string[], ignoreCase: boolean): Uint8Array[] {
  const pieces: string[] = [""];
  for (const ch of chars) {
    if (!ignoreCase || (ch.codePointAt(0) as number) < 0x80 || isCaseless(ch)) pieces[pieces.length - 1] += ch;
    else pieces.push("");
  }
  return pieces.filter((p) => p.length > 0).map((p) => encoder.encode(p));
}

/** A literal every match of a single-branch pattern contains, from its runs of plain characters. */
function requiredRuns(parsed: ParsedRegex): string[][] {
  if (parsed.root.branches.length !== 1) return [];
  const runs: string[][] = [[]];
  for (const node of parsed.root.branches[0] as RegexNode[]) {
    if (node.type === "char") (runs[runs.length - 1] as string[]).push(String.fromCodePoint(node.cp));
    else runs.push([]);
  }
  return runs;
}

/** Cuts a leading and a trailing `.*`: the same lines match, and the backtracking engine has less to try. */
function trimmedSource(source: string, parsed: ParsedRegex): string {
  const spans = parsed.spans;
  const items = parsed.root.branches[0] ?? [];
  const isDotStar = (n: RegexNode | undefined) => n?.type === "repeat" && n.min === 0 && n.body.type === "any";
  if (spans.length !== items.length || items.length < 2) return source;
  const from = isDotStar(items[0]) ? (spans[0] as [number, number])[1] : 0;
  const to = isDotStar(items[items.length - 1]) ? (spans[spans.length - 1] as [number, number])[0] : source.length;
  return from < to ? source.slice(from, to) : source;
}

function specialsFor(bytes: Uint8Array, ignoreCase: boolean): ByteFinder[] {
  if (!ignoreCase) return [];
  const lower = new Set([...bytes].map((b) => b | 0x20));
  const out: ByteFinder[] = [];
  if (lower.has(0x6b)) out.push(new ByteFinder(KELVIN, false));
  if (lower.has(0x73)) out.push(new ByteFinder(LONG_S, false));
  return out;
}

function checkText(query: string): void {
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

function compileLiteral(query: string, ignoreCase: boolean): CompiledQuery {
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

function compileRegex(query: string, ignoreCase: boolean): CompiledQuery {
  const flags = ignoreCase ? "iu" : "u";
  try {
    new RegExp(query, flags);
  } catch (error) {
    throw new InvalidInputError("query", `is not a valid regular expression: ${(error as Error).message}`);
  }
  let parsed: ParsedRegex;
  try {
    parsed = parseRegex(query);
  } catch (error) {
    throw new InvalidInputError(
      "query",
      `uses regular expression syntax this search does not support (${(error as Error).message})`,
    );
  }
  const problem = findCatastrophe(parsed.root, ignoreCase);
  if (problem) throw new InvalidInputError("query", `refused: ${problem}`);
  const runs = requiredRuns(parsed);
  const literal = runs
    .map((run) => longestSearchableRun(run, ignoreCase))
    .reduce((a, b) => (encoder.encode(b).length > encoder.encode(a).length ? b : a), "");
  const bytes = encoder.encode(literal);
  // One required byte is still worth a prefilter when it is uncommon (the "=" of `\S+=` spares every line without one).
  const useful = bytes.length >= 2 || (bytes.length === 1 && isUncommon(bytes[0] as number));
  const finder = useful ? new ByteFinder(bytes, ignoreCase) : undefined;
  return {
    source: query,
    regex: true,
    caseSensitive: !ignoreCase,
    finder,
    exact: false,
    specials: finder ? specialsFor(bytes, ignoreCase) : [],
    test: new RegExp(trimmedSource(query, parsed), flags),
    lineBytes: REGEX_LINE_BYTES,
    required: runs.flatMap((run) => searchablePieces(run, ignoreCase)),
    ripgrep: regexForRipgrep(parsed, ignoreCase),
  };
}

/** Checks and prepares a query; a bad one throws InvalidInputError naming `query` and what is wrong. */
export function compileQuery(input: QueryInput): CompiledQuery {
  checkText(input.query);
  const ignoreCase = !input.caseSensitive;
  return input.regex ? compileRegex(input.query, ignoreCase) : compileLiteral(input.query, ignoreCase);
}
