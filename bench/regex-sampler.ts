/**
 * Generates strings that a scanner's rule matches, from the rule's regular expression (the RE2 syntax Go and
 * gitleaks use: flags such as `(?i)` that hold to the end of their group, `(?i:…)`, `(?-i:…)`, `(?s:…)`,
 * `(?P<name>…)`, `\z`, `\x60`). It reads the subset those rules are written in: literals, escapes, classes, groups,
 * alternation and quantifiers.
 *
 * Choices a generator has to make, made the way real tokens look: a literal is written as the rule writes it (a
 * provider's prefix has one case), `(?i)` widens letter classes to both cases (a random part under `(?i)` is mixed
 * case), an unbounded repetition takes up to 12 more than its minimum, and where an alternation offers an assertion
 * (`$`, `\z`, `^`), it is taken: the value ends (or starts) there instead of gaining a delimiter. A `.` between two
 * letters of a literal is a dot (`hooks.slack.com`).
 */

type Node =
  | { type: "seq"; items: Node[] }
  | { type: "alt"; options: Node[] }
  | { type: "chars"; set: string }
  | { type: "literal"; text: string }
  | { type: "group"; body: Node; capture: number | undefined }
  | { type: "repeat"; body: Node; min: number; max: number }
  | { type: "assert" };

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("");
const DIGIT = "0123456789";
const WORD = `ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz${DIGIT}_`;
const SPACE = " \t\n\r";
const NO_NEWLINE = PRINTABLE;
const UNBOUNDED_EXTRA = 12;

const unique = (chars: string) => [...new Set(chars)].join("");
const bothCases = (chars: string) => unique(chars + chars.toLowerCase() + chars.toUpperCase());
const complement = (chars: string) => [...PRINTABLE].filter((c) => !chars.includes(c)).join("");

class RegexSyntaxError extends Error {}

// RE2's flag groups: flags to set, `-` and flags to clear, then `)` (to the end of the group) or `:` (a group). Only
// `i` changes what is drawn; `s` (`.` matches a newline), `m` and `U` change what matches, not what a value holds.
const FLAGS = /^\(\?([imsU]*)(?:-([imsU]*))?([:)])/;
const foldWith = (fold: boolean, flags: RegExpExecArray) =>
  flags[2]?.includes("i") ? false : flags[1]?.includes("i") ? true : fold;

/** A parsed rule: the tree of its pattern. */
export interface ParsedRegex {
  readonly root: Node;
}

