/**
 * A large corpus of ordinary text, several kinds of it close to a secret's shape, for the false-positive rate of
 * the secret guard. Real where the machine has it (source code of the installed packages, this repository's commit
 * log and lockfile), generated from a seed where a real sample would need the network (digests, UUIDs, base64
 * images, JWT fragments from documentation). Every item is one text the guard is asked about.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { seeded } from "../test/helpers/secret-samples.js";

export interface BenignItem {
  readonly source: string;
  readonly text: string;
}

// Packages whose code agents read all day; each file is cut into blocks of this many lines.
const CODE_PACKAGES = ["typescript/lib", "zod", "drizzle-orm", "solid-js", "vitest/dist", "fast-check/lib"];
const BLOCK_LINES = 12;
const MAX_CODE_BLOCKS = 8000;
const MAX_FILE_BYTES = 400_000;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(?:[cm]?js|d\.ts|ts)$/.test(entry.name)) yield full;
  }
}

function codeBlocks(root: string): BenignItem[] {
  const out: BenignItem[] = [];
  for (const pkg of CODE_PACKAGES) {
    const dir = path.join(root, "node_modules", pkg);
    if (!fs.existsSync(dir)) continue;
    for (const file of files(dir)) {
      if (fs.statSync(file).size > MAX_FILE_BYTES) continue;
      const lines = fs.readFileSync(file, "utf8").split("\n");
      for (let i = 0; i < lines.length; i += BLOCK_LINES) {
        const text = lines.slice(i, i + BLOCK_LINES).join("\n");
        if (text.trim() !== "") out.push({ source: `code (${pkg})`, text });
      }
    }
  }
  // Every n-th block, so each package is represented and the corpus stays a fixed size.
  const step = Math.max(1, Math.floor(out.length / MAX_CODE_BLOCKS));
  return out.filter((_, i) => i % step === 0).slice(0, MAX_CODE_BLOCKS);
}

function gitLog(root: string): BenignItem[] {
  const log = execFileSync(
    "git",
    ["log", "--format=commit %H%nAuthor: %an <%ae>%nDate: %aI%n%n    %s%n", "-n", "1500"],
    {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const commits = log.split(/\n(?=commit [0-9a-f]{40}\n)/).filter(Boolean);
  const short = commits.map((c) => `fixed in ${c.slice(7, 14)}, see ${c.slice(7, 19)}`);
  return [...commits, ...short].map((text) => ({ source: "git log", text }));
}

function lockfile(root: string): BenignItem[] {
  const lines = fs.readFileSync(path.join(root, "package-lock.json"), "utf8").split("\n");
  return lines
    .filter((line) => /"(?:integrity|resolved)":/.test(line))
    .map((text) => ({ source: "lockfile integrity and resolved lines", text: text.trim() }));
}

function generated(count: number): BenignItem[] {
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
  ];
  const out: BenignItem[] = [];
  for (let i = 0; i < count; i++) {
    const [source, make] = kinds[i % kinds.length] as [string, () => string];
    out.push({ source, text: make() });
  }
  return out;
}

/** The whole benign corpus for the checkout at `root`: real code, log and lockfile lines, then generated items. */
export function benignCorpus(root: string): BenignItem[] {
  return [...codeBlocks(root), ...gitLog(root), ...lockfile(root), ...generated(8000)];
}
