/**
 * A private file written whole or not at all, safe in a folder other users can write to (`/tmp`, a shared folder):
 * the bytes go to a temp file of an unpredictable name, created exclusively (O_EXCL, never through a link) with mode
 * 0600, then renamed over the target. A link planted at the target is replaced, never followed.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

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
