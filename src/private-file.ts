/**
 * A private file written whole or not at all, safe in a folder other users can write to (`/tmp`, a shared folder):
 * the bytes go to a temp file of an unpredictable name, created exclusively (O_EXCL, never through a link) with mode
 * 0600, then renamed over the target. A link planted at the target is replaced, never followed.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DataFolderError } from "./errors.js";

/** O_NOFOLLOW where the platform has it. */
export function noFollow(): number {
  return fs.constants.O_NOFOLLOW ?? 0;
}

export function writePrivateFile(file: string, data: string | Uint8Array): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(12).toString("hex")}.tmp`);
  const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | noFollow();
  const fd = fs.openSync(temp, flags, 0o600);
  try {
    fs.fchmodSync(fd, 0o600);
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  try {
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * `fs.openSync` that never follows a link at the last step, and says so in words when the path is one (instead of
 * the system's ELOOP).
 */
export function openNoFollow(file: string, flags: number, mode?: number): number {
  try {
    return fs.openSync(file, flags | noFollow(), mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOOP") throw error;
    throw new DataFolderError(
      file,
      "is a symbolic link; links inside the data folder are never followed (another user could point one anywhere). Remove the link; a transcript is written again in full at its session's next compaction.",
    );
  }
}
