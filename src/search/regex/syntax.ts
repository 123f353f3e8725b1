/**
 * A small parser for JavaScript regular expressions (the `u` syntax), used to judge a user's pattern before it runs:
 * which patterns can take exponential time, which literal every match must contain (a fast byte prefilter), and how
 * to say the same pattern to ripgrep. The pattern is validated by `new RegExp(source, "u")` first; anything this
 * parser does not know throws, and the caller treats the pattern as unsupported.
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

/** Branches, each a sequence of nodes; `start`/`end` are source offsets of each top-level item. */
export interface Alternation {
  type: "alt";
  branches: RegexNode[][];
}

export interface ParsedRegex {
  root: Alternation;
  /** Source offsets [start, end) of the items of a single-branch root, to cut redundant `.*` at either end. */
  spans: [number, number][];
}

const SYNTAX = new Set([..."^$\\.*+?()[]{}|/"]);

class Parser {
  private i = 0;
  readonly spans: [number, number][] = [];

  constructor(private readonly src: string) {}

  parse(): ParsedRegex {
    const root = this.alternation(true);
    if (this.i < this.src.length) this.fail(`unexpected "${this.src[this.i]}"`);
    return { root, spans: root.branches.length === 1 ? this.spans : [] };
  }

  private fail(detail: string): never {
    throw new Error(`${detail} at offset ${this.i}`);
  }

  private next(): number {
    const cp = this.src.codePointAt(this.i);
    if (cp === undefined) this.fail("unexpected end");
    this.i += cp > 0xffff ? 2 : 1;
    return cp;
  }

  private eat(text: string): boolean {
    if (!this.src.startsWith(text, this.i)) return false;
    this.i += text.length;
    return true;
  }

  private alternation(top = false): Alternation {
    const branches: RegexNode[][] = [[]];
    for (;;) {
      const c = this.src[this.i];
      if (c === undefined || c === ")") break;
      if (c === "|") {
        this.i++;
        branches.push([]);
        continue;
      }
      const start = this.i;
      const term = this.term();
      (branches[branches.length - 1] as RegexNode[]).push(term);
      if (top) this.spans.push([start, this.i]);
    }
    return { type: "alt", branches };
  }

  private term(): RegexNode {
    const atom = this.atom();
    const quantified = this.quantifier(atom);
    return quantified;
  }

