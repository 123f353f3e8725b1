import { describe, expect, it } from "vitest";
import { LedgerError, SecretFoundError } from "../../src/errors.js";
import { assertNoSecrets, findSecret, SECRET_KINDS } from "../../src/secret-guard/secret-guard.js";
import { KINDS, SAMPLES, seeded } from "../helpers/secret-samples.js";

// The text a save carries (an entry's title, body and tags, the reason given for a change); a secret in any one of
// them refuses the whole save.
const FIELDS = ["title", "body", "tags", "reason"] as const;

function benignFields(): Record<(typeof FIELDS)[number], string | string[]> {
  return {
    title: "Use WAL mode for the store",
    body: "Readers never block the writer; checkpoints run when the agent is idle. See session ses_39b4b4b3bffeXCkbhNdUgsq5wv.",
    tags: ["sqlite", "performance"],
    reason: "Measured in BENCHMARKS.md; the token budget is unchanged.",
  };
}

function refusal(fields: Record<string, string | readonly string[]>): SecretFoundError {
  try {
    assertNoSecrets(fields);
  } catch (error) {
    if (error instanceof SecretFoundError) return error;
    throw error;
  }
  throw new Error("expected a SecretFoundError, got none");
}

// Long enough that a partial echo would show; short enough to sit inside any part of a secret.
function slices(secret: string, size = 12): string[] {
  const out: string[] = [];
  for (let i = 0; i + size <= secret.length; i += size) out.push(secret.slice(i, i + size));
  return out;
}

describe("secret guard: every kind, in every field", () => {
  it("has samples for every kind the guard names", () => {
    expect([...KINDS].sort()).toEqual([...SECRET_KINDS].sort());
  });

  SAMPLES.forEach((sample, index) => {
    it(`refuses ${sample.label} as "${sample.kind}" in each field, without echoing it`, () => {
      for (let round = 0; round < 5; round++) {
        const secret = sample.build(seeded(index * 1000 + round));
        expect(findSecret(secret)).toBe(sample.kind);
        for (const field of FIELDS) {
          const fields = benignFields();
          fields[field] = field === "tags" ? ["sqlite", secret] : `Note for later:\n${secret}\nend of note`;
          const error = refusal(fields);
          expect(error).toBeInstanceOf(LedgerError);
          expect(error.code).toBe("SECRET_FOUND");
          expect(error.field).toBe(field);
          expect(error.kind).toBe(sample.kind);
          expect(error.message).toContain(field);
          expect(error.message).toContain(sample.kind);
          expect(error.message).toContain("nothing was saved");
          for (const part of slices(secret)) expect(error.message).not.toContain(part);
        }
      }
    });
  });

  it("passes the same fields when none holds a secret", () => {
    expect(() => assertNoSecrets(benignFields())).not.toThrow();
    expect(() => assertNoSecrets({ title: undefined, body: null, tags: [] })).not.toThrow();
  });

  it("names the first field holding a secret when several do", () => {
    const key = SAMPLES[0]?.build(seeded(1)) ?? "";
    const error = refusal({ title: "fine", body: key, reason: key });
    expect(error.field).toBe("body");
  });
});
