import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SecretFoundError } from "../../src/errors.js";
import { assertNoSecrets, findSecret } from "../../src/secret-guard/secret-guard.js";
import { PROVIDER_SAMPLES } from "../helpers/provider-samples.js";
import { SAMPLES as GUARD_SAMPLES, seeded } from "../helpers/secret-samples.js";

const SAMPLES = [...GUARD_SAMPLES, ...PROVIDER_SAMPLES];

// Modest run counts: the suite stays quick, and fast-check's fresh seed each run widens coverage over time.
const RUNS = { numRuns: 150 };

// What may sit right before or after a secret in a note, a config file, a log or a chat message.
const separator = fc.constantFrom(" ", "\n", "\t", " (", ") ", '"', "'", "`", ": ", "= ", "\n```\n", ", ", "<", ">");
const prose = fc.lorem({ maxCount: 12, mode: "sentences" });
const secret = fc.tuple(fc.nat({ max: SAMPLES.length - 1 }), fc.noBias(fc.integer())).map(([index, seed]) => {
  const sample = SAMPLES[index] as (typeof SAMPLES)[number];
  return { kind: sample.kind, label: sample.label, value: sample.build(seeded(seed)) };
});

describe("secret guard: generated secrets in generated text are all caught", () => {
  it("finds every kind, with the right name, wherever it sits in prose", () => {
    fc.assert(
      fc.property(secret, prose, prose, separator, separator, (s, before, after, open, close) => {
        expect(findSecret(`${before}${open}${s.value}${close}${after}`)).toBe(s.kind);
      }),
      RUNS,
    );
  }, 60_000);

  it("refuses the field that holds it, among benign fields, and never echoes it", () => {
    fc.assert(
      fc.property(secret, fc.array(prose, { minLength: 1, maxLength: 5 }), fc.nat(), (s, texts, at) => {
        const fields: Record<string, string> = {};
        texts.forEach((text, i) => {
          fields[`field${i}`] = text;
        });
        const target = `field${at % texts.length}`;
        fields[target] = `${fields[target]}\n${s.value}\n`;
        let error: unknown;
        try {
          assertNoSecrets(fields);
        } catch (caught) {
          error = caught;
        }
        expect(error).toBeInstanceOf(SecretFoundError);
        const refusal = error as SecretFoundError;
        expect([refusal.field, refusal.kind]).toEqual([target, s.kind]);
        expect(refusal.message).not.toContain(s.value);
      }),
      RUNS,
    );
  }, 60_000);
});

// Key prefixes a random blob can begin with by chance; such a blob is indistinguishable from a key, so the
// benign generators leave those few out rather than pretend the guard could tell.
const KEY_START =
  /^(?:sk-|gh[pousr]_|github_pat_|gl[a-z]{2,5}-|xox|xapp-|A(?:KIA|SIA|BIA|CCA|Iza)|[sr]k_|npm_|hf_|eyJ|00|YC|b_)/;

const word = fc.lorem({ maxCount: 1 }).filter((w) => /^[a-z]+$/.test(w));
const camel = fc
  .array(word, { minLength: 1, maxLength: 3 })
  .map((ws) => ws.map((w, i) => (i === 0 ? w : (w[0] ?? "").toUpperCase() + w.slice(1))).join(""));
const upperSnake = fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => ws.join("_").toUpperCase());
const secretKey = fc.constantFrom("token", "password", "apiKey", "secret", "clientSecret", "authToken", "api_key");
const bytes = fc.uint8Array({ minLength: 12, maxLength: 400 }).map((b) => Buffer.from(b));

const hexHash = fc.tuple(fc.constantFrom(16, 20, 32, 64), fc.noBias(fc.integer())).map(([n, seed]) => {
  const r = seeded(seed);
  return Buffer.from(Array.from({ length: n }, () => Math.floor(r() * 256))).toString("hex");
});
const base64Blob = fc
  .tuple(bytes, fc.boolean())
  .map(([b, url]) => b.toString(url ? "base64url" : "base64"))
  .filter((blob) => !KEY_START.test(blob));
const path = fc
  .tuple(fc.array(fc.stringMatching(/^[a-z][a-z0-9_-]{0,15}$/), { minLength: 1, maxLength: 6 }), word, fc.boolean())
  .map(([segments, name, windows]) =>
    windows ? `C:\\Users\\${segments.join("\\")}\\${name}.ts` : `/home/${segments.join("/")}/${name}.ts`,
  );
const code = fc.oneof(
  fc.tuple(camel, camel, camel, camel).map(([a, b, c, d]) => `const ${a} = await ${b}.${c}(${d});`),
  fc.tuple(secretKey, camel).map(([k, v]) => `  ${k}: ${v},`),
  fc.tuple(secretKey, camel, camel).map(([k, f, a]) => `const ${k} = ${f}(${a});`),
  fc.tuple(secretKey, upperSnake).map(([k, v]) => `${k} = os.environ["${v}"]`),
  fc.tuple(upperSnake, upperSnake).map(([k, v]) => `export ${k}_TOKEN=$${v}`),
  fc.tuple(camel, word).map(([a, w]) => `if (${a} === "${w}") return;`),
  fc.tuple(camel, camel).map(([a, b]) => `function ${a}(${b}: string): Promise<void> {}`),
  fc.tuple(secretKey, upperSnake).map(([k, v]) => `${k}: \${{ secrets.${v} }}`),
);
const identifier = fc
  .tuple(
    fc.array(
      fc.oneof(word, fc.constantFrom("sk", "ghp", "token", "key", "api", "npm", "hf", "xoxb", "glpat", "task")),
      {
        minLength: 2,
        maxLength: 10,
      },
    ),
    fc.array(fc.nat({ max: 99999 }), { maxLength: 3 }),
    fc.constantFrom("-", "_"),
  )
  .map(([words, numbers, sep]) => [...words, ...numbers.map(String)].join(sep));

// Joining parts with ": " or "= " would turn `x-token` and a UUID into a real credential assignment.
const joiner = fc.constantFrom(" ", "\n", "\t", ", ", " (", ") ", "\n\n", " | ");
const benign = fc.oneof(
  prose,
  hexHash.map((h) => `commit ${h}`),
  hexHash.map((h) => `sha256: ${h}`),
  base64Blob.map((b) => `the payload ${b} was decoded`),
  base64Blob.map((b) => `data:application/octet-stream;base64,${b}`),
  bytes.map((b) => `"integrity": "sha512-${b.toString("base64")}"`),
  fc.uuid().map((u) => `"sessionId": "${u}"`),
  fc.uuid(),
  path,
  code,
  identifier,
);

describe("secret guard: generated benign text is never refused", () => {
  it("passes prose, hashes, base64, UUIDs, paths, code and long identifiers, alone or mixed", () => {
    fc.assert(
      fc.property(fc.array(benign, { minLength: 1, maxLength: 8 }), joiner, (parts, sep) => {
        const text = parts.join(sep);
        expect(findSecret(text)).toBeUndefined();
        expect(() => assertNoSecrets({ content: text })).not.toThrow();
      }),
      { numRuns: 400 },
    );
  }, 60_000);
});
