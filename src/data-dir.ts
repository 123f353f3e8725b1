/**
 * The default data folder, in a module of its own so the CLI can name it without loading the plugin's option schema.
 */
import os from "node:os";
import path from "node:path";

/** `$XDG_DATA_HOME/opencode-ledger`, else `~/.local/share/opencode-ledger`. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_DATA_HOME || path.join(env.HOME || os.homedir(), ".local", "share");
  return path.join(base, "opencode-ledger");
}
