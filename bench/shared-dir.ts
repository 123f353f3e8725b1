/**
 * The shared data folder of the evaluations (the corpus of real sessions, opencode-lore's and LoCoMo's data):
 * LEDGER_SHARED, else `shared/` beside the checkout (as in CI) or beside the folder above it (a git worktree one
 * level down).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export function sharedDir(): string {
  if (process.env.LEDGER_SHARED) return path.resolve(process.env.LEDGER_SHARED);
  const repo = fileURLToPath(new URL("..", import.meta.url));
  const candidates = [1, 2].map((up) => path.resolve(repo, ...Array<string>(up).fill(".."), "shared"));
  return candidates.find((dir) => fs.existsSync(path.join(dir, "corpus"))) ?? (candidates[0] as string);
}
