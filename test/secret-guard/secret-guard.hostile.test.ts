import { describe, expect, it } from "vitest";
import { findSecret } from "../../src/secret-guard/secret-guard.js";
import { ALNUM, pick, SAMPLES, seeded } from "../helpers/secret-samples.js";

// 100 kB of what makes backtracking regexes go quadratic or worse: runs of the very characters a pattern repeats,
// prefixes repeated back to back, openings that never close. A quadratic pattern would take minutes on these and
// trip the test timeout; the assertions are about the answer, which must also be right.
const SIZE = 100_000;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
const j = (...parts: string[]) => parts.join("");
const PRIVATE = j("PRIV", "ATE KEY");

const NOTHING: Record<string, string> = {
  "one letter": fill("a"),
  "one capital": fill("A"),
  "one digit": fill("0"),
  spaces: fill(" "),
  newlines: fill("\n"),
  "equals signs": fill("="),
  dashes: fill("-"),
  underscores: fill("_"),
  slashes: fill("/"),
  colons: fill(":"),
  quotes: fill('"'),
  "escaped quotes": fill('\\"'),
  "alternating case": fill("aB"),
  "sk- repeated": fill("sk-"),
  "sk-ant- repeated": fill("sk-ant-"),
  "sk-proj- repeated": fill("sk-proj-"),
  "ghp_ repeated": fill("ghp_"),
  "github_pat_ repeated": fill("github_pat_"),
  "glpat- repeated": fill("glpat-"),
  "xoxb- repeated": fill("xoxb-"),
  "AKIA repeated": fill("AKIA"),
  "AIza repeated": fill("AIza"),
  "npm_ repeated": fill("npm_"),
  "sk_live_ repeated": fill("sk_live_"),
  "eyJ repeated": fill("eyJ"),
  "short JWT segments": fill("eyJa."),
  "Slack webhook host repeated": fill("hooks.slack.com/services/"),
  "armour openings": fill("-----BEGIN "),
  "private key headers without bodies": fill(j("-----BEGIN RSA ", PRIVATE, "-----\n")),
  "a private key header over 100 kB of one letter": j("-----BEGIN ", PRIVATE, "-----\n", fill("A")),
  "password= repeated": fill("password="),
  "password: repeated": fill("password: "),
  "a key then 100 kB of spaces": `password${fill(" ")}`,
  "key= repeated": fill("key="),
  "api_key= repeated": fill("api_key="),
  'token:" repeated': fill('token:"'),
  "a 100 kB key": `${fill("k")}ey: value`,
  "URL schemes repeated": fill("x://"),
  "URL users repeated": fill("x://a:"),
  "URLs without @": fill("https://a:b"),
  "user:pass@ without scheme": fill("a:b@"),
  "Bearer repeated": fill("Bearer "),
  "Bearer over 100 kB of one letter": `Bearer ${fill("A")}`,
  "Basic over 100 kB of one letter": `Basic ${fill("A")}`,
  "Authorization: Token repeated": fill("Authorization: Token "),
  "curl -u repeated": fill("curl -u a:"),
  "curl commands continued line after line": fill("curl \\\n"),
  "--password repeated": fill("--password "),
  "key attributes repeated": fill('<add key="password" '),
  "a Secret's data maps repeated": `kind: Secret\n${fill("data:\n  user: YWRtaW4=\n")}`,
  "user ids of Discord tokens repeated": fill("MTIzNDU2Nzg5MDEyMzQ1Njc4."),
  "random base64": Buffer.from(Array.from({ length: SIZE * 0.75 }, seededByte(7))).toString("base64"),
  "random base64url": Buffer.from(Array.from({ length: SIZE * 0.75 }, seededByte(8))).toString("base64url"),
};

function seededByte(seed: number): () => number {
  const rand = seeded(seed);
  return () => Math.floor(rand() * 256);
}

// Each test runs the guard over up to ten 100 kB hostile bodies: about a second at load 14, the whole file 44 s under
// Bun; the explicit timeouts (each test's third argument, honoured by vitest and bun test) leave room for a loaded CI.
describe("secret guard: hostile input completes with the right answer", () => {
  for (const [label, text] of Object.entries(NOTHING)) {
    it(`finds nothing in ${label}`, () => {
      expect(text.length).toBeGreaterThanOrEqual(SIZE);
      expect(findSecret(text)).toBeUndefined();
    }, 60_000);
  }

  it("reads back-to-back JWT headers as a JSON Web Token", () => {
    expect(findSecret(fill("eyJhbGciOiJIUzI1NiJ9."))).toBe("JSON Web Token");
  }, 60_000);

  // A real secret after 100 kB of adversarial text is still found: the scan does not give up or skip ahead past it.
  SAMPLES.forEach((sample, index) => {
    it(`finds ${sample.label} after each hostile prefix`, () => {
      const secret = sample.build(seeded(index));
      for (const [label, prefix] of Object.entries(NOTHING)) {
        expect([label, findSecret(`${prefix}\n\n${secret}\n`)]).toEqual([label, sample.kind]);
      }
    }, 60_000);
  }, 60_000);

  it("finds a random value assigned after 100 kB of one letter", () => {
    const value = `${pick(seeded(3), ALNUM, 24)}7`;
    expect(findSecret(`${fill("a")} password=${value}`)).toBe("credential assignment");
  }, 60_000);
});
