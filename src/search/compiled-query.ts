/** What a search query becomes once checked and prepared (`literal-query.ts`, `query.ts`): what the engines run. */
import type { RipgrepQuery } from "./ripgrep/pattern.js";
import type { ByteFinder } from "./scan/byte-search.js";

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
