/**
 * Finds a native ripgrep: the `search.ripgrepPath` option, then `rg` on PATH, then the copy OpenCode downloads for
 * its own Grep tool (`$XDG_CACHE_HOME/opencode/bin/rg`, `~/.cache/opencode/bin/rg`). The answer is kept for the life
 * of the plugin; `rg --version` runs once, asynchronously.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface RipgrepBinary {
  path: string;
  version: string;
}

export type RipgrepLookup = { found: RipgrepBinary } | { missing: string };

const EXE = process.platform === "win32" ? "rg.exe" : "rg";
const VERSION_TIMEOUT_MS = 5_000;

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Where to look, in order, with the option first. */
export function ripgrepCandidates(ripgrepPath: string | undefined, env: NodeJS.ProcessEnv): string[] {
  const onPath = (env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => dir.length > 0)
    .map((dir) => path.join(dir, EXE));
  const cache = env.XDG_CACHE_HOME || path.join(env.HOME || os.homedir(), ".cache");
  const opencode = [
    path.join(cache, "opencode", "bin", EXE),
    path.join(os.homedir(), ".cache", "opencode", "bin", EXE),
  ];
  return [...(ripgrepPath ? [ripgrepPath] : []), ...onPath, ...opencode];
}

function versionOf(file: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(file, ["--version"], { timeout: VERSION_TIMEOUT_MS, windowsHide: true }, (error, stdout) => {
      const match = /ripgrep (\d+\.\d+\.\d+)/.exec(String(stdout));
      resolve(error || !match ? undefined : (match[1] as string));
    });
  });
}

async function lookup(ripgrepPath: string | undefined, env: NodeJS.ProcessEnv): Promise<RipgrepLookup> {
  if (ripgrepPath && !executable(ripgrepPath)) {
    return { missing: `search.ripgrepPath "${ripgrepPath}" is not an executable file` };
  }
  for (const candidate of [...new Set(ripgrepCandidates(ripgrepPath, env))]) {
    if (!executable(candidate)) continue;
    const version = await versionOf(candidate);
    if (version) return { found: { path: candidate, version } };
    if (candidate === ripgrepPath) return { missing: `search.ripgrepPath "${ripgrepPath}" does not answer as ripgrep` };
  }
  return { missing: "no ripgrep found on PATH or in OpenCode's cache" };
}

/** A memoised lookup of ripgrep for one plugin instance. */
export function createRipgrepLocator(ripgrepPath: string | undefined, env: NodeJS.ProcessEnv = process.env) {
  let pending: Promise<RipgrepLookup> | undefined;
  return (): Promise<RipgrepLookup> => {
    pending ??= lookup(ripgrepPath, env);
    return pending;
  };
}

export type RipgrepLocator = ReturnType<typeof createRipgrepLocator>;
