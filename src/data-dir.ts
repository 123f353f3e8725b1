/**
 * The data folder: where it is by default and what lives in it, stated once. In a module of its own (and loading
 * nothing but `node:path`) so the CLI can name it without loading the plugin's option schema.
 */
import os from "node:os";
import path from "node:path";

/** The store's SQLite file, directly in the data folder (its -wal and -shm beside it). */
export const DB_FILE = "ledger.db";
/** The transcripts folder, directly in the data folder: `<scope-dir>/<sessionID>.md` under it. */
export const TRANSCRIPTS_DIR = "transcripts";

/** Where things are in a data folder. */
export interface DataLayout {
  readonly dataDir: string;
  /** `<dataDir>/ledger.db`. */
  readonly databaseFile: string;
  /** `<dataDir>/transcripts`. */
  readonly transcriptsDir: string;
}

export function dataLayout(dataDir: string): DataLayout {
  return {
    dataDir,
    databaseFile: path.join(dataDir, DB_FILE),
    transcriptsDir: path.join(dataDir, TRANSCRIPTS_DIR),
  };
}

/** `$XDG_DATA_HOME/opencode-ledger`, else `~/.local/share/opencode-ledger`. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_DATA_HOME || path.join(env.HOME || os.homedir(), ".local", "share");
  return path.join(base, "opencode-ledger");
}
