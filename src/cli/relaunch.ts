/**
 * The tool needs no native build: under a Node with no usable SQLite driver (Node 20, and 22 before 22.16, have no
 * usable `node:sqlite`; better-sqlite3 is installed only by those who want it) it runs itself once more with
 * OpenCode's own runtime, a Bun with `bun:sqlite` built in (`BUN_BE_BUN=1 opencode run <this file> …`). Anyone who
 * uses the plugin has that binary. Without it, the commands run here and say that no driver loads, and how to fix it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chooseDriver, isBun } from "../store/driver.js";

/** Set in the second run, so a runtime that cannot load a driver either is never started again and again. */
export const RELAUNCHED = "OPENCODE_LEDGER_RELAUNCHED";

/** The `opencode` binary: on the PATH, else where OpenCode's install script puts it. */
export function findOpencode(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dirs = (env.PATH ?? "").split(path.delimiter).filter(Boolean);
  dirs.push(path.join(env.HOME || os.homedir(), ".opencode", "bin"));
  for (const dir of dirs) {
    const file = path.join(dir, process.platform === "win32" ? "opencode.exe" : "opencode");
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * Runs the command again under OpenCode's runtime when this Node has no driver; returns its exit code, or undefined
 * when this process should run the command itself (a driver loads, or there is no OpenCode to run it with).
 */
export async function relaunchWithoutDriver(args: readonly string[]): Promise<number | undefined> {
  if (isBun || process.env[RELAUNCHED] === "1") return undefined;
  if ((await chooseDriver()).driver) return undefined;
  const opencode = findOpencode();
  const script = process.argv[1];
  if (!opencode || !script) return undefined;
  const run = spawnSync(opencode, ["run", script, ...args], {
    stdio: "inherit",
    env: { ...process.env, BUN_BE_BUN: "1", [RELAUNCHED]: "1" },
  });
  if (run.error) return undefined;
  return run.status ?? 1;
}
