/**
 * Turns any user text into FTS5 MATCH expressions that cannot be a syntax error: we pick the words out ourselves
 * (letters and digits, as the unicode61 tokenizer sees them) and quote each one, so operators (`OR`, `NEAR(`, `-x`,
 * `col:foo`, `*`, `"`) are just words or nothing at all.
 */
import { InvalidInputError } from "../errors.js";
import { LIMITS } from "./memory-types.js";

// A word starts with a letter or digit; combining marks stay attached (the tokenizer strips diacritics itself).
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

export interface QueryWords {
  words: string[];
  /** Distinct words beyond the limit, left out of the search. */
  ignored: number;
}

export function queryWords(query: string): QueryWords {
  const seen = new Set<string>();
  for (const match of query.normalize("NFC").toLowerCase().matchAll(WORD)) {
    seen.add(match[0].slice(0, LIMITS.queryWordChars));
  }
  const all = [...seen];
  return { words: all.slice(0, LIMITS.queryWords), ignored: Math.max(0, all.length - LIMITS.queryWords) };
}

// Our words hold no quote, but doubling keeps the quoting right whatever a future tokenizer lets through.
const quote = (word: string) => `"${word.replaceAll('"', '""')}"`;

export interface MatchExpressions {
  /** Every word, as a whole word. */
  all: string;
  /** Every word, as a word or the start of one. */
  allPrefix: string;
  /** Any word, as a whole word. */
  any: string;
  /** Any word, as a word or the start of one. */
  anyPrefix: string;
}

export function matchExpressions(words: readonly string[]): MatchExpressions {
  const exact = words.map(quote);
  const prefix = exact.map((w) => `${w}*`);
  return {
    all: exact.join(" AND "),
    allPrefix: prefix.join(" AND "),
    any: exact.join(" OR "),
    anyPrefix: prefix.join(" OR "),
  };
}

/** The refusal for a query with nothing to search for (`"`, `*`, empty, only punctuation). */
export function noQueryWords(): InvalidInputError {
  return new InvalidInputError(
    "query",
    'has no words to search for (letters or digits); give a few keywords (or browse with "opencode-ledger list", or memory_list, offered with the option tools: "all")',
  );
}
