/**
 * Where transcripts live: `<dataDir>/transcripts/<scope-dir>/<sessionID>.md`. The scope folder's name is derived from
 * the project path (readable prefix + hash, so two projects never share one), and the real path is written beside
 * it in `scope.txt`. Every id and path that comes from outside is checked here.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { InvalidInputError } from "../errors.js";
import { checkSessionId, SESSION_ID } from "../session-id.js";

export const TRANSCRIPT_EXT = ".md";
export const SCOPE_FILE = "scope.txt";

/** A safe, collision-free folder name for a project path. */
export function scopeDirName(scope: string): string {
  const base =
    path
      .basename(scope)
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^[.-]+/, "")
      .slice(0, 40) || "root";
  const hash = createHash("sha256").update(scope).digest("hex").slice(0, 16);
  return `${base}-${hash}`;
}

export function scopeDir(transcriptsDir: string, scope: string): string {
  return path.join(transcriptsDir, scopeDirName(scope));
}

/** The session whose transcript a file name names (`<sessionID>.md`), or undefined for any other name. */
export function sessionOfFile(name: string): string | undefined {
  if (!name.endsWith(TRANSCRIPT_EXT)) return undefined;
  const id = name.slice(0, -TRANSCRIPT_EXT.length);
  return SESSION_ID.test(id) ? id : undefined;
}

/**
 * The scope folder and session of a path relative to the transcripts folder (`<scope-dir>/<sessionID>.md`, either
 * separator), or undefined for any other shape.
 */
export function transcriptOfRelative(relative: string): { folder: string; sessionID: string } | undefined {
  const parts = relative.split(/[/\\]/);
  if (parts.length !== 2 || !parts[0]) return undefined;
  const sessionID = sessionOfFile(parts[1] as string);
  return sessionID ? { folder: parts[0], sessionID } : undefined;
}

/** Absolute path of a session's transcript (the id is checked first). */
export function transcriptPath(transcriptsDir: string, scope: string, sessionID: string): string {
  return path.join(scopeDir(transcriptsDir, scope), `${checkSessionId(sessionID)}${TRANSCRIPT_EXT}`);
}

/**
 * Resolves a path relative to the transcripts folder and refuses anything that leaves it, including through a
 * symlink. Returns the absolute path.
 */
export function containedPath(transcriptsDir: string, relative: string): string {
  const root = path.resolve(transcriptsDir);
  const full = path.resolve(root, relative);
  if (full !== root && !full.startsWith(root + path.sep)) {
    throw new InvalidInputError("path", "points outside the transcripts folder");
  }
  // The file may not exist yet, but a folder above it may be a link: resolve the nearest part that exists.
  let existing = full;
  let real: string | undefined;
  for (;;) {
    try {
      real = fs.realpathSync.native(existing);
      break;
    } catch {
      if (existing === root) return full; // nothing exists yet: nothing to follow
      existing = path.dirname(existing);
    }
  }
  const realRoot = fs.realpathSync.native(root);
  if (real !== realRoot && !real.startsWith(realRoot + path.sep)) {
    throw new InvalidInputError("path", "is a link that leads outside the transcripts folder");
  }
  return full;
}
