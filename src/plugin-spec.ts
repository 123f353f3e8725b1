/**
 * Whether an entry of OpenCode's plugin list names this package. The CLI (doctor, setup) and the TUI part (which
 * takes its options from the server entry) ask the same question, so they share this answer; each passes the folder
 * it ships in, since a bundle and the sources sit at different depths below it.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PACKAGE_NAME = "opencode-ledger";

/** The path with its links resolved; as given (made absolute) when it does not exist. */
function real(file: string): string {
  try {
    return fs.realpathSync.native(file);
  } catch {
    return path.resolve(file);
  }
}

/**
 * True for the npm name (with or without a version), and for a path or file URL into `ownRoot` (links followed) or
 * into another copy of the package (a folder named after it, as npm and OpenCode's cache install it).
 */
export function specIsOurs(spec: string, ownRoot: string): boolean {
  if (spec === PACKAGE_NAME || spec.startsWith(`${PACKAGE_NAME}@`)) return true;
  let file: string | undefined;
  if (spec.startsWith("file://")) {
    try {
      file = fileURLToPath(spec);
    } catch {
      return false;
    }
  } else if (path.isAbsolute(spec)) file = spec;
  if (!file) return false;
  const target = real(file);
  const root = real(ownRoot);
  return target === root || target.startsWith(root + path.sep) || target.split(path.sep).includes(PACKAGE_NAME);
}
