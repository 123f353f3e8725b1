/**
 * Where a project keeps its team memory. Light on purpose: the plugin's start path uses it before any store code loads.
 */
import path from "node:path";

export const TEAM_DIR = ".opencode/memory";
export const TEAM_FILE_NAME = "team.jsonl";
/** The file's path as a person reads it in the project. */
export const TEAM_FILE_LABEL = `${TEAM_DIR}/${TEAM_FILE_NAME}`;
/**
 * Beside the file: git's union merge keeps both sides of lines added at the same place, so two people adding entries
 * never meet a conflict. Two edits of one entry leave two lines with its id, which the reader reports.
 */
export const TEAM_ATTRIBUTES = `${TEAM_FILE_NAME} merge=union\n`;

/** The team file of a project. */
export function teamFilePath(project: string): string {
  return path.join(project, TEAM_DIR, TEAM_FILE_NAME);
}
