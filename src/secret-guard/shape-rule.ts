/**
 * The two forms a shape rule takes. Most tokens start with a fixed prefix at a token boundary (`ghp_`, `SG.`,
 * `dckr_pat_`): they are found in one pass over the text (token-shapes.ts) that looks each token start up by its
 * first three characters. The few whose distinctive part sits inside them or in a URL (`…-us12`, `….atlasv1.…`,
 * `hooks.slack.com/…`) are found by a literal hint and a global pattern instead.
 */
import { looksRandomToken } from "./randomness.js";

export type Accept = (body: string) => boolean;

export interface PrefixRule {
  readonly kind: string;
  /**
   * The first three characters of every prefix the rule matches (two when any third may follow, as hex does in
   * `SK…`): the key the scanner looks a token start up by.
   */
  readonly starts: readonly string[];
  /** Sticky pattern tried where a token starts; group 1 is the random part given to `accept`. */
  readonly pattern: RegExp;
  readonly accept: Accept;
}

export interface HintRule {
  readonly kind: string;
  /** A literal the text must contain before the pattern runs at all. */
  readonly hint: string;
  /** Global pattern with its own boundaries; group 1 is the random part given to `accept`. */
  readonly pattern: RegExp;
  readonly accept: Accept;
}

/** A rule for a token that starts with a prefix; `source` begins with that prefix. */
export function prefixed(kind: string, starts: string, source: string, accept: Accept = looksRandomToken): PrefixRule {
  return { kind, starts: starts.split(" "), pattern: new RegExp(source, "y"), accept };
}

/** A rule found by a literal hint; `source` carries its own boundaries. */
export function hinted(kind: string, hint: string, source: string, accept: Accept = looksRandomToken): HintRule {
  return { kind, hint, pattern: new RegExp(source, "g"), accept };
}

/** Not followed by another character of the token's alphabet: an exact-length token is not a prefix of a longer one. */
export const END = "(?![A-Za-z0-9_-])";
