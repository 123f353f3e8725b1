/**
 * Folders and files of the data folder, made private by the plugin and only where the plugin made them: a folder or
 * file that already exists keeps its mode (a `--data-dir /tmp` stays 1777, a store its owner made read-only stays so;
 * `doctor` reports loose modes). Inside the data folder nothing is reached through a link, and nothing that belongs
 * to another user is used: another user could point a link anywhere, and a store shared between users would get
 * files each of them cannot read.
 */
import fs from "node:fs";
import path from "node:path";
import { DataFolderError } from "../errors.js";

const TO_FIX = "Fix it by hand, then try again; `opencode-ledger doctor` lists what is wrong in the data folder.";

function lstat(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ENOTDIR")
      throw new DataFolderError(file, `cannot exist: a part of its path is a file, not a folder. ${TO_FIX}`);
    throw error;
  }
}

/** Another user's file or folder is refused (root included: its files would lock the owner out). */
function refuseForeign(file: string, stat: fs.Stats): void {
  const uid = process.getuid?.();
  if (uid === undefined || stat.uid === uid) return;
  throw new DataFolderError(
    file,
    `belongs to another user (uid ${stat.uid}; you are uid ${uid}); opencode-ledger keeps one private store per user and does not use another's. Use a data folder of your own (--data-dir, or the plugin's dataDir option), or run as its owner.`,
  );
}

/**
 * What a path under the data folder must be, if it exists: not a link, of the kind asked, the user's own. Returns its
 * stat, or undefined when it does not exist.
 */
export function checkOwnPath(file: string, kind: "file" | "folder"): fs.Stats | undefined {
  const stat = lstat(file);
  if (!stat) return undefined;
  if (stat.isSymbolicLink()) {
    throw new DataFolderError(
      file,
      `is a symbolic link; links inside the data folder are never followed (another user could point one anywhere). Replace it with the ${kind} itself, or remove it.`,
    );
  }
  if (kind === "folder" && !stat.isDirectory()) throw new DataFolderError(file, `is a file, not a folder. ${TO_FIX}`);
  if (kind === "file" && !stat.isFile()) throw new DataFolderError(file, `is not a regular file. ${TO_FIX}`);
  refuseForeign(file, stat);
  return stat;
}

/** Creates the missing folders of `dir` with mode 0700 (whatever the umask); existing ones keep their mode. */
function makeFolders(dir: string): void {
  const first = fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (first === undefined) return;
  for (let at = dir; ; at = path.dirname(at)) {
    fs.chmodSync(at, 0o700);
    if (at === first || path.dirname(at) === at) break;
  }
}

/**
 * The data folder itself: it may be a link (a home on another disk), but must lead to a folder of the user's own.
 * Made 0700 when it is created here.
 */
export function ensureDataDir(dataDir: string): void {
  checkDataDir(dataDir);
  makeFolders(dataDir);
}

/** Throws when the data folder exists and is not a folder of the user's own; true when it exists. */
export function checkDataDir(dataDir: string): boolean {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return false;
    if (code === "ENOTDIR") {
      throw new DataFolderError(
        dataDir,
        "cannot be the data folder: a part of its path is a file, not a folder. Name a folder (--data-dir, or the plugin's dataDir option).",
      );
    }
    throw error;
  }
  if (!stat.isDirectory()) {
    throw new DataFolderError(
      dataDir,
      "is a file, not a folder; the data folder must be a folder. Name a folder (--data-dir, or the plugin's dataDir option).",
    );
  }
  refuseForeign(dataDir, stat);
  return true;
}

/** A folder under the data folder: never a link, the user's own, made 0700 when it is created here. */
export function ensurePrivateDir(dir: string): void {
  if (checkOwnPath(dir, "folder")) return;
  makeFolders(dir);
}
