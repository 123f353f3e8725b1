import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/secret-guard/redact.js";
import { findSecret } from "../../src/secret-guard/secret-guard.js";
import { ALNUM, pick, seeded } from "../helpers/secret-samples.js";

const rand = seeded(2718);
const HEX = "0123456789abcdef";

// A credential named in a sentence, the value without a shape of its own.
const NAMED: Record<string, (v: string) => string> = {
  "API key is": (v) => `Our Datadog API key is ${v} if you need it.`,
  "token was, at the end of the sentence": (v) => `The deploy token was ${v}.`,
  "password is now": (v) => `ok, the staging password is now ${v}`,
  "secret is set to, quoted": (v) => `The webhook secret is set to "${v}" in the dashboard.`,
  "access key arrow": (v) => `aws access key -> ${v}`,
  "credentials are": (v) => `the credentials are ${v}, keep them safe`,
  "flag is, then a colon": (v) => `--password is: ${v}`,
};

const values = {
  "40 hex": () => pick(rand, HEX, 40),
  "32 letters and digits": () => `${pick(rand, ALNUM, 31)}7`,
  "a UUID": () => [8, 4, 4, 4, 12].map((n) => pick(rand, HEX, n)).join("-"),
};

describe("secret guard: a credential named in a sentence", () => {
  for (const [label, sentence] of Object.entries(NAMED)) {
    for (const [kind, make] of Object.entries(values)) {
      it(`refuses ${kind} after "${label}" and redacts the value only`, () => {
        const value = make();
        const text = sentence(value);
        expect([text, findSecret(text)]).toEqual([text, "credential assignment"]);
        const redacted = redactSecrets(text);
        expect(redacted.text).not.toContain(value);
        expect(redacted.text).toBe(sentence("[redacted: credential assignment]"));
      });
    }
  }

  // What sentences about credentials say without holding one.
  const PASS = [
    "the token is stored in CI",
    "The API key is in the vault, ask Ada.",
    "the password is hunter2",
    "--password is: see the vault",
    "the password is: in 1Password, under staging",
    "The access token is valid for 3600 seconds.",
    "if token is None: raise ValueError()",
    `the primary key is ${pick(rand, HEX, 32)}`,
    `the cache key is ${pick(rand, HEX, 40)}`,
    "the secret is AccessTokenProviderFactory2",
    "the token is your-api-token-goes-here",
    `the key is ${pick(rand, HEX, 40)}`,
    `the commit is ${pick(rand, HEX, 40)}`,
  ];
  for (const text of PASS) it(`passes "${text}"`, () => expect(findSecret(text)).toBeUndefined());

  it("passes a named value shorter than 16 characters, refuses one of 16", () => {
    const short = `${pick(rand, ALNUM, 14)}7`;
    const long = `${pick(rand, ALNUM, 15)}7`;
    expect(findSecret(`the API key is ${short}`)).toBeUndefined();
    expect(findSecret(`the API key is ${long}`)).toBe("credential assignment");
  });
});
