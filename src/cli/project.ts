/**
 * Which project a folder belongs to, by the plugin's rule: the root of the git worktree holding it (the nearest folder
 * upward with a `.git` entry, a folder or a linked worktree's file, as OpenCode's `--show-toplevel`), else the folder
 * itself. No git process is spawned.
 */
import fs from "node:fs";
import path from "node:path";
import { GLOBAL_SCOPE, normalizeScopePath, projectScope, teamProject, teamScope } from "../scope.js";

export const ALL = "all";
export const PROJECT = "project";
export const TEAM = "team";

/** The git worktree root holding `dir`, or undefined outside git. */
export function gitWorktreeRoot(dir: string): string | undefined {
  let current = path.resolve(dir);
  for (;;) {
    if (fs.existsSync(path.join(current, ".git"))) return current;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** The memory scope of the project that holds `dir`. */
export function projectOf(dir: string): string {
  const real = normalizeScopePath(dir);
  return projectScope(gitWorktreeRoot(real), real);
}

/**
 * The scopes a `--scope` value names: undefined (the flag left out) is the current project, its team memory and
 * global, what an agent working here sees; "project" (the current project only); "team" (its team memory); "global";
 * "all" (returned as undefined: every scope); a folder is the project holding it (a folder that no longer exists is
 * taken as the scope path it was).
 */
export function resolveScopes(
  flag: string | undefined,
  cwd: string,
  home?: string,
): { scopes: string[] | undefined; label: string } {
  if (flag === undefined) {
    const project = projectOf(cwd);
    return {
      scopes: [project, teamScope(project), GLOBAL_SCOPE],
      label: `${scopeText(project, home)}, its team memory and global`,
    };
  }
  if (flag === TEAM) {
    const project = projectOf(cwd);
    return { scopes: [teamScope(project)], label: scopeText(teamScope(project), home) };
  }
  if (flag === GLOBAL_SCOPE) return { scopes: [GLOBAL_SCOPE], label: "global" };
  if (flag === PROJECT) {
    const project = projectOf(cwd);
    return { scopes: [project], label: scopeText(project, home) };
  }
  if (flag === ALL) return { scopes: undefined, label: "every project and global" };
  const dir = path.resolve(cwd, flag);
  const scope = fs.existsSync(dir) ? projectOf(dir) : normalizeScopePath(dir);
  return { scopes: [scope], label: scopeText(scope, home) };
}

/** How a scope reads in a table: "global", the project's path with the home folder shortened, "team:" and that. */
export function scopeText(scope: string, home: string | undefined): string {
  const team = teamProject(scope);
  if (team !== undefined) return `team:${scopeText(team, home)}`;
  if (scope === GLOBAL_SCOPE || !home) return scope;
  return scope === home || scope.startsWith(`${home}${path.sep}`) ? `~${scope.slice(home.length)}` : scope;
}
