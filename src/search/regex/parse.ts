/**
 * Reads a user's pattern with regexpp (the parser ESLint maintains for JavaScript's own grammar) into the small model
 * of `syntax.ts`. Every pattern `new RegExp(source, "u")` accepts parses (ES2025: Bun takes duplicate group names and
 * `(?i:…)` modifiers, Node 20 neither); only modifiers are refused, as the checks read the whole pattern under one
 * set of flags.
 */
import { type AST, RegExpParser } from "@eslint-community/regexpp";
import type { Alternation, ClassEscape, ParsedRegex, RegexNode, SetItem } from "./syntax.js";

const parser = new RegExpParser({ ecmaVersion: 2025 });

type Escape = AST.EscapeCharacterSet | AST.UnicodePropertyCharacterSet;

function escapeItem(set: Escape): SetItem {
  if (set.kind === "property") return { kind: "property" };
  const name = { digit: "d", space: "s", word: "w" }[set.kind];
  return { kind: "class", name: (set.negate ? name.toUpperCase() : name) as ClassEscape };
}

function classItem(element: AST.CharacterClassElement): SetItem {
  switch (element.type) {
    case "Character":
      return { kind: "range", lo: element.value, hi: element.value };
    case "CharacterClassRange":
      return { kind: "range", lo: element.min.value, hi: element.max.value };
    case "CharacterSet":
      return escapeItem(element);
    default:
      // Set operations and string literals exist only under the `v` flag, which a search never sets.
      throw new Error(`unexpected ${element.type} in a class`);
  }
}

function alternation(alternatives: readonly AST.Alternative[]): Alternation {
  return { type: "alt", branches: alternatives.map((a) => a.elements.map(element)) };
}

function assertion(node: AST.Assertion): RegexNode {
  switch (node.kind) {
    case "start":
    case "end":
      return { type: "assert", kind: node.kind };
    case "word":
      return { type: "assert", kind: node.negate ? "nonword" : "word" };
    default:
      return {
        type: "look",
        behind: node.kind === "lookbehind",
        negated: node.negate,
        body: alternation(node.alternatives),
      };
  }
}

function element(node: AST.Element): RegexNode {
  switch (node.type) {
    case "Character":
      return { type: "char", cp: node.value };
    case "CharacterSet":
      return node.kind === "any" ? { type: "any" } : { type: "set", negated: false, items: [escapeItem(node)] };
    case "CharacterClass":
      return { type: "set", negated: node.negate, items: node.elements.map(classItem) };
    case "Assertion":
      return assertion(node);
    case "Group":
      if (node.modifiers) throw new Error(`flag modifiers ${node.modifiers.raw} are not supported`);
      return { type: "group", body: alternation(node.alternatives) };
    case "CapturingGroup":
      return { type: "group", body: alternation(node.alternatives) };
    case "Backreference":
      return { type: "backref" };
    case "Quantifier":
      return { type: "repeat", min: node.min, max: node.max, lazy: !node.greedy, body: element(node.element) };
    case "ExpressionCharacterClass":
      throw new Error("unexpected class expression");
  }
}

/** Parses a pattern already accepted by `new RegExp(source, "u")`; throws regexpp's error on what it refuses. */
export function parseRegex(source: string): ParsedRegex {
  const pattern = parser.parsePattern(source, 0, source.length, { unicode: true });
  const root = alternation(pattern.alternatives);
  const only = pattern.alternatives.length === 1 ? pattern.alternatives[0] : undefined;
  return { root, spans: only ? only.elements.map((e): [number, number] => [e.start, e.end]) : [] };
}
