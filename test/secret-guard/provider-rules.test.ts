import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/secret-guard/redact.js";
import { findSecret } from "../../src/secret-guard/secret-guard.js";
import { PROVIDER_SAMPLES } from "../helpers/provider-samples.js";
import { seeded } from "../helpers/secret-samples.js";

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
