/**
 * Child processes in the runtime the tests run in (Node, or the OpenCode binary acting as Bun), or in Bun on purpose:
 * the runtime that loads the plugin inside OpenCode.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const OPENCODE_BIN = path.join(REPO_ROOT, "node_modules", ".bin", "opencode");
export const isBun = typeof globalThis.Bun !== "undefined";
/** Node, also when the tests themselves run under Bun. */
export const NODE_BIN = isBun ? "node" : process.execPath;

export interface ChildOutput {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout holds `text`; rejects when the child exits first or after `timeoutMs`. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function watch(child: ChildProcess): ChildOutput {
  let out = "";
  let err = "";
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void exited.then(() => {
    done = true;
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    async waitFor(text, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!out.includes(text)) {
        if (done && !out.includes(text)) throw new Error(`child exited before printing "${text}": ${err || out}`);
        if (Date.now() > deadline) throw new Error(`child did not print "${text}" within ${timeoutMs} ms: ${err}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

/** A script (.mjs or .ts under Bun) in Bun, the plugin's runtime: `opencode run <script>` with BUN_BE_BUN=1. */
export function spawnBun(script: string, args: string[]): ChildOutput {
  return watch(
    spawn(OPENCODE_BIN, ["run", script, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, BUN_BE_BUN: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
}

/** A plain JavaScript script in the runtime of the tests. */
export function spawnHere(script: string, args: string[]): ChildOutput {
  if (isBun) return spawnBun(script, args);
  return watch(spawn(NODE_BIN, [script, ...args], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] }));
}
