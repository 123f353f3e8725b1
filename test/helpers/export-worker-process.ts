/**
 * An export worker (export-worker.ts) started in a process of its own through the OpenCode binary (a Bun): resolves
 * `ready` once it runs, `done` with its counts when it exits, and counts the exports that appended.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const bin = path.join(root, "node_modules", ".bin", "opencode");
const worker = path.join(root, "test", "helpers", "export-worker.ts");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Args: dataDir, session export file, session id, stop-marker file. */
export function startExportWorker(args: string[]) {
  const child = spawn(bin, ["run", worker, ...args], {
    cwd: root,
    env: { ...process.env, BUN_BE_BUN: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const ready = (async () => {
    while (!out.includes("ready")) {
      if (child.exitCode !== null) throw new Error(`worker exited early: ${err}`);
      await sleep(10);
    }
  })();
  const done = new Promise<{ exports: number; appending: number }>((resolve, reject) => {
    child.on("exit", (code) => {
      if (code !== 0) reject(new Error(`worker exited with ${code}: ${err}`));
      else resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "{}"));
    });
  });
  const appended = () => out.split("\n").filter((l) => l === "appended").length;
  return { ready, done, appended };
}
