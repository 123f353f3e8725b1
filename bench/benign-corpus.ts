/**
 * A large corpus of ordinary text, several kinds of it close to a secret's shape, for the false-positive rate of
 * the secret guard. Real where the machine has it (source code of the installed packages, this repository's commit
 * log and lockfile), generated from a seed where a real sample would need the network (digests, UUIDs, base64
 * images, JWT fragments from documentation, sentences about credentials: test/helpers/benign-texts.ts). Every item is
 * one text the guard is asked about.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type BenignItem, generatedBenign } from "../test/helpers/benign-texts.js";

export type { BenignItem };

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

/** The whole benign corpus for the checkout at `root`: real code, log and lockfile lines, then generated items. */
export function benignCorpus(root: string): BenignItem[] {
  return [...codeBlocks(root), ...gitLog(root), ...lockfile(root), ...generatedBenign(8000)];
}
