/**
 * Ordinary texts close to a secret's shape, generated from a seed: digests, UUIDs, base64 images, JWT fragments as
 * documentation shows them, sentences about credentials that hold none. The benign-corpus benchmark and the guard's
 * tests both use them; none may be refused.
 */
import crypto from "node:crypto";
import { seeded } from "./secret-samples.js";

export interface BenignItem {
  readonly source: string;
  readonly text: string;
}

/** `count` generated texts, the kinds in turn, from a fixed seed. */
export function generatedBenign(count: number): BenignItem[] {
  const rand = seeded(6120);
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(rand() * 256)));
  const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const uuid = () => {
    const b = bytes(16);
    b[6] = ((b[6] as number) & 0x0f) | 0x40;
    b[8] = ((b[8] as number) & 0x3f) | 0x80;
    const h = b.toString("hex");
    return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join("-");
  };
  const digest = (alg: string) => crypto.createHash(alg).update(bytes(32)).digest();
  const kinds: [string, () => string][] = [
    ["hex digests", () => `sha256: ${digest("sha256").toString("hex")}`],
    ["hex digests", () => `md5 ${digest("md5").toString("hex")}  dist/index.js`],
    ["hex digests", () => `"checksum": "${digest("sha1").toString("hex")}"`],
    ["hex digests", () => `${digest("sha512").toString("hex")}  release.tar.gz`],
    ["hex digests", () => `image@sha256:${digest("sha256").toString("hex")}`],
    ["base64 digests", () => `Digest: sha-256=${digest("sha256").toString("base64")}`],
    ["base64 digests", () => `"integrity": "sha512-${digest("sha512").toString("base64")}"`],
    ["UUIDs", () => `session ${uuid()} resumed`],
    ["UUIDs", () => `{"requestId": "${uuid()}", "traceId": "${uuid().replaceAll("-", "")}"}`],
    ["UUIDs", () => `INSERT INTO runs (id) VALUES ('${uuid().toUpperCase()}');`],
    ["base64 images", () => `![chart](data:image/png;base64,iVBORw0KGgo${bytes(240).toString("base64")})`],
    ["base64 images", () => `background: url("data:image/jpeg;base64,/9j/4AAQ${bytes(180).toString("base64")}");`],
    ["base64 images", () => `<img src="data:image/webp;base64,UklGR${bytes(120).toString("base64")}" />`],
    [
      "JWT examples from documentation",
      () => `The header ${b64url({ alg: "HS256", typ: "JWT" })} decodes to {"alg":"HS256","typ":"JWT"}.`,
    ],
    [
      "JWT examples from documentation",
      () =>
        `An unsigned token (alg none) looks like ${b64url({ alg: "none" })}.${b64url({ sub: String(Math.floor(rand() * 1e9)), admin: false })}. with an empty signature.`,
    ],
    [
      "JWT examples from documentation",
      () => `payload: ${b64url({ iss: "https://auth.example.org", exp: 1_700_000_000 + Math.floor(rand() * 1e7) })}`,
    ],
    ["sentences about credentials", () => "The access token is valid for 3600 seconds; the token is stored in CI."],
    [
      "sentences about credentials",
      () => `the primary key is ${digest("md5").toString("hex")}, the cache key is ${digest("sha1").toString("hex")}`,
    ],
    [
      "sentences about credentials",
      () => `The key is ${digest("sha1").toString("hex")} and the commit is ${digest("sha1").toString("hex")}.`,
    ],
    ["sentences about credentials", () => `if token is None: token = fetch_token(${JSON.stringify(uuid())})`],
  ];
  const out: BenignItem[] = [];
  for (let i = 0; i < count; i++) {
    const [source, make] = kinds[i % kinds.length] as [string, () => string];
    out.push({ source, text: make() });
  }
  return out;
}
