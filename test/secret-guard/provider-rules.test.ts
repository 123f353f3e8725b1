import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/secret-guard/redact.js";
import { findSecret } from "../../src/secret-guard/secret-guard.js";
import { PROVIDER_SAMPLES } from "../helpers/provider-samples.js";
import { ALNUM, pick, seeded } from "../helpers/secret-samples.js";

// Where a pasted token sits: alone, in prose, after an unrelated word, in a shell line, in JSON.
const PLACES = [
  (v: string) => v,
  (v: string) => `The deploy failed until I set ${v} in the settings, then it worked.`,
  (v: string) => `use ${v}`,
  (v: string) => `curl -H "X-Thing: ${v}" https://api.example.org`,
  (v: string) => `{"value": "${v}", "note": "rotated"}`,
];

describe("secret guard: every provider's token shape", () => {
  PROVIDER_SAMPLES.forEach((sample, index) => {
    it(`finds ${sample.label} as "${sample.kind}" wherever it sits, and redacts it without a trace`, () => {
      for (let round = 0; round < 5; round++) {
        const value = sample.build(seeded(index * 100 + round));
        for (const place of PLACES) {
          const text = place(value);
          expect([sample.label, findSecret(text)]).toEqual([sample.label, sample.kind]);
          const redacted = redactSecrets(text);
          expect(redacted.text).toContain(`[redacted: ${sample.kind}]`);
          expect(redacted.text).not.toContain(value);
          expect(redacted.redacted).toBeGreaterThanOrEqual(1);
        }
      }
    });

    it(`passes the near-miss of ${sample.label}`, () => {
      for (let round = 0; round < 5; round++) {
        const text = sample.nearMiss(seeded(index * 100 + round));
        expect([text, findSecret(`see ${text} here`)]).toEqual([text, undefined]);
        expect(redactSecrets(text)).toEqual({ text, redacted: 0, kinds: [] });
      }
    });
  });
});

// Freemius secret keys hold symbols of printable ASCII (brackets, `<`, `@`, `;`, `$`), never a quote or a backslash.
describe("secret guard: Freemius secret keys", () => {
  const rand = seeded(29);
  const FREEMIUS = `${ALNUM}!#$%&()*+,-./:;<=>?@[]^_{|}~`;
  // Letters first, then a symbol that no call, index or type argument starts with (those read as code).
  const key = () => `s${"k_"}${pick(rand, ALNUM, 3)}${pick(rand, "@;%&!#", 1)}${pick(rand, FREEMIUS, 24)}7`;

  it("refuses a key of the published alphabet, bare and in a PHP define", () => {
    for (let round = 0; round < 20; round++) {
      const value = key();
      expect([value, findSecret(value)]).toEqual([value, "Freemius secret key"]);
      const php = `define( 'FS__API_SECRET_KEY', '${value}' );`;
      expect([php, findSecret(php)]).toEqual([php, "Freemius secret key"]);
    }
  });

  it("passes a folder of a Windows path named like one", () => {
    for (let round = 0; round < 20; round++) {
      const folder = key();
      for (const text of [
        `C:\\Users\\${folder.slice(0, 11)}\\AppData\\Local\\Temp\\x.txt`,
        `C:\\Users\\${folder}\\notes.txt`,
        `cd C:\\Users\\${folder}`,
      ])
        expect([text, findSecret(text)]).toEqual([text, undefined]);
    }
  });
});
