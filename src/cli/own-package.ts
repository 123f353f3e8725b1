/**
 * This installation of opencode-ledger: its name and version (package.json is two levels above every file of dist/,
 * bundled or not).
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";

/** The version in a package.json, or undefined when there is none or it cannot be read. */
export function versionOf(packageJson: string): string | undefined {
  try {
    const pkg = JSON.parse(fs.readFileSync(packageJson, "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}

export function ownVersion(): string {
  return versionOf(fileURLToPath(new URL("../../package.json", import.meta.url))) ?? "unknown";
}
