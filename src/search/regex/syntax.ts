/**
 * The analysis's model of a JavaScript regular expression (the `u` syntax), read from regexpp's tree by `parse.ts`:
 * only what the checks ask about (which patterns can take exponential time, which literal every match must contain,
 * how to say the pattern to ripgrep). Kept apart from the parser so that literals and the ripgrep translation load
 * without it.
 */

export type ClassEscape = "d" | "D" | "w" | "W" | "s" | "S";

export type SetItem =
  | { kind: "range"; lo: number; hi: number }
  | { kind: "class"; name: ClassEscape }
  | { kind: "property" };

export type RegexNode =
  | { type: "char"; cp: number }
  | { type: "any" }
  | { type: "set"; negated: boolean; items: SetItem[] }
  | { type: "assert"; kind: "start" | "end" | "word" | "nonword" }
  | { type: "look"; behind: boolean; negated: boolean; body: Alternation }
  | { type: "group"; body: Alternation }
  | { type: "backref" }
  | { type: "repeat"; min: number; max: number; lazy: boolean; body: RegexNode }
  | Alternation;

/** Branches, each a sequence of nodes. */
export interface Alternation {
  type: "alt";
  branches: RegexNode[][];
}

export interface ParsedRegex {
  root: Alternation;
  /** Source offsets [start, end) of the items of a single-branch root, to cut redundant `.*` at either end. */
  spans: [number, number][];
}

/** True when `node` can match the empty string. */
export function nullable(node: RegexNode): boolean {
  switch (node.type) {
    case "char":
    case "any":
    case "set":
      return false;
    case "assert":
    case "look":
    case "backref":
      return true;
    case "group":
      return nullable(node.body);
    case "repeat":
      return node.min === 0 || nullable(node.body);
    case "alt":
      return node.branches.some((branch) => branch.every(nullable));
  }
}
