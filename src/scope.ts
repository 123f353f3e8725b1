/**
 * A memory scope is a project's worktree as a normalised absolute path, "global", or a project's team memory:
 * "team:" and the project's path (entries kept in a file of the project's repository, see src/team/).
 */
import fs from "node:fs";
import path from "node:path";

export const GLOBAL_SCOPE = "global";
const TEAM_PREFIX = "team:";

/** The scope of a project's shared team memory. */
export function teamScope(project: string): string {
  return `${TEAM_PREFIX}${project}`;
}

/** The project whose team memory `scope` is, or undefined when it is not a team scope. */
export function teamProject(scope: string): string | undefined {
  return scope.startsWith(TEAM_PREFIX) ? scope.slice(TEAM_PREFIX.length) : undefined;
}

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
 * The project a folder belongs to when OpenCode did not say (a session read from another project): the nearest folder
 * at or above it holding `.git`, as OpenCode finds a worktree, else the folder itself.
 */
export function projectOfDirectory(dir: string): string {
  const start = normalizeScopePath(dir);
  for (let at = start; ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, ".git"))) return at;
    if (path.dirname(at) === at) return start;
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
