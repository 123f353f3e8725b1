/**
 * A memory scope is a project's worktree as a normalised absolute path, or "global".
 */
import fs from "node:fs";
import path from "node:path";

export const GLOBAL_SCOPE = "global";

/**
 * The normalised absolute form of a folder: resolved, symlinks followed where it exists, no trailing slash, Unicode
 * NFC (so a path typed or reported in decomposed form names the same scope).
 */
export function normalizeScopePath(dir: string): string {
  const resolved = path.resolve(dir);
  try {
    return fs.realpathSync.native(resolved).normalize("NFC");
  } catch {
    return resolved.normalize("NFC");
  }
}

/**
 * The scope of a session. OpenCode reports "/" as the worktree of a folder outside git; the folder itself is then
 * the project.
 */
export function projectScope(worktree: string | undefined, directory: string): string {
  const root = worktree && worktree !== "/" ? worktree : directory;
  return normalizeScopePath(root);
}
