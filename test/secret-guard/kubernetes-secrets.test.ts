import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/secret-guard/redact.js";
import { findSecret } from "../../src/secret-guard/secret-guard.js";
import { ALNUM, pick, seeded } from "../helpers/secret-samples.js";

const rand = seeded(1977);
const KIND = "credential assignment";
const base64 = (text: string) => Buffer.from(text).toString("base64");

// A manifest whose key names nothing secret: only `kind: Secret` says what the values are.
function manifest(kind: string, map: "data" | "stringData", value: string): string {
  const region = map === "data" ? base64("eu-west-1") : "eu-west-1";
  return `apiVersion: v1\nkind: ${kind}\nmetadata:\n  name: upstream\n${map}:\n  region: ${region}\n  UPSTREAM_URL_KEY: ${value}\n`;
}

describe("secret guard: the values of a Kubernetes Secret", () => {
  it("refuses a data: value that decodes to a random value, and redacts that value only", () => {
    const value = base64(`${pick(rand, ALNUM, 23)}7`);
    const text = manifest("Secret", "data", value);
    expect(findSecret(text)).toBe(KIND);
    expect(redactSecrets(text).text).toBe(manifest("Secret", "data", `[redacted: ${KIND}]`));
  });

  it("refuses a data: value that decodes to bytes (key material)", () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, () => Math.floor(rand() * 256)));
    expect(findSecret(manifest("Secret", "data", bytes.toString("base64")))).toBe(KIND);
  });

  it("refuses a random stringData: value", () => {
    expect(findSecret(manifest("Secret", "stringData", `"${pick(rand, ALNUM, 23)}7"`))).toBe(KIND);
  });

  const PASS: Record<string, string> = {
    "the same value in a ConfigMap": manifest("ConfigMap", "data", base64(`${pick(rand, ALNUM, 23)}7`)),
    "a Secret whose data decode to words and names": manifest("Secret", "data", base64("release-name")),
    "a Secret holding a template": manifest("Secret", "data", "{{ .Values.upstream | b64enc }}"),
    "a Secret holding a reference": manifest("Secret", "stringData", `\${UPSTREAM_KEY}`),
  };
  for (const [label, text] of Object.entries(PASS))
    it(`passes ${label}`, () => expect(findSecret(text)).toBeUndefined());
});
