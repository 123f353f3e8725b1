/**
 * The `--scope` of the transcripts commands: the current project by default, a project's folder, or all. Transcripts
 * have no global scope.
 */
import fs from "node:fs";
import path from "node:path";
import { normalizeScopePath } from "../scope.js";
import { ALL, projectOf, scopeText } from "./project.js";

export function transcriptScopes(
  flag: string | undefined,
  cwd: string,
  home?: string,
): { scopes: string[] | undefined; label: string } {
  if (flag === ALL) return { scopes: undefined, label: "every project" };
  if (flag === undefined || flag === "project") {
    const project = projectOf(cwd);
    return { scopes: [project], label: scopeText(project, home) };
  }
  const dir = path.resolve(cwd, flag);
  const scope = fs.existsSync(dir) ? projectOf(dir) : normalizeScopePath(dir);
  return { scopes: [scope], label: scopeText(scope, home) };
}
