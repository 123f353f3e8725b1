/**
 * Runs the real built command-line tool (`node dist/cli-tool/cli.js`, the file the package's `bin` points at) against a
 * store in a temp folder, and seeds that store through the plugin's own store code.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { normalizeScopePath } from "../../src/scope.js";
import { Database } from "../../src/store/database.js";
import { createMemoryStore, type MemoryStore } from "../../src/store/memory-store.js";
import type { Actor, SaveResult } from "../../src/store/memory-types.js";
import { SAMPLES, seeded } from "./secret-samples.js";
import { tempDir } from "./temp-dir.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CLI = path.join(REPO_ROOT, "dist", "cli-tool", "cli.js");
/** Node, also when the tests themselves run under Bun: the tool is a Node program. */
export const NODE = typeof globalThis.Bun === "undefined" ? process.execPath : "node";
export const AGENT: Actor = { kind: "agent", agent: "build", session: "ses_cli00001" };

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** The tests run what ships; a missing or stale build would test old code, so it is refused up front. */
export function assertBuilt(): void {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" before the CLI tests`);
  if (newestMtime(path.join(REPO_ROOT, "src")) > fs.statSync(CLI).mtimeMs) {
    throw new Error(`dist/ is older than src/: run "npm run build" before the CLI tests`);
  }
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as the one JSON document of a --json run. */
  json<T = Record<string, unknown>>(): T;
}

export interface RunOptions {
  input?: string;
  env?: Record<string, string | undefined>;
  cwd?: string;
}

function result(code: number | null, stdout: string, stderr: string): CliResult {
  return {
    code: code ?? -1,
    stdout,
    stderr,
    json<T>() {
      try {
        return JSON.parse(stdout) as T;
      } catch {
        throw new Error(`stdout is not one JSON document:\n${stdout}\nstderr:\n${stderr}`);
      }
    },
  };
}

/** A clean environment: no colour forcing, no terminal width, HOME and XDG pointing into the fixture. */
function baseEnv(root: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: path.join(root, "home"), LANG: "C.UTF-8" };
  env.XDG_DATA_HOME = path.join(root, "home", ".local", "share");
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export interface CliFixture {
  root: string;
  dataDir: string;
  /** A project folder that is a git worktree root (it has a .git folder), and its scope. */
  project: string;
  /** A second project. */
  other: string;
  /** Runs `opencode-ledger --data-dir <dataDir> ...args` in the project folder. */
  run(args: readonly string[], options?: RunOptions): CliResult;
  /** Runs without adding --data-dir (for the default-folder tests). */
  runBare(args: readonly string[], options?: RunOptions): CliResult;
  /** Starts the tool as a child process, for tests that talk to it while it runs. */
  spawn(args: readonly string[], options?: RunOptions): ChildProcessWithoutNullStreams;
  /** The store, opened in this process; close it before the tool writes if a test needs exclusive timing. */
  memory(): MemoryStore;
  close(): void;
}

export function cliFixture(): CliFixture {
  assertBuilt();
  const root = tempDir("ledger-cli-");
  const dataDir = path.join(root, "data");
  const projectDir = path.join(root, "projects", "alpha");
  const otherDir = path.join(root, "projects", "beta");
  for (const dir of [projectDir, otherDir, path.join(root, "home")]) fs.mkdirSync(dir, { recursive: true });
  fs.mkdirSync(path.join(projectDir, ".git"));
  let database: Database | undefined;
  let store: MemoryStore | undefined;
  const runBare = (args: readonly string[], options: RunOptions = {}) => {
    const out = spawnSync(NODE, [CLI, ...args], {
      cwd: options.cwd ?? projectDir,
      input: options.input ?? "",
      env: baseEnv(root, options.env),
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (out.error) throw out.error;
    return result(out.status, out.stdout, out.stderr);
  };
  return {
    root,
    dataDir,
    project: normalizeScopePath(projectDir),
    other: normalizeScopePath(otherDir),
    run: (args, options) => runBare(["--data-dir", dataDir, ...args], options),
    runBare,
    spawn: (args, options = {}) =>
      spawn(NODE, [CLI, "--data-dir", dataDir, ...args], {
        cwd: options.cwd ?? projectDir,
        env: baseEnv(root, options.env),
      }),
    memory() {
      database ??= new Database({ dataDir });
      store ??= createMemoryStore({ database, clock: Date.now });
      return store;
    },
    close() {
      database?.close();
      database = undefined;
      store = undefined;
    },
  };
}

/**
 * Two decisions of the fixture's project saved through the store, `next` superseding `old`: linked entries, which
 * `team promote` moves together or not at all. The store is closed afterwards, for the tool to write.
 */
export async function linkedEntries(f: CliFixture): Promise<{ old: SaveResult; next: SaveResult }> {
  const memory = f.memory();
  const old = await memory.save({ scope: f.project, kind: "decision", title: "Old way", body: "before" }, AGENT);
  const next = await memory.save(
    { scope: f.project, kind: "decision", title: "New way", body: "after", supersedes: old.entry.id },
    AGENT,
  );
  f.close();
  return { old, next };
}

/** Collects a child's output and resolves with its exit code. */
export function finished(child: ChildProcessWithoutNullStreams): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
  });
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve(result(code, stdout, stderr)));
  });
}

/** Resolves once the child's stdout (or stderr) has printed `text`. */
export function waitForOutput(child: ChildProcessWithoutNullStreams, text: string, timeoutMs = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`timed out waiting for "${text}"; saw:\n${seen}`)), timeoutMs);
    const check = (chunk: Buffer | string) => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", check);
    child.stderr.on("data", check);
  });
}

/** A realistic credential of `kind`, generated (nothing secret-shaped is written in the repository). */
export function secretOf(kind: string, seed = 1): string {
  const sample = SAMPLES.find((s) => s.kind === kind);
  if (!sample) throw new Error(`no secret sample of kind ${kind}`);
  return sample.build(seeded(seed));
}
