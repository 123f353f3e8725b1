/**
 * A realistic transcript corpus for the search benchmark: numbered lines in the transcript format (`<number
 * right-aligned to 6>\t<text>`), one file per session, in one folder per project. Sessions mix prose, JSON tool
 * inputs on one line, logs, listings, some non-ASCII text and a few very long lines, and files read by tools: real
 * source and documentation from this checkout's node_modules (each project reads from its own share of them), so the
 * variety of text, which decides how well a sketch filters, is that of real work. Each transcript is written in a
 * few appends, and after each one its search sketch is brought up to date by the exporter's own code.
 *
 * What the benchmark looks for: `ECONNRESET ... after N retries` in about one session in 150 (a rare literal, and the
 * regex), `git status` in nine sessions in ten (a common literal). Text read from node_modules that mentions "econn"
 * is left out so that only the planted lines hold it. Deterministic (seeded); reused when a corpus of the same size and
 * version is on disk.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { refreshSketch } from "../src/transcripts/sketch/writer.js";
import { seeded } from "../test/helpers/secret-samples.js";

const VERSION = 3;
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

const WORDS = (
  "the a to of and in is it for that on with this be as at by we you not are or from can should will if have " +
  "file test function error build parser config session module import export type string number value return " +
  "async await promise handler request response server client cache index query store table row column schema " +
  "migration database transaction commit branch merge rebase lint format check compile bundle worker thread " +
  "memory buffer stream chunk line offset byte encoding unicode search match pattern regex literal context " +
  "plugin hook tool agent model prompt token compaction transcript summary pointer retention scope project " +
  "OpenCode TypeScript Node Bun SQLite ripgrep JSON YAML README CHANGELOG API CLI TUI HTTP URL UUID " +
  "timeout retry latency throughput benchmark median percentile regression flaky deterministic fixture"
).split(" ");
const UNICODE = [
  "café",
  "naïve",
  "Grüße",
  "Straße",
  "ÉCOLE",
  "déjà vu",
  "日本語のテキスト",
  "Ωmega",
  "→",
  "✓",
  "— ",
  "🙂",
];
const TOOLS = ["bash", "read", "edit", "write", "grep", "glob", "todowrite", "webfetch", "task"];

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

function words(next: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = next();
    if (r < 0.02) out.push(UNICODE[Math.floor(next() * UNICODE.length)] as string);
    else out.push(WORDS[Math.floor(next() * WORDS.length)] as string);
  }
  const text = out.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface SessionPlan {
  next: () => number;
  project: number;
  session: string;
  targetBytes: number;
  rare: boolean;
  common: boolean;
  /** The files this session's project reads. */
  share: string[][];
}

function sessionLines(plan: SessionPlan): string[] {
  const { next, session, share } = plan;
  const project = `/home/dev/projects/project-${plan.project}`;
  const lines = [`# ${session} — ${words(next, 6)}`, `project: ${project}`, ""];
  let bytes = 0;
  let turn = 0;
  const push = (line: string) => {
    lines.push(line);
    bytes += line.length + 8;
  };
  let rareAt = plan.rare ? Math.floor(next() * plan.targetBytes) : -1;
  let commonLeft = plan.common ? 1 + Math.floor(next() * 3) : 0;
  while (bytes < plan.targetBytes) {
    turn++;
    const stamp = new Date(1_767_225_600_000 + turn * 61_000).toISOString();
    push(`## user · ${stamp} · msg_${session.slice(4, 14)}${turn}`);
    for (let i = 0, n = 1 + Math.floor(next() * 3); i < n; i++) push(words(next, 8 + Math.floor(next() * 30)));
    push("");
    push(`## assistant · ${stamp} · msg_${session.slice(4, 12)}a${turn}`);
    for (let t = 0, tools = Math.floor(next() * 4); t < tools; t++) {
      const tool = TOOLS[Math.floor(next() * TOOLS.length)] as string;
      if (commonLeft > 0 && next() < 0.05) {
        commonLeft--;
        push(`[tool bash] {"command":"git status --short","description":"Show what changed"}`);
        push(` M src/${words(next, 1).toLowerCase()}.ts`);
        continue;
      }
      if (tool === "read" || tool === "grep") {
        // A file of this project's share of node_modules, a window of it as the tool output.
        const file = share[Math.floor(next() * share.length)] as string[];
        const from = Math.floor(next() * Math.max(1, file.length - 20));
        push(`[tool ${tool}] {"filePath":"${project}/src/${words(next, 1).toLowerCase()}.ts"}`);
        for (const line of file.slice(from, from + 10 + Math.floor(next() * 150))) push(line);
        continue;
      }
      const input = {
        command: `${words(next, 3).toLowerCase()} --flag=${Math.floor(next() * 1000)}`,
        filePath: `${project}/src/${words(next, 1).toLowerCase()}/${words(next, 1).toLowerCase()}.ts`,
        description: words(next, 6),
      };
      push(`[tool ${tool}] ${JSON.stringify(input)}`);
      for (let i = 0, out = Math.floor(next() * 25); i < out; i++) {
        const r = next();
        if (r < 0.3) push(`  ${words(next, 2).toLowerCase()}(${words(next, 2).toLowerCase()}) {`);
        else if (r < 0.5) push(`${stamp} INFO ${words(next, 5)} latency=${Math.floor(next() * 900)}ms`);
        else if (r < 0.55) push(`${stamp} ERROR request failed: timeout after ${Math.floor(next() * 9000)} ms`);
        else if (r < 0.7) push(`${project}/src/${words(next, 1).toLowerCase()}.ts:${Math.floor(next() * 400)}`);
        else push(`    ${words(next, 4 + Math.floor(next() * 10))};`);
      }
      if (rareAt >= 0 && bytes >= rareAt) {
        push(`${stamp} ERROR socket hang up: ECONNRESET after ${1 + Math.floor(next() * 9)} retries`);
        rareAt = -1;
      }
      if (next() < 0.02) push(JSON.stringify({ minified: Array.from({ length: 400 }, () => words(next, 5)) }));
    }
    for (let i = 0, n = 1 + Math.floor(next() * 5); i < n; i++) push(words(next, 10 + Math.floor(next() * 40)));
    push("");
  }
  return lines;
}

/** Lines in the transcript format, numbered from `first`. */
export function numbered(lines: readonly string[], first = 1): string {
  return lines.map((line, i) => `${String(first + i).padStart(6)}\t${line.replace(/\r?\n/g, " ")}\n`).join("");
}

/** Writes a session in a few appends, as successive exports would, with its sketch kept up to date after each. */
function writeSession(file: string, lines: readonly string[], next: () => number): number {
  let written = 0;
  let bytes = 0;
  const cuts = [0.3 + next() * 0.4, 0.75, 0.9, 1];
  for (const cut of cuts) {
    const upTo = Math.max(written, Math.round(lines.length * cut));
    if (upTo === written) continue;
    const text = numbered(lines.slice(written, upTo), written + 1);
    fs.appendFileSync(file, text, { mode: 0o600 });
    bytes += Buffer.byteLength(text);
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
  const dir = path.join(root, shape ? `v${VERSION}-${shape.files}x${shape.fileBytes}b` : `v${VERSION}-${megabytes}mb`);
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
