/**
 * The team file on disk: where it is, how it is read (with a signature that tells whether it changed since) and how
 * it is written (whole, through a temporary file and a rename, so a reader never sees half of it).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConflictError } from "../errors.js";
import { noFollow } from "../private-file.js";
import { TEAM_ATTRIBUTES, TEAM_FILE_NAME } from "./team-path.js";

export interface TeamFileText {
  /** Undefined when there is no file. */
  text: string | undefined;
  /** Changes whenever the file does (written, replaced by a checkout, removed). */
  signature: string;
}

export function fileSignature(file: string): string {
  try {
    const s = fs.lstatSync(file);
    return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
  } catch {
    return "absent";
  }
}

export function readTeamFile(file: string): TeamFileText {
  refuseLinks(file);
  const signature = fileSignature(file);
  if (signature === "absent") return { text: undefined, signature };
  try {
    return { text: fs.readFileSync(file, "utf8"), signature };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { text: undefined, signature: "absent" };
    throw error;
  }
}

function lstat(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * A repository someone else made can hold links (git restores them on clone and pull): one at `.opencode`,
 * `.opencode/memory`, the file or its `.gitattributes` would move the write anywhere. None is ever followed.
 */
function refuseLink(file: string, project: string): void {
  if (!lstat(file)?.isSymbolicLink()) return;
  throw new ConflictError(
    `${path.relative(project, file)} in ${project} is a symbolic link; team memory never writes through a link (it could point outside the repository). Replace it with the ${file.endsWith(TEAM_FILE_NAME) || file.endsWith(".gitattributes") ? "file" : "folder"} itself, or remove it; nothing was written.`,
  );
}

/** The project of a team file: `<project>/.opencode/memory/team.jsonl`. */
const projectOf = (file: string) => path.dirname(path.dirname(path.dirname(file)));

/** Refuses a link at `.opencode`, `.opencode/memory` or the file itself. */
function refuseLinks(file: string): void {
  const project = projectOf(file);
  for (let at = path.dirname(file); at.length > project.length; at = path.dirname(at)) refuseLink(at, project);
  refuseLink(file, project);
}

/** Creates `file` exclusively, never through a link, with what it holds; false when something is already there. */
function createExclusive(file: string, text: string): boolean {
  const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | noFollow();
  let fd: number;
  try {
    fd = fs.openSync(file, flags, 0o666);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    fs.writeFileSync(fd, text);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/**
 * Writes the whole file of the project `project` (whose team file `file` is). The first write also places the
 * `.gitattributes` beside it that lets git merge two people's additions without a conflict. Nothing is written
 * through a link, and nothing is created outside the project.
 */
export function writeTeamFile(file: string, text: string): string {
  const dir = path.dirname(file);
  refuseLinks(file);
  const attributes = path.join(dir, ".gitattributes");
  refuseLink(attributes, projectOf(file));
  fs.mkdirSync(dir, { recursive: true });
  // A link planted since the checks above makes the exclusive creates fail; the rename replaces a name, never follows.
  createExclusive(attributes, TEAM_ATTRIBUTES);
  const temp = path.join(dir, `.${TEAM_FILE_NAME}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`);
  if (!createExclusive(temp, text)) throw new ConflictError(`${temp} exists; nothing was written. Try again.`);
  try {
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  return fileSignature(file);
}
