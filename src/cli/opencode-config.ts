/**
 * The OpenCode configuration files that can name this plugin: the server part in `opencode.json(c)`, the TUI part in
 * `tui.json(c)`, each globally (`$XDG_CONFIG_HOME/opencode/`) and in the project (its folder and `.opencode/`). Read
 * by doctor (the plugin's options checked where they are written) and written by `setup`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseJsonc } from "./jsonc.js";
import { PACKAGE_NAME } from "./own-package.js";

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

function real(file: string): string {
  try {
    return fs.realpathSync.native(file);
  } catch {
    return path.resolve(file);
  }
}

/** Whether a plugin spec names this package: by its npm name, or by a path into this installation or a copy of it. */
export function specIsOurs(spec: string, ownRoot: string = OWN_ROOT): boolean {
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
    if (typeof item === "string" && specIsOurs(item)) entries.push({ spec: item });
    else if (Array.isArray(item) && typeof item[0] === "string" && specIsOurs(item[0])) {
      entries.push({ spec: item[0], options: item[1] });
    }
  }
  return { ok: true, value: record, entries };
}
