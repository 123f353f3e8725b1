import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { compileQuery } from "../../src/search/query.js";

function refusal(query: string, regex = true): string {
  try {
    compileQuery({ query, regex });
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return (error as Error).message;
  }
  throw new Error(`expected ${query} to be refused`);
}

describe("query checks", () => {
  it("refuses an empty query, a line break and an overlong query, naming the argument", () => {
    expect(refusal("", false)).toMatch(/^\[opencode-ledger\] query: is empty/);
    expect(refusal("two\nlines", false)).toMatch(/query: contains a line break/);
    expect(refusal("x".repeat(1_001), false)).toMatch(/query: is 1001 characters long; the limit is 1000/);
  });

  it("gives a clear error for an invalid regular expression", () => {
    expect(refusal("(unclosed")).toMatch(/query: is not a valid regular expression: .*/);
    expect(refusal("a{2,1}")).toMatch(/query: is not a valid regular expression/);
    expect(refusal("\\-")).toMatch(/query: is not a valid regular expression/);
  });

  it("refuses patterns that can take exponential or polynomial time, saying which construct", () => {
    expect(refusal("(a+)+$")).toMatch(/refused: nested repetition/);
    expect(refusal("(\\w+\\s?)*x")).toMatch(/refused: nested repetition/);
    expect(refusal("(.*a){12}")).toMatch(/refused: nested repetition/);
    expect(refusal("(a|ab)+c")).toMatch(/refused: a repeated alternation/);
    expect(refusal("(x|)+z")).toMatch(/refused: a repeated alternation/);
    expect(refusal("\\w+\\s*\\w+=")).toMatch(/refused: two repetitions in a row/);
    expect(refusal(".*.*x")).toMatch(/refused: two repetitions in a row/);
    // The same inside groups, and after a bounded or optional one that holds an unbounded repetition.
    expect(refusal("(.*)(a+)x")).toMatch(/refused: two repetitions in a row/);
    expect(refusal("^\\w{2,}(.*)$")).toMatch(/refused: two repetitions in a row/);
    expect(refusal("(.*)? +a")).toMatch(/refused: two repetitions in a row/);
    expect(refusal("(?=a)(.*)(?:b|)(.*)c")).toMatch(/refused: two repetitions in a row/);
  });

  it("accepts ordinary patterns", () => {
    for (const query of [
      "(foo|bar)+",
      "\\d+\\.\\d+",
      "a.*b",
      '[^"]*"',
      "^## user",
      "(?<name>x)\\k<name>",
      "\\s*\\w+",
      "x{2,5}y",
      "(.*)b(a+)",
      "(?=.*a)\\w+",
      "(\\d+)\\.(\\d+)",
    ]) {
      expect(() => compileQuery({ query, regex: true })).not.toThrow();
    }
  });

  it("says literals to ripgrep as fixed strings, unless they could start inside the line number", () => {
    expect(compileQuery({ query: "opencode" }).ripgrep).toEqual({ kind: "fixed", needle: "opencode" });
    expect(compileQuery({ query: "-flag" }).ripgrep).toEqual({ kind: "fixed", needle: "-flag" });
    expect(compileQuery({ query: "42" }).ripgrep).toEqual({ kind: "regex", pattern: "^ {0,32}[0-9]{1,31}\\t.*?42" });
    expect(compileQuery({ query: " a.b" }).ripgrep).toEqual({
      kind: "regex",
      pattern: "^ {0,32}[0-9]{1,31}\\t.*?\\x{20}a\\x{2E}b",
    });
  });

  it("spells regexes out for ripgrep with JavaScript's meaning of classes and anchors", () => {
    const rg = (query: string) => compileQuery({ query, regex: true }).ripgrep;
    expect(rg("timeout \\d+")).toEqual({ kind: "regex", pattern: "timeout\\x{20}(?:[0-9])+" });
    expect(rg("e.o")).toEqual({ kind: "regex", pattern: "e[^\\n\\r\\x{2028}\\x{2029}]o" });
    expect(rg("\\bport\\b")).toEqual({ kind: "regex", pattern: "(?-u:\\b)port(?-u:\\b)" });
    expect(rg("^## user|done$")).toEqual({
      kind: "regex",
      pattern: "^ {0,32}[0-9]{1,31}\\t(?:(?:\\x{23}\\x{23}\\x{20}user)|.*?(?:done$))",
    });
    expect(rg("\\d{4}")).toEqual({ kind: "regex", pattern: "^ {0,32}[0-9]{1,31}\\t(?:.*?(?:(?:[0-9]){4}))" });
  });

  it("keeps lookarounds, backreferences, properties and mid-pattern anchors with the built-in scanner", () => {
    const reason = (query: string) => {
      const rg = compileQuery({ query, regex: true }).ripgrep;
      return rg.kind === "unsupported" ? rg.reason : rg.kind;
    };
    expect(reason("foo(?=bar)")).toBe("lookarounds");
    expect(reason("(a)\\1")).toBe("backreferences");
    expect(reason("\\p{Lu}x")).toBe("Unicode property escapes (\\p{…})");
    expect(reason("a^b")).toMatch(/\^ other than at the start/);
    expect(reason("a\\nb")).toMatch(/a line break/);
  });

  it("prepares the fast paths: byte finder for literals and for the literal a regex requires", () => {
    const literal = compileQuery({ query: "OpenCode" });
    expect(literal.exact).toBe(true);
    expect(literal.finder?.length).toBe(8);
    expect(literal.specials).toHaveLength(0);
    expect(compileQuery({ query: "disk" }).specials).toHaveLength(2); // KELVIN SIGN and LONG S fold onto k and s
    const accented = compileQuery({ query: "naïve café" });
    expect(accented.exact).toBe(false);
    expect(accented.finder?.length).toBe(Buffer.byteLength("ve caf"));
    const regex = compileQuery({ query: "timeout after \\d+ ms", regex: true });
    expect(regex.finder?.length).toBe("timeout after ".length);
    expect(compileQuery({ query: "\\d+", regex: true }).finder).toBeUndefined();
  });
});
