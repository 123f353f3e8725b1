/**
 * Which scopes a tool call may touch. Writes: the session's project, its team memory or global, nothing else (an agent
 * cannot write another project's memory, nor another project's repository). Reads: the project, its team memory and
 * global by default; another project's entries only when the caller names that project's path, or "all", explicitly.
 */
import path from "node:path";
import type { ToolContext } from "@opencode-ai/plugin";
import { InvalidInputError, ScopeDeniedError } from "../../errors.js";
import { GLOBAL_SCOPE, normalizeScopePath, projectScope, teamProject, teamScope } from "../../scope.js";
import type { Actor } from "../../store/memory-types.js";

export const ALL_SCOPES = "all";
export const PROJECT_SCOPE = "project";
export const TEAM_SCOPE = "team";

/** The project of the session making the call. */
export function sessionProject(ctx: Pick<ToolContext, "worktree" | "directory">): string {
  return projectScope(ctx.worktree, ctx.directory);
}

export function agentActor(ctx: Pick<ToolContext, "agent" | "sessionID">): Actor {
  return { kind: "agent", agent: ctx.agent, session: ctx.sessionID };
}

function namedScope(scope: string, project: string): string {
  const trimmed = scope.trim();
  if (trimmed === PROJECT_SCOPE || trimmed === "") return project;
  if (trimmed === GLOBAL_SCOPE) return GLOBAL_SCOPE;
  if (trimmed === TEAM_SCOPE) return teamScope(project);
  if (!path.isAbsolute(trimmed)) {
    throw new InvalidInputError(
      "scope",
      `"${trimmed.slice(0, 200)}" is not a scope; use "project", "team", "global" or an absolute project path`,
    );
  }
  return normalizeScopePath(trimmed);
}

/** The scope a write goes to: this project (default), its team memory or global. */
export function writeScope(scope: string | undefined, project: string): string {
  if (scope === undefined) return project;
  const resolved = namedScope(scope, project);
  if (!writableScopes(project).includes(resolved)) throw new ScopeDeniedError(resolved, writableScopes(project));
  return resolved;
}

/** The scopes an agent may change in bulk or by reference: its project, its team memory and global. */
export function writableScopes(project: string): string[] {
  return [project, teamScope(project), GLOBAL_SCOPE];
}

/**
 * Refuses a change by id to another project's team memory: it would write that project's repository. (Other scopes
 * keep the rules of the tool at hand.)
 */
export function assertOwnTeam(scope: string, project: string): void {
  if (teamProject(scope) !== undefined && scope !== teamScope(project)) {
    throw new ScopeDeniedError(scope, writableScopes(project));
  }
}

/** The scopes a read covers; undefined means every scope (asked for with "all"). */
export function readScopes(scope: string | undefined, project: string): string[] | undefined {
  if (scope === undefined) return [project, teamScope(project), GLOBAL_SCOPE];
  if (scope.trim() === ALL_SCOPES) return undefined;
  return [namedScope(scope, project)];
}

/** How a scope reads in a result: "this project", "team", "global", or the other project's path. */
export function scopeLabel(scope: string, project: string): string {
  if (scope === project) return "this project";
  if (scope === GLOBAL_SCOPE) return "global";
  if (scope === teamScope(project)) return "team";
  const other = teamProject(scope);
  return other === undefined ? scope : `team of ${other}`;
}

export function scopesLabel(scopes: readonly string[] | undefined, project: string): string {
  if (!scopes) return "every project and global";
  const labels = scopes.map((s) => scopeLabel(s, project));
  return labels.length <= 2 ? labels.join(" and ") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}
