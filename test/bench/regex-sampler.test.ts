import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readGitleaksRules } from "../../bench/gitleaks-rules.js";
import { parseRegex, RegexSyntaxError, sample } from "../../bench/regex-sampler.js";
import { seeded } from "../helpers/secret-samples.js";
import { tempDir } from "../helpers/temp-dir.js";

const draws = (source: string, n = 200, group?: number) => {
  const parsed = parseRegex(source);
  const rand = seeded(99);
  return Array.from({ length: n }, () => sample(parsed, rand, group));
};

describe("regex sampler: strings a rule matches", () => {
  // Patterns in the syntax JavaScript shares with RE2: every draw must match them, start to end.
  const SHARED = [
    String.raw`ghp_[0-9a-zA-Z]{36}`,
    String.raw`\b(dapi[a-f0-9]{32}(?:-\d)?)(?:[\x60'"\s;]|\\[nr]|$)`,
    String.raw`xox[pe](?:-[0-9]{10,13}){3}-[a-zA-Z0-9-]{28,34}`,
    String.raw`(?:A3T[A-Z0-9]|AKIA|ASIA)[A-Z0-9]{16}`,
    String.raw`[^a-z\s]{5,9}\.[\w.-]+`,
  ];
  for (const source of SHARED) {
    it(`draws only matches of ${source}`, () => {
      const whole = new RegExp(`^(?:${source})$`);
      for (const { match } of draws(source)) expect([match, whole.test(match)]).toEqual([match, true]);
    });
  }

  it("widens letter classes under (?i) and keeps literals as written", () => {
    const values = draws(String.raw`lin_api_(?i)[a-z0-9]{40}`).map((d) => d.match);
    expect(values.every((v) => v.startsWith("lin_api_"))).toBe(true);
    expect(values.some((v) => /[A-Z]/.test(v.slice(8)))).toBe(true);
    const scoped = draws(String.raw`(?i:[a-c]{8})(?-i:[a-c]{8})`).map((d) => d.match);
    expect(scoped.some((v) => /[A-C]/.test(v.slice(0, 8)))).toBe(true);
    expect(scoped.every((v) => /^[a-c]{8}$/.test(v.slice(8)))).toBe(true);
  });

  it("reads every flag group RE2 has, `(?s:…)` and `(?is)` included, and folds case only where `i` is set", () => {
    for (const { match } of draws(String.raw`a(?s:.){2}(?is:[b-c]{4})(?-s:d)(?sU)e`, 50)) {
      expect([match, /^a[\s\S]{2}[b-c]{4}de$/i.test(match)]).toEqual([match, true]);
    }
    expect(draws(String.raw`(?is:[b-c]{8})`).some((d) => /[BC]/.test(d.match))).toBe(true);
    expect(draws(String.raw`(?i)(?s-i:[b-c]{8})`).every((d) => /^[bc]{8}$/.test(d.match))).toBe(true);
  });

  it("takes the secret group: the first that took part, the rule's own, never one under a repetition", () => {
    expect(draws(String.raw`key=([a-f]{4})(x)`, 5).every((d) => /^[a-f]{4}$/.test(d.secret))).toBe(true);
    expect(draws(String.raw`key=([a-f]{4})(x)`, 5, 2).every((d) => d.secret === "x")).toBe(true);
    expect(draws(String.raw`(?:[a-z]{4}-){3}z`, 5).every((d) => d.secret === d.match)).toBe(true);
    expect(draws(String.raw`([0-9]{2}-){3}z`, 5).every((d) => d.secret === d.match)).toBe(true);
  });

  it("ends a value at an assertion offered as an alternative, and reads a dot between letters as a dot", () => {
    expect(draws(String.raw`(ab)(?:[;,]|\z)`, 20).every((d) => d.match === "ab")).toBe(true);
    expect(draws(String.raw`hooks.slack.com/x`, 5).every((d) => d.match === "hooks.slack.com/x")).toBe(true);
  });

  for (const source of [String.raw`a\pL`, "(?=x)y", "[abc", "(ab", "ab)", String.raw`\1`, "[[:word:]]"]) {
    it(`refuses what it does not read: ${source}`, () => expect(() => parseRegex(source)).toThrow(RegexSyntaxError));
  }
});

describe("gitleaks rules: read from a configuration outside the repository", () => {
  it("reads each rule's id, regex and secret group, and leaves out rules without a regex", () => {
    const file = path.join(tempDir(), "gitleaks.toml");
    fs.writeFileSync(
      file,
      [
        'title = "t"',
        "[[rules]]",
        'id = "one"',
        "regex = '''ab(c)'''",
        "secretGroup = 1",
        "[[rules.allowlists]]",
        "regexes = ['''x''']",
        "[[rules]]",
        'id = "paths-only"',
        "path = '''\\.p12$'''",
        "[[rules]]",
        'id = "two"',
        "regex = '''x{2}'''",
      ].join("\n"),
    );
    expect(readGitleaksRules(file)).toEqual([
      { id: "one", regex: "ab(c)", secretGroup: 1 },
      { id: "two", regex: "x{2}", secretGroup: undefined },
    ]);
  });

  it("refuses a rule without an id", () => {
    const file = path.join(tempDir(), "gitleaks.toml");
    fs.writeFileSync(file, "[[rules]]\nregex = '''x'''\n");
    expect(() => readGitleaksRules(file)).toThrow(/without an id/);
  });
});