  private quantifier(body: RegexNode): RegexNode {
    const c = this.src[this.i];
    let min: number;
    let max: number;
    if (c === "*") [min, max] = [0, Infinity];
    else if (c === "+") [min, max] = [1, Infinity];
    else if (c === "?") [min, max] = [0, 1];
    else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) this.fail("lone {");
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return body;
    this.i++;
    const lazy = this.eat("?");
    if (body.type === "assert" || body.type === "look") this.fail("quantified assertion");
    return { type: "repeat", min, max, lazy, body };
  }

  private atom(): RegexNode {
    const c = this.next();
    switch (c) {
      case 0x5e: // ^
        return { type: "assert", kind: "start" };
      case 0x24: // $
        return { type: "assert", kind: "end" };
      case 0x2e: // .
        return { type: "any" };
      case 0x5b: // [
        return this.set();
      case 0x28: // (
        return this.group();
      case 0x5c: // backslash
        return this.escape();
      case 0x29:
      case 0x2a:
      case 0x2b:
      case 0x3f:
      case 0x7b:
      case 0x7d:
      case 0x5d:
      case 0x7c:
        return this.fail(`unexpected "${String.fromCodePoint(c)}"`);
      default:
        return { type: "char", cp: c };
    }
  }

  private group(): RegexNode {
    let node: RegexNode;
    if (this.eat("?:")) node = { type: "group", body: this.alternation() };
    else if (this.eat("?=")) node = { type: "look", behind: false, negated: false, body: this.alternation() };
    else if (this.eat("?!")) node = { type: "look", behind: false, negated: true, body: this.alternation() };
    else if (this.eat("?<=")) node = { type: "look", behind: true, negated: false, body: this.alternation() };
    else if (this.eat("?<!")) node = { type: "look", behind: true, negated: true, body: this.alternation() };
    else if (this.eat("?<")) {
      const end = this.src.indexOf(">", this.i);
      if (end < 0) this.fail("unterminated group name");
      this.i = end + 1;
      node = { type: "group", body: this.alternation() };
    } else if (this.src[this.i] === "?") this.fail("unsupported group modifier");
    else node = { type: "group", body: this.alternation() };
    if (!this.eat(")")) this.fail("missing )");
    return node;
  }

  private escape(): RegexNode {
    const c = this.src[this.i];
    if (c === undefined) this.fail("trailing backslash");
    if ("dDwWsS".includes(c)) {
      this.i++;
      return { type: "set", negated: false, items: [{ kind: "class", name: c as ClassEscape }] };
    }
    if (c === "b" || c === "B") {
      this.i++;
      return { type: "assert", kind: c === "b" ? "word" : "nonword" };
    }
    if (c === "p" || c === "P") {
      this.skipProperty();
      return { type: "set", negated: false, items: [{ kind: "property" }] };
    }
    if (c === "k") {
      const end = this.src.indexOf(">", this.i);
      if (end < 0) this.fail("bad \\k");
      this.i = end + 1;
      return { type: "backref" };
    }
    if (c >= "1" && c <= "9") {
      while (/[0-9]/.test(this.src[this.i] ?? "")) this.i++;
      return { type: "backref" };
    }
    return { type: "char", cp: this.charEscape(false) };
  }

  private skipProperty(): void {
    this.i++;
    if (!this.eat("{")) this.fail("bad \\p");
    const end = this.src.indexOf("}", this.i);
    if (end < 0) this.fail("bad \\p");
    this.i = end + 1;
  }

  /** The code point of a character escape after the backslash (`\n`, `\x41`, `\u{1F600}`, `\.`...). */
  private charEscape(inClass: boolean): number {
    const c = this.next();
    const simple: Record<number, number> = { 102: 0x0c, 110: 0x0a, 114: 0x0d, 116: 0x09, 118: 0x0b };
    if (simple[c] !== undefined) return simple[c];
    if (c === 0x30) return 0; // \0
    if (inClass && c === 0x62) return 0x08; // [\b] is a backspace
    if (inClass && c === 0x2d) return 0x2d; // [\-]
    if (c === 0x63) return this.next() % 32; // \cX
    if (c === 0x78) return this.hex(2);
    if (c === 0x75) {
      if (this.eat("{")) {
        const end = this.src.indexOf("}", this.i);
        const cp = Number.parseInt(this.src.slice(this.i, end), 16);
        this.i = end + 1;
        return cp;
      }
      const unit = this.hex(4);
      if (unit >= 0xd800 && unit <= 0xdbff && this.src.startsWith("\\u", this.i)) {
        const save = this.i;
        this.i += 2;
        const low = this.hex(4);
        if (low >= 0xdc00 && low <= 0xdfff) return 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
        this.i = save;
      }
      return unit;
    }
    if (SYNTAX.has(String.fromCodePoint(c))) return c;
    return this.fail(`unknown escape \\${String.fromCodePoint(c)}`);
  }

  private hex(digits: number): number {
    const text = this.src.slice(this.i, this.i + digits);
    if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(text)) this.fail("bad hex escape");
    this.i += digits;
    return Number.parseInt(text, 16);
  }

  private set(): RegexNode {
    const negated = this.eat("^");
    const items: SetItem[] = [];
    while (this.src[this.i] !== "]") {
      if (this.i >= this.src.length) this.fail("unterminated [");
      const lo = this.setAtom();
      if (this.src[this.i] === "-" && this.src[this.i + 1] !== "]" && lo.kind === "range") {
        this.i++;
        const hi = this.setAtom();
        if (hi.kind !== "range") this.fail("bad range");
        items.push({ kind: "range", lo: lo.lo, hi: hi.lo });
      } else items.push(lo);
    }
    this.i++;
    return { type: "set", negated, items };
  }

  private setAtom(): SetItem {
    const c = this.next();
    if (c !== 0x5c) return { kind: "range", lo: c, hi: c };
    const e = this.src[this.i];
    if (e !== undefined && "dDwWsS".includes(e)) {
      this.i++;
      return { kind: "class", name: e as ClassEscape };
    }
    if (e === "p" || e === "P") {
      this.skipProperty();
      return { kind: "property" };
    }
    const cp = this.charEscape(true);
    return { kind: "range", lo: cp, hi: cp };
  }
}

/** Parses a pattern already accepted by `new RegExp(source, "u")`. Throws on syntax it does not know. */
export function parseRegex(source: string): ParsedRegex {
  return new Parser(source).parse();
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
