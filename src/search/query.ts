/**
 * A search query checked and prepared once: the byte-level finder the built-in scanner runs, the JavaScript test
 * that decides the lines the finder cannot decide alone, and the same query said to ripgrep.
 * Literals are prepared by `literal-query.ts`; this module adds regular expressions, read by the regexpp parser, and
 * loads only when a regex search runs (`prepare-query.ts`).
 */
import { InvalidInputError } from "../errors.js";
import type { CompiledQuery, QueryInput } from "./compiled-query.js";
import {
  checkText,
  compileLiteralQuery,
  encoder,
  longestSearchableRun,
  searchablePieces,
  specialsFor,
} from "./literal-query.js";
import { findCatastrophe } from "./regex/backtracking.js";
import { parseRegex } from "./regex/parse.js";
import type { ParsedRegex, RegexNode } from "./regex/syntax.js";
import { regexForRipgrep } from "./ripgrep/pattern.js";
import { ByteFinder, isUncommon } from "./scan/byte-search.js";

/**
 * Bytes of a line's text a user regex sees: bounds the time one line can take. JavaScriptCore (Bun) runs `u`-flag
 * patterns over text outside Latin-1 in its interpreter, where a plain `\S+=` costs about half a microsecond per step
 * and grows with the square of the line: 4 KiB keeps the worst line near a second there, milliseconds in V8.
 */
export const REGEX_LINE_BYTES = 4 * 1024;

export type { CompiledQuery, QueryInput };

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
  if (!input.regex) return compileLiteralQuery(input);
  checkText(input.query);
  return compileRegex(input.query, !input.caseSensitive);
}
