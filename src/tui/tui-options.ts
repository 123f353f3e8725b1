/**
 * The options of the TUI part. Given in tui.json they are used as they are; otherwise the TUI takes the options the
 * server part has in OpenCode's configuration, so a `dataDir` set once in opencode.json serves both (the TUI and
 * the server must open the same store).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PACKAGE_NAME = "opencode-ledger";

export type PluginSpec = string | readonly [string, Record<string, unknown>];

export interface RawTuiOptions {
  raw: unknown;
  /** Where they came from, for the log and the load toast. */
  source: "tui.json" | "opencode.json" | "defaults";
}

/** The package folder this module ships in (`dist/tui/` or `src/tui/` are two levels below it). */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

function real(file: string): string {
  try {
    return fs.realpathSync.native(file);
  } catch {
    return path.resolve(file);
  }
}

/** Whether a plugin spec from OpenCode's configuration names this package (by npm name or by a path inside it). */
export function specIsOurs(spec: string, packageRoot: string = PACKAGE_ROOT): boolean {
  if (spec === PACKAGE_NAME || spec.startsWith(`${PACKAGE_NAME}@`)) return true;
  let file: string | undefined;
  if (spec.startsWith("file://")) {
    try {
      file = fileURLToPath(spec);
    } catch {
      return false;
    }
  } else if (path.isAbsolute(spec)) {
    file = spec;
  }
  if (!file) return false;
  const root = real(packageRoot);
  const target = real(file);
  return target === root || target.startsWith(root + path.sep);
}

export function resolveTuiOptions(
  tuiOptions: unknown,
  serverPlugins: readonly PluginSpec[] | undefined,
  packageRoot: string = PACKAGE_ROOT,
): RawTuiOptions {
  const given = tuiOptions !== undefined && tuiOptions !== null;
  if (given && !(typeof tuiOptions === "object" && Object.keys(tuiOptions).length === 0)) {
    return { raw: tuiOptions, source: "tui.json" };
  }
  for (const entry of serverPlugins ?? []) {
    if (typeof entry === "string" || !specIsOurs(entry[0], packageRoot)) continue;
    return { raw: entry[1], source: "opencode.json" };
  }
  return { raw: undefined, source: "defaults" };
}
