/**
 * The ways docs/cli.md gives to run the command line without installing it, followed offline with an npm cache of
 * their own: from a tarball (`npx -p <tgz>`), from a checkout (`npx -p <folder>`), and in the checkout itself; and the
 * tarball's install asks for no approval of a script (the package runs none when installed).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli.js";
import { machineNode } from "../helpers/node-runtimes.js";
import { installTarball, type PackedPackage, pack } from "../helpers/packed.js";
import { suiteDir } from "../helpers/temp-dir.js";

const DOCS = fs.readFileSync(path.join(REPO_ROOT, "docs", "cli.md"), "utf8");

describe("npx forms for every way of getting the package", () => {
  const suite = suiteDir("ledger-npx-");
  let packed: PackedPackage;
  const npx = (args: string[], cwd: string) =>
    spawnSync("npx", ["--offline", "--yes", ...args], {
      cwd,
      encoding: "utf8",
      env: {
        ...process.env,
        npm_config_cache: path.join(suite.path, "npm-cache"),
        npm_config_update_notifier: "false",
      },
      timeout: 120_000,
    });

  beforeAll(() => {
    packed = pack(REPO_ROOT, suite.path);
  }, 120_000);
  afterAll(() => suite.remove());

  it("docs/cli.md gives the tarball and checkout forms", () => {
    expect(DOCS).toContain("npx -p ./opencode-ledger-0.1.0.tgz opencode-ledger --help");
    expect(DOCS).toContain("npx -p /path/to/checkout opencode-ledger --help");
    expect(packed.manifest.scripts).not.toHaveProperty("prepare");
  });

  it("from a tarball and from a checkout, run from another folder, offline", () => {
    const elsewhere = path.join(suite.path, "elsewhere");
    fs.mkdirSync(elsewhere);
    for (const spec of [packed.file, REPO_ROOT]) {
      const out = npx(["-p", spec, "opencode-ledger", "--version"], elsewhere);
      expect(out.status, `${spec}: ${out.stderr}`).toBe(0);
      expect(out.stdout.trim()).toBe(packed.version);
    }
  }, 240_000);

  it("in the checkout, a bare npx runs the checkout's own command", () => {
    const out = npx(["opencode-ledger", "--version"], REPO_ROOT);
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout.trim()).toBe(packed.version);
  }, 120_000);

  it("installing the tarball runs no script of the package's and npm asks no approval", () => {
    const { output } = installTarball(packed.file, path.join(suite.path, "install"), machineNode());
    expect(output).not.toMatch(/install-scripts|prepare/);
  }, 120_000);
});
