/**
 * A synthetic but realistic transcript corpus for the search benchmark: numbered lines in the transcript format
 * (`<number right-aligned to 6>\t<text>`), one file per session, in one folder per project. Sessions mix prose, JSON
 * tool inputs on one line, tool outputs (code, logs, listings), some non-ASCII text and a few very long lines.
 * Deterministic (seeded), and reused when a corpus of the same size and version is already on disk.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const VERSION = 2;
const FILE_BYTES = 285_000;
const PROJECTS = 24;

export interface Corpus {
  dir: string;
  files: string[];
  bytes: number;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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

function sessionLines(next: () => number, project: string, session: string, targetBytes: number): string[] {
  const lines = [`# ${session} — ${words(next, 6)}`, `project: ${project}`, ""];
  let bytes = 0;
  let turn = 0;
  const push = (line: string) => {
    lines.push(line);
    bytes += line.length + 8;
  };
  while (bytes < targetBytes) {
    turn++;
    const stamp = new Date(1_767_225_600_000 + turn * 61_000).toISOString();
    push(`## user · ${stamp} · msg_${session.slice(4, 14)}${turn}`);
    for (let i = 0, n = 1 + Math.floor(next() * 3); i < n; i++) push(words(next, 8 + Math.floor(next() * 30)));
    push("");
    push(`## assistant · ${stamp} · msg_${session.slice(4, 12)}a${turn}`);
    for (let t = 0, tools = Math.floor(next() * 4); t < tools; t++) {
      const tool = TOOLS[Math.floor(next() * TOOLS.length)] as string;
      const input = {
        command: `${words(next, 3).toLowerCase()} --flag=${Math.floor(next() * 1000)}`,
        filePath: `${project}/src/${words(next, 1).toLowerCase()}/${words(next, 1).toLowerCase()}.ts`,
        description: words(next, 6),
      };
      push(`[tool ${tool}] ${JSON.stringify(input)}`);
      const out = Math.floor(next() * 25);
      for (let i = 0; i < out; i++) {
        const r = next();
        if (r < 0.3) push(`  ${words(next, 2).toLowerCase()}(${words(next, 2).toLowerCase()}) {`);
        else if (r < 0.5) push(`${stamp} INFO ${words(next, 5)} latency=${Math.floor(next() * 900)}ms`);
        else if (r < 0.55) push(`${stamp} ERROR request failed: timeout after ${Math.floor(next() * 9000)} ms`);
        else if (r < 0.55005) push(`${stamp} ERROR socket hang up: ECONNRESET after ${Math.floor(next() * 9)} retries`);
        else if (r < 0.7) push(`${project}/src/${words(next, 1).toLowerCase()}.ts:${Math.floor(next() * 400)}`);
        else push(`    ${words(next, 4 + Math.floor(next() * 10))};`);
      }
      if (next() < 0.02) push(JSON.stringify({ minified: Array.from({ length: 400 }, () => words(next, 5)) }));
    }
    for (let i = 0, n = 1 + Math.floor(next() * 5); i < n; i++) push(words(next, 10 + Math.floor(next() * 40)));
    push("");
  }
  return lines;
}

/** Lines in the transcript format: the number right-aligned to 6, a tab, the text. */
export function numbered(lines: readonly string[]): string {
  return `${lines.map((line, i) => `${String(i + 1).padStart(6)}\t${line}`).join("\n")}\n`;
}

/** Builds (or reuses) a corpus of about `megabytes` MB under `os.tmpdir()/ledger-bench-corpus`. */
export function ensureCorpus(megabytes: number, root = path.join(os.tmpdir(), "ledger-bench-corpus")): Corpus {
  const dir = path.join(root, `v${VERSION}-${megabytes}mb`);
  const manifest = path.join(dir, "manifest.json");
  if (fs.existsSync(manifest)) {
    const saved = JSON.parse(fs.readFileSync(manifest, "utf8")) as { files: string[]; bytes: number };
    if (saved.files.every((f) => fs.existsSync(path.join(dir, f)))) {
      return { dir, files: saved.files.map((f) => path.join(dir, f)), bytes: saved.bytes };
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const next = rng(20_260_101 + megabytes);
  const target = megabytes * 1_000_000;
  const files: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < target; i++) {
    const project = `/home/dev/projects/project-${i % PROJECTS}`;
    const folder = `project-${i % PROJECTS}`;
    const session = `ses_${(i * 2_654_435_761).toString(36).padStart(12, "0")}Bench${i}`;
    const size = Math.round(FILE_BYTES * (0.5 + next()));
    const text = numbered(sessionLines(next, project, session, size));
    fs.mkdirSync(path.join(dir, folder), { recursive: true });
    const rel = path.join(folder, `${session}.md`);
    fs.writeFileSync(path.join(dir, rel), text);
    files.push(rel);
    bytes += Buffer.byteLength(text);
  }
  fs.writeFileSync(manifest, JSON.stringify({ files, bytes }));
  return { dir, files: files.map((f) => path.join(dir, f)), bytes };
}
