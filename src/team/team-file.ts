/**
 * The team file on disk: where it is, how it is read (with a signature that tells whether it changed since) and how
 * it is written (whole, through a temporary file and a rename, so a reader never sees half of it).
 */
import fs from "node:fs";
import path from "node:path";
import { TEAM_ATTRIBUTES, TEAM_FILE_NAME } from "./team-path.js";

export interface TeamFileText {
  /** Undefined when there is no file. */
  text: string | undefined;
  /** Changes whenever the file does (written, replaced by a checkout, removed). */
  signature: string;
}

export function fileSignature(file: string): string {
  try {
    const s = fs.statSync(file);
    return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
  } catch {
    return "absent";
  }
}

export function readTeamFile(file: string): TeamFileText {
  const signature = fileSignature(file);
  if (signature === "absent") return { text: undefined, signature };
  try {
    return { text: fs.readFileSync(file, "utf8"), signature };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { text: undefined, signature: "absent" };
    throw error;
  }
}

/**
 * Writes the whole file. The first write also places the `.gitattributes` beside it that lets git merge two people's
 * additions without a conflict.
 */
export function writeTeamFile(file: string, text: string): string {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const attributes = path.join(dir, ".gitattributes");
  if (!fs.existsSync(attributes)) fs.writeFileSync(attributes, TEAM_ATTRIBUTES);
  const temp = path.join(dir, `.${TEAM_FILE_NAME}.${process.pid}.tmp`);
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
  return fileSignature(file);
}
