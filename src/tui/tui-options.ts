/**
 * The options of the TUI part. Given in tui.json they are used as they are; otherwise the TUI takes the options the
 * server part has in OpenCode's configuration, so a `dataDir` set once in opencode.json serves both (the TUI and
 * the server must open the same store).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { specIsOurs } from "../plugin-spec.js";

export type PluginSpec = string | readonly [string, Record<string, unknown>];

export interface RawTuiOptions {
  raw: unknown;
  /** Where they came from, for the log and the load toast. */
  source: "tui.json" | "opencode.json" | "defaults";
}

/** The package folder this module ships in (`dist/tui/` or `src/tui/` are two levels below it). */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

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