/** Parses `source` (RE2 syntax); throws on what the subset does not cover. */
export function parseRegex(source: string): ParsedRegex {
  let at = 0;
  let captures = 0;
  const peek = () => source[at];
  const fail = (what: string): never => {
    throw new RegexSyntaxError(`${what} at ${at} in ${source.slice(0, 80)}`);
  };

  // An escape outside or inside a class, as the characters it stands for (undefined: an assertion).
  function escaped(inClass: boolean): string | undefined {
    const c = source[at++] ?? fail("a trailing backslash");
    switch (c) {
      case "d":
        return DIGIT;
      case "w":
        return WORD;
      case "s":
        return SPACE;
      case "S":
        return complement(SPACE);
      case "W":
        return complement(WORD);
      case "D":
        return complement(DIGIT);
      case "n":
        return "\n";
      case "r":
        return "\r";
      case "t":
        return "\t";
      case "x": {
        const hex = source.slice(at, at + 2);
        at += 2;
        return String.fromCharCode(Number.parseInt(hex, 16));
      }
      case "b":
      case "B":
      case "z":
      case "A":
        return inClass ? fail(`\\${c} in a class`) : undefined;
      default:
        if (/[A-Za-z0-9]/.test(c)) fail(`the escape \\${c}`);
        return c;
    }
  }

  function charClass(fold: boolean): Node {
    at++; // [
    const negated = peek() === "^";
    if (negated) at++;
    let set = "";
    let first = true;
    while (peek() !== "]" || first) {
      first = false;
      if (at >= source.length) fail("an unclosed class");
      if (source.startsWith("[:", at)) {
        const end = source.indexOf(":]", at);
        const name = source.slice(at + 2, end);
        const named: Record<string, string> = { alnum: WORD.replace("_", ""), digit: DIGIT, alpha: WORD.slice(0, 52) };
        set += named[name] ?? fail(`the class [:${name}:]`);
        at = end + 2;
        continue;
      }
      let from: string;
      if (peek() === "\\") {
        at++;
        const chars = escaped(true) as string;
        if (chars.length > 1) {
          set += chars;
          continue;
        }
        from = chars;
      } else from = source[at++] as string;
      if (peek() === "-" && source[at + 1] !== "]") {
        at++;
        let to = source[at++] as string;
        if (to === "\\") to = escaped(true) as string;
        for (let code = from.charCodeAt(0); code <= to.charCodeAt(0); code++) set += String.fromCharCode(code);
      } else set += from;
    }
    at++; // ]
    const folded = fold ? bothCases(set) : set;
    return { type: "chars", set: negated ? complement(folded) : unique(folded) };
  }

  // One alternation, up to `)` or the end; `fold` is the case-insensitivity in force where it starts.
  function alternation(foldAtStart: boolean): Node {
    let fold = foldAtStart;
    const options: Node[] = [];
    let items: Node[] = [];
    while (at < source.length && peek() !== ")") {
      const c = peek();
      if (c === "|") {
        at++;
        options.push({ type: "seq", items });
        items = [];
        continue;
      }
      let atom: Node;
      if (c === "(") {
        const flags = FLAGS.exec(source.slice(at));
        if (flags?.[3] === ")") {
          // `(?i)`, `(?-i)`, `(?s)`…: the flags hold to the end of the enclosing group.
          fold = foldWith(fold, flags);
          at += flags[0].length;
          continue;
        }
        at++;
        let capture: number | undefined;
        let innerFold = fold;
        if (flags) {
          // `(?:…)`, `(?i:…)`, `(?-i:…)`, `(?s:…)`, `(?is:…)`: the flags hold inside the group only.
          innerFold = foldWith(fold, flags);
          at += flags[0].length - 1;
        } else if (source.startsWith("?P<", at)) {
          // Named groups mark parts of a match (gitleaks' JWT rule), not the secret: they do not count as captures.
          at = source.indexOf(">", at) + 1;
        } else if (peek() === "?") fail("a group flag");
        else capture = ++captures;
        const body = alternation(innerFold);
        if (peek() !== ")") fail("an unclosed group");
        at++;
        atom = { type: "group", body, capture };
      } else if (c === "[") atom = charClass(fold);
      else if (c === ".") {
        at++;
        // Between two letters of a literal (`hooks.slack.com`), a `.` is the dot the rule's author meant.
        const previous = items.at(-1);
        const dot = previous?.type === "literal" && /[a-z]/i.test(previous.text) && /[a-z]/i.test(peek() ?? "");
        atom = dot ? { type: "literal", text: "." } : { type: "chars", set: NO_NEWLINE };
      } else if (c === "^" || c === "$") {
        at++;
        atom = { type: "assert" };
      } else if (c === "\\") {
        at++;
        const chars = escaped(false);
        atom =
          chars === undefined
            ? { type: "assert" }
            : chars.length === 1
              ? { type: "literal", text: chars }
              : { type: "chars", set: fold ? bothCases(chars) : chars };
      } else {
        at++;
        atom = { type: "literal", text: c as string };
      }
      items.push(quantified(atom));
    }
    options.push({ type: "seq", items });
    return options.length === 1 ? (options[0] as Node) : { type: "alt", options };
  }

  function quantified(atom: Node): Node {
    const c = peek();
    let min: number;
    let max: number;
    if (c === "*" || c === "+" || c === "?") {
      at++;
      min = c === "+" ? 1 : 0;
      max = c === "?" ? 1 : min + UNBOUNDED_EXTRA;
    } else if (c === "{" && /^\{\d+(?:,\d*)?\}/.test(source.slice(at))) {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at)) as RegExpExecArray;
      at += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] ? Number(m[3]) : min + UNBOUNDED_EXTRA;
    } else return atom;
    if (peek() === "?") at++; // lazy: the same strings
    return { type: "repeat", body: atom, min, max };
  }

  const root = alternation(false);
  if (at < source.length) fail("an unmatched )");
  return { root };
}

export type Rand = () => number;

const isAssertion = (node: Node): boolean =>
  node.type === "assert" || (node.type === "seq" && node.items.length > 0 && node.items.every(isAssertion));

/**
 * One string the rule matches, and its secret: the first capture group that took part (the rule's own
 * `secretGroup` when it names one), else the whole match. A group under a repetition captures a piece
 * (`([a-z0-9]{4}-){3}`), not the secret, and is not taken.
 */
export function sample(parsed: ParsedRegex, rand: Rand, secretGroup?: number): { match: string; secret: string } {
  const groups = new Map<number, string>();
  const pick = (n: number) => Math.floor(rand() * n);
  function gen(node: Node, repeated: boolean): string {
    switch (node.type) {
      case "seq":
        return node.items.map((item) => gen(item, repeated)).join("");
      case "alt": {
        const assertion = node.options.find(isAssertion);
        return gen(assertion ?? (node.options[pick(node.options.length)] as Node), repeated);
      }
      case "chars":
        return node.set[pick(node.set.length)] ?? "";
      case "literal":
        return node.text;
      case "assert":
        return "";
      case "group": {
        const text = gen(node.body, repeated);
        if (node.capture !== undefined && !repeated) groups.set(node.capture, text);
        return text;
      }
      case "repeat": {
        const n = node.min + pick(node.max - node.min + 1);
        let out = "";
        for (let i = 0; i < n; i++) out += gen(node.body, repeated || node.max > 1);
        return out;
      }
    }
  }
  const match = gen(parsed.root, false);
  const wanted = secretGroup ? groups.get(secretGroup) : [...groups.entries()].sort((a, b) => a[0] - b[0])[0]?.[1];
  return { match, secret: wanted ?? match };
}

export { RegexSyntaxError };
