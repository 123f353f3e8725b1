/**
 * Kept by hand: no package translates a JavaScript pattern into ripgrep's syntax with JavaScript's meaning.
 *
 * Says a query to ripgrep so that it selects exactly the lines the built-in scanner selects. Both match the text of a
 * transcript line, after its `<number>\t` prefix: a pattern that could touch the prefix (it may start with a digit,
 * a space or a tab, or is anchored with `^`) is wrapped as `^ {0,32}[0-9]{1,31}\t(?:…)`; any other pattern runs as is.
 * JavaScript classes are spelled out (`\d` is ASCII in JavaScript, Unicode in ripgrep; `.` stops at \r, \u2028 and
 * \u2029 in JavaScript). Lookarounds, backreferences and Unicode properties have no exact ripgrep equivalent: those
 * queries stay with the built-in scanner. A wrapped pattern never matches a line without the prefix (no transcript
 * has one; the built-in scanner would search such a line whole), and long lines are decided by the collector either
 * way, so the one place the engines could differ is a malformed line.
 */
import { RIPGREP_LINE_PREFIX } from "../../transcripts/numbered-line.js";
import { firstOf, overlaps, sigOf } from "../regex/chars.js";
import { nullable, type ParsedRegex, type RegexNode, type SetItem } from "../regex/syntax.js";

export type RipgrepQuery =
  | { kind: "fixed"; needle: string }
  | { kind: "regex"; pattern: string }
  | { kind: "unsupported"; reason: string };

/** JavaScript's `\s`: WhiteSpace and LineTerminator. */
const JS_SPACE = [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff];
const JS_SPACE_CLASS = `${JS_SPACE.map(hex).join("")}\\x{2000}-\\x{200A}`;
const PREFIX_CHARS = sigOf([0x20, 0x09, ..."0123456789"].map((c) => (typeof c === "number" ? c : c.charCodeAt(0))));

class Unsupported extends Error {}

function hex(cp: number): string {
  return `\\x{${cp.toString(16).toUpperCase()}}`;
}

function literal(cp: number): string {
  // ripgrep refuses a pattern that names a line break; no line contains one, so the built-in scanner answers.
  if (cp === 0x0a) throw new Unsupported("a line break (every match is within one line)");
  return /[A-Za-z0-9]/.test(String.fromCodePoint(cp)) ? String.fromCodePoint(cp) : hex(cp);
}

function classItem(item: SetItem): string {
  if (item.kind === "property") throw new Unsupported("Unicode property escapes (\\p{…})");
  if (item.kind === "range") return item.lo === item.hi ? hex(item.lo) : `${hex(item.lo)}-${hex(item.hi)}`;
  const body = { d: "0-9", w: "0-9A-Za-z_", s: JS_SPACE_CLASS }[item.name.toLowerCase() as "d" | "w" | "s"];
  return item.name === item.name.toLowerCase() ? body : `[^${body}]`;
}

function setOf(node: RegexNode & { type: "set" }): string {
  if (node.items.length === 0) {
    if (node.negated) return "[\\x{0}-\\x{10FFFF}]";
    throw new Unsupported("an empty class []");
  }
  if (!node.negated && node.items.length === 1 && node.items[0]?.kind === "class") {
    return `[${classItem(node.items[0])}]`;
  }
  return `[${node.negated ? "^" : ""}${node.items.map(classItem).join("")}]`;
}

function sequence(seq: readonly RegexNode[]): string {
  return seq.map(node).join("");
}

function node(n: RegexNode): string {
  switch (n.type) {
    case "char":
      return literal(n.cp);
    case "any":
      return "[^\\n\\r\\x{2028}\\x{2029}]";
    case "set":
      return setOf(n);
    case "assert":
      if (n.kind === "start") throw new Unsupported("^ other than at the start of the pattern or of a branch");
      return n.kind === "end" ? "$" : n.kind === "word" ? "(?-u:\\b)" : "(?-u:\\B)";
    case "look":
      throw new Unsupported("lookarounds");
    case "backref":
      throw new Unsupported("backreferences");
    case "group":
      return `(?:${node(n.body)})`;
    case "repeat": {
      const count =
        n.min === 0 && n.max === Infinity
          ? "*"
          : n.min === 1 && n.max === Infinity
            ? "+"
            : n.min === 0 && n.max === 1
              ? "?"
              : n.max === Infinity
                ? `{${n.min},}`
                : n.min === n.max
                  ? `{${n.min}}`
                  : `{${n.min},${n.max}}`;
      return `(?:${node(n.body)})${count}${n.lazy ? "?" : ""}`;
    }
    case "alt":
      return n.branches.map(sequence).join("|");
  }
}

/** True when a match of `branches` may start with a character of the line number prefix, or is empty. */
function mayTouchPrefix(branches: readonly RegexNode[][], ignoreCase: boolean): boolean {
  return branches.some((b) => b.every(nullable) || overlaps(firstOf(b, ignoreCase), PREFIX_CHARS));
}

/** The ripgrep pattern for a parsed JavaScript regex, or why there is none. */
export function regexForRipgrep(parsed: ParsedRegex, ignoreCase: boolean): RipgrepQuery {
  try {
    const anchored: RegexNode[][] = [];
    const free: RegexNode[][] = [];
    for (const branch of parsed.root.branches) {
      let lead = 0;
      while (branch[lead]?.type === "assert" && (branch[lead] as { kind: string }).kind === "start") lead++;
      (lead > 0 ? anchored : free).push(branch.slice(lead));
    }
    if (anchored.length === 0 && !mayTouchPrefix(free, ignoreCase)) {
      return { kind: "regex", pattern: free.map(sequence).join("|") };
    }
    const parts: string[] = [];
    if (anchored.length > 0) parts.push(`(?:${anchored.map(sequence).join("|")})`);
    if (free.length > 0) parts.push(`.*?(?:${free.map(sequence).join("|")})`);
    return { kind: "regex", pattern: `${RIPGREP_LINE_PREFIX}(?:${parts.join("|")})` };
  } catch (error) {
    if (error instanceof Unsupported) return { kind: "unsupported", reason: error.message };
    throw error;
  }
}

/** The ripgrep query for a literal: fixed-string search unless the needle could start inside the line number. */
export function literalForRipgrep(needle: string): RipgrepQuery {
  // A process argument cannot carry a NUL character (spawning rg would fail): the built-in scanner answers.
  if (needle.includes("\u0000")) return { kind: "unsupported", reason: "a NUL character" };
  if (!/^[ \t0-9]/.test(needle)) return { kind: "fixed", needle };
  const chars = [...needle].map((c) => literal(c.codePointAt(0) as number)).join("");
  return { kind: "regex", pattern: `${RIPGREP_LINE_PREFIX}.*?${chars}` };
}
