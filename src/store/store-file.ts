/**
 * The store file itself, checked and made by the plugin: a store file or side file that is a link, not a file or
 * another user's is refused; a new one is 0600 from its first byte.
 */
import fs from "node:fs";
import { noFollow } from "../private-file.js";
import { checkOwnPath } from "./private-path.js";

const SIDE_FILES = ["-wal", "-shm", "-journal"] as const;

/**
 * Refuses a store file (or one of its side files) that is a link, not a file, or another user's; true when the store
 * file exists.
 */
export function checkStoreFiles(file: string): boolean {
  for (const suffix of SIDE_FILES) checkOwnPath(file + suffix, "file");
  return checkOwnPath(file, "file") !== undefined;
}

/**
 * Creates the store file 0600 from its first byte, exclusively and never through a link; SQLite gives -wal and -shm
 * the mode of the store file. A file that exists keeps the mode its owner gave it (doctor reports a loose one).
 */
export function createStoreFile(file: string): void {
  const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | noFollow();
  let fd: number;
  try {
    fd = fs.openSync(file, flags, 0o600);
  } catch (error) {
    // Another process made it a moment ago: theirs is as good as ours.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return;
    throw error;
  }
  try {
    fs.fchmodSync(fd, 0o600);
  } finally {
    fs.closeSync(fd);
  }
}
