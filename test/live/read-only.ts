/**
 * Makes a folder and everything in it unwritable, also for root (which ignores mode bits): `chattr +i` when running
 * as root, `chmod a-w` otherwise. `restore` undoes it so the run folder can be removed.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const asRoot = process.getuid?.() === 0;

function walk(dir: string): string[] {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  return [...entries.flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])), dir];
}

function chattr(flag: "+i" | "-i", targets: string[]): void {
  const result = spawnSync("chattr", [flag, ...targets], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`chattr ${flag} failed: ${result.stderr || result.error?.message}`);
}

export function makeReadOnly(dir: string): void {
  const targets = walk(dir);
  if (asRoot) chattr("+i", targets);
  else for (const t of targets) fs.chmodSync(t, fs.statSync(t).mode & ~0o222);
}

export function restoreWritable(dir: string): void {
  if (!fs.existsSync(dir)) return;
  if (asRoot) chattr("-i", walk(dir));
  else for (const t of walk(dir)) fs.chmodSync(t, fs.statSync(t).mode | 0o200);
}
