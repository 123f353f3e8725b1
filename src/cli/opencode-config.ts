/**
 * The OpenCode configuration files that can name this plugin: the server part in `opencode.json(c)`, the TUI part in
 * `tui.json(c)`, each globally (`$XDG_CONFIG_HOME/opencode/`) and in the project (its folder and `.opencode/`). Read
 * by doctor (the plugin's options checked where they are written) and written by `setup`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { specIsOurs } from "../plugin-spec.js";
import { parseJsonc } from "./jsonc.js";

export type ConfigKind = "server" | "tui";

export interface ConfigFile {
  file: string;
  kind: ConfigKind;
}

/** The package folder of this installation (`dist/cli/` or `src/cli/` are two levels below it). */
export const OWN_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export function globalConfigDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), ".config");
  return path.join(base, "opencode");
}

/** Every place a configuration may be, global first; `project` adds the project's own. */
export function configFiles(env: NodeJS.ProcessEnv, project?: string): ConfigFile[] {
  const dirs = [globalConfigDir(env)];
  if (project && path.isAbsolute(project)) dirs.push(project, path.join(project, ".opencode"));
  const files: ConfigFile[] = [];
  for (const dir of dirs) {
    for (const kind of ["server", "tui"] as const) {
      const base = kind === "server" ? "opencode" : "tui";
      for (const ext of [".json", ".jsonc"]) files.push({ file: path.join(dir, base + ext), kind });
    }
  }
  return files;
}

export interface PluginEntry {
  spec: string;
  /** The options written beside the spec; undefined when the entry is a bare string. */
  options?: unknown;
}

export type ReadConfig =
  | { ok: true; value: Record<string, unknown>; entries: PluginEntry[] }
  | { ok: false; error: string };

/** A configuration file and the plugin entries in it that name this package. */
export function readConfig(file: string): ReadConfig {
  let value: unknown;
  try {
    value = parseJsonc(fs.readFileSync(file, "utf8"));
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, error: "not an object" };
  }
  const record = value as Record<string, unknown>;
  const list = Array.isArray(record.plugin) ? record.plugin : [];
  const entries: PluginEntry[] = [];
  for (const item of list) {
    if (typeof item === "string" && specIsOurs(item, OWN_ROOT)) entries.push({ spec: item });
    else if (Array.isArray(item) && typeof item[0] === "string" && specIsOurs(item[0], OWN_ROOT)) {
      entries.push({ spec: item[0], options: item[1] });
    }
  }
  return { ok: true, value: record, entries };
}
