/**
 * A realistic transcript corpus for the search benchmark: transcripts as the exporter writes them, one file per
 * session, in one folder per project, each session built as OpenCode's messages and parts and rendered by the
 * exporter's own renderers (./corpus-session.ts: headers, text, reasoning, tool calls with their inputs a field a line
 * and their outputs or errors, step markers), so the index reads its units as messages with roles and times. Sessions
 * mix prose, tool inputs, logs, listings, some non-ASCII text and a few very long lines, and files read by tools: real
 * source and documentation from this checkout's node_modules (each project reads from its own share of them), so the
 * variety of text, which decides how well a sketch filters, is that of real work. Each transcript is written in a
 * few appends, and after each one its search sketch is brought up to date by the exporter's own code.
 *
 * What the benchmark looks for: `ECONNRESET ... after N retries` in about one session in 150 (a rare literal, and the
 * regex: the error of a failed `npm run test:integration`), `git status` in nine sessions in ten (a common literal, a
 * `git status --short` call). Text read from node_modules that mentions "econn" is left out so that only the planted
 * lines hold it. Deterministic (seeded); reused when a corpus of the same size and version is on disk.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { refreshSketch } from "../src/transcripts/sketch/writer.js";
import { formatLines } from "../src/transcripts/transcript-file.js";
import { seeded } from "../test/helpers/secret-samples.js";
import { type SessionPlan, sessionLines } from "./corpus-session.js";

/**
 * 4: the transcripts are rendered by the exporter's own renderers (./corpus-session.ts), in today's grammar; 3 and
 * before wrote marker lines of an earlier form (`## user · <time> · msg_…`, `[tool bash] {…}`), which the index reads
 * as notes with no role or time.
 */
export const CORPUS_VERSION = 4;
const FILE_BYTES = 285_000;
const PROJECTS = 24;
const RARE_EVERY = 150;
const POOL_BYTES = 64_000_000;

export interface Corpus {
  dir: string;
  files: string[];
  bytes: number;
  /** Bytes of the sketches beside the transcripts. */
  sketchBytes: number;
}

/** Source and documentation files of node_modules, in a fixed order, as lines; up to POOL_BYTES in all. */
function loadPool(): string[][] {
  const root = fileURLToPath(new URL("../node_modules", import.meta.url));
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== ".bin") walk(full);
      else if (entry.isFile() && /\.(ts|js|mjs|cjs|md|json)$/.test(entry.name) && !entry.name.includes(".min.")) {
        found.push(full);
      }
    }
  };
  walk(root);
  const pool: string[][] = [];
  let bytes = 0;
  for (const file of found) {
    const size = fs.statSync(file).size;
    if (size === 0 || size > 200_000) continue;
    const text = fs.readFileSync(file, "utf8");
    if (/econn|git status/i.test(text) || text.includes("\u0000")) continue;
    pool.push(text.split(/\r?\n/));
    bytes += size;
    if (bytes >= POOL_BYTES) break;
  }
  if (pool.length === 0) throw new Error("the corpus needs text from node_modules: run npm ci first");
  return pool;
}

/** Writes a session in a few appends, as successive exports would, with its sketch kept up to date after each. */
function writeSession(file: string, lines: readonly string[], next: () => number): number {
  let written = 0;
  let bytes = 0;
  const cuts = [0.3 + next() * 0.4, 0.75, 0.9, 1];
  for (const cut of cuts) {
    const upTo = Math.max(written, Math.round(lines.length * cut));
    if (upTo === written) continue;
    const text = formatLines(written + 1, lines.slice(written, upTo));
    fs.appendFileSync(file, text, { mode: 0o600 });
    bytes += text.length;
    refreshSketch(file);
    written = upTo;
  }
  return bytes;
}

/**
 * Many small transcripts instead of megabytes of them: `files` sessions of about `fileBytes` each (what a search's
 * cost per transcript is measured on).
 */
export interface CorpusShape {
  files: number;
  fileBytes: number;
}

/**
 * Builds (or reuses) a corpus of about `megabytes` MB under `os.tmpdir()/ledger-bench-corpus`, or, with `shape`, of
 * that many transcripts of that size.
 */
export function ensureCorpus(
  megabytes: number,
  root = path.join(os.tmpdir(), "ledger-bench-corpus"),
  shape?: CorpusShape,
): Corpus {
  const dir = path.join(
    root,
    shape ? `v${CORPUS_VERSION}-${shape.files}x${shape.fileBytes}b` : `v${CORPUS_VERSION}-${megabytes}mb`,
  );
  const manifest = path.join(dir, "manifest.json");
  if (fs.existsSync(manifest)) {
    const saved = JSON.parse(fs.readFileSync(manifest, "utf8")) as {
      files: string[];
      bytes: number;
      sketchBytes: number;
    };
    if (saved.files.every((f) => fs.existsSync(path.join(dir, f)) && fs.existsSync(path.join(dir, `${f}.sketch`)))) {
      return {
        dir,
        files: saved.files.map((f) => path.join(dir, f)),
        bytes: saved.bytes,
        sketchBytes: saved.sketchBytes,
      };
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const pool = loadPool();
  const shares = Array.from({ length: PROJECTS }, (_, p) => {
    const mine = pool.filter((_, i) => i % PROJECTS === p);
    return mine.length > 0 ? mine : pool;
  });
  const next = seeded(20_260_101 + megabytes);
  const target = megabytes * 1_000_000;
  const files: string[] = [];
  let bytes = 0;
  let sketchBytes = 0;
  const more = (i: number) => (shape ? i < shape.files : bytes < target);
  for (let i = 0; more(i); i++) {
    const project = i % PROJECTS;
    const folder = `project-${project}`;
    const session = `ses_${(i * 2_654_435_761).toString(36).padStart(12, "0")}Bench${i}`;
    const plan: SessionPlan = {
      next,
      project,
      session,
      targetBytes: Math.round((shape?.fileBytes ?? FILE_BYTES) * (0.5 + next())),
      rare: i % RARE_EVERY === 7,
      common: next() < 0.9,
      share: shares[project] as string[][],
    };
    const lines = sessionLines(plan);
    fs.mkdirSync(path.join(dir, folder), { recursive: true });
    const rel = path.join(folder, `${session}.md`);
    bytes += writeSession(path.join(dir, rel), lines, next);
    sketchBytes += fs.statSync(path.join(dir, `${rel}.sketch`)).size;
    files.push(rel);
    if (files.length % 500 === 0) console.error(`[corpus] ${files.length} transcripts, ${(bytes / 1e6).toFixed(0)} MB`);
  }
  fs.writeFileSync(manifest, JSON.stringify({ files, bytes, sketchBytes }));
  return { dir, files: files.map((f) => path.join(dir, f)), bytes, sketchBytes };
}
