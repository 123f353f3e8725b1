/**
 * Where OpenCode 1.18 keeps its sessions: one SQLite file for every project, `$XDG_DATA_HOME/opencode/opencode.db`
 * (`~/.local/share/opencode/opencode.db`), or `OPENCODE_DB` (a relative value is taken inside that folder), as
 * OpenCode itself resolves it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function opencodeDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_DATA_HOME || path.join(env.HOME || os.homedir(), ".local", "share");
  return path.join(base, "opencode");
}

/** The database file OpenCode uses in this environment; `override` (the `backfill.database` option) wins. */
export function opencodeDatabasePath(env: NodeJS.ProcessEnv = process.env, override?: string): string {
  if (override) return path.resolve(override);
  const dir = opencodeDataDir(env);
  const named = env.OPENCODE_DB;
  if (named) return path.isAbsolute(named) ? named : path.join(dir, named);
  return path.join(dir, "opencode.db");
}

/**
 * Whether `file` is the database OpenCode itself uses in this environment (the same file, links resolved). Only that
 * one proves a session deleted by its absence: a backup or another machine's copy lacks sessions OpenCode still holds.
 */
export function isOpencodesOwnDatabase(file: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const real = (f: string) => {
    try {
      return fs.realpathSync(f);
    } catch {
      return path.resolve(f);
    }
  };
  return real(file) === real(opencodeDatabasePath(env));
}
