/**
 * The three forms a shape rule takes. Most tokens start with a fixed prefix at a token boundary (`ghp_`, `SG.`,
 * `dckr_pat_`): they are found in one pass over the text (token-shapes.ts) that looks each token start up by its
 * first three characters. Those whose distinctive part sits inside them or in a URL (`….atlasv1.…`,
 * `hooks.slack.com/…`) are found by a literal hint and a global pattern. Those that are a run of one alphabet, a
 * fixed separator and a random part (`<app id>|<secret>`, `<bot id>:A…`, `<hex>-us21`) are found where the separator
 * is (separated-tokens.ts).
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

export interface SeparatedRule {
  readonly kind: string;
  /** The literal between the two parts, found by indexOf. */
  readonly separator: string;
  /** The run right before the separator: its characters (1 per ASCII code that may be in it) and its length. */
  readonly before: { readonly chars: Uint8Array; readonly min: number; readonly max: number };
  /** Sticky pattern tried right after the separator, with its own end boundary. */
  readonly after: RegExp;
  /** Given the whole token (run, separator and what followed). */
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

/** The ASCII codes a one-character class (`[0-9a-f]`) matches, as a table looked up by code. */
function asciiTable(charClass: string): Uint8Array {
  const pattern = new RegExp(`^${charClass}$`);
  return Uint8Array.from({ length: 128 }, (_, c) => (pattern.test(String.fromCharCode(c)) ? 1 : 0));
}

/** A rule found where its separator is: `min` to `max` of `before` (a class) before it, `after` (a source) after it. */
export function separated(
  kind: string,
  before: string,
  [min, max]: readonly [number, number],
  separator: string,
  after: string,
  accept: Accept = looksRandomToken,
): SeparatedRule {
  return { kind, separator, before: { chars: asciiTable(before), min, max }, after: new RegExp(after, "y"), accept };
}

/**
 * Not followed by another character of the token's alphabet, nor by base64's `+` or `/`: an exact-length token is not
 * the start of a longer one, nor of a line of base64 (a key file's line may begin with any two letters).
 */
export const END = "(?![A-Za-z0-9_+/-])";
