/**
 * The data folder: where it is by default and what lives in it, stated once. In a module of its own (and loading
 * nothing but `node:path`) so the CLI can name it without loading the plugin's option schema.
 */
import os from "node:os";
import path from "node:path";
import { InvalidOptionError } from "./errors.js";

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

/**
 * `$XDG_DATA_HOME/opencode-ledger`, else `~/.local/share/opencode-ledger`. A relative `XDG_DATA_HOME` is ignored (the
 * XDG spec says so); with no absolute home either, there is no default: a store relative to whatever folder a
 * process starts in would be a different store each time, so the caller is told to name one.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_DATA_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, "opencode-ledger");
  const home = env.HOME || safeHomedir();
  if (!home || !path.isAbsolute(home)) {
    throw new InvalidOptionError(
      "dataDir",
      `no data folder: HOME is ${env.HOME === undefined ? "unset" : env.HOME === "" ? "empty" : `"${env.HOME}", not an absolute path`} and XDG_DATA_HOME is not an absolute path. Set HOME or XDG_DATA_HOME, or name the folder (--data-dir <folder>, or the plugin's dataDir option)`,
    );
  }
  return path.join(home, ".local", "share", "opencode-ledger");
}

function safeHomedir(): string {
  try {
    return os.homedir();
  } catch {
    return "";
  }
}
