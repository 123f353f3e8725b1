/**
 * The package's size as docs/install.md states it (tarball, files, size on disk) against `npm pack --dry-run` of the
 * built checkout: each figure within a tenth, so the docs say what a user downloads.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/cli.js";

interface DryRun {
  size: number;
  unpackedSize: number;
  entryCount: number;
}

const INSTALL_DOC = fs.readFileSync(path.join(REPO_ROOT, "docs", "install.md"), "utf8");

/** The figure the docs give where `pattern` matches. */
function stated(pattern: RegExp): number {
  const match = pattern.exec(INSTALL_DOC);
  if (!match?.[1]) throw new Error(`docs/install.md states no figure for ${pattern}`);
  return Number(match[1]);
}

describe("the package size the docs state", () => {
  it("is the size npm pack gives, within a tenth", () => {
    expect(fs.existsSync(path.join(REPO_ROOT, "dist", "cli-tool", "cli.js")), 'run "npm run build" first').toBe(true);
    const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    const packed = (JSON.parse(out) as DryRun[])[0] as DryRun;
    const close = (documented: number, actual: number) => Math.abs(documented - actual) / actual;
    expect(close(stated(/a ([\d.]+) kB tarball/) * 1_000, packed.size)).toBeLessThan(0.1);
    expect(close(stated(/(\d+) files, the server/), packed.entryCount)).toBeLessThan(0.1);
    expect(close(stated(/about ([\d.]+) MB on disk/) * 1_000_000, packed.unpackedSize)).toBeLessThan(0.1);
  }, 60_000);
});
