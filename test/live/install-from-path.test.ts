/**
 * The README's installs before publication, followed as written: OpenCode pointed by `file://` at a checkout, and at
 * a tarball installed with npm into a prefix of its own. Both load the plugin (its tools are registered).
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { installTarball, pack } from "../helpers/packed.js";
import { suiteDir } from "../helpers/temp-dir.js";
import { type LiveServer, startOpencode } from "./harness.js";
import { REPO_ROOT } from "./live-home.js";

describe("installed by path, before the package is published", () => {
  let oc: LiveServer | undefined;
  const suite = suiteDir("ledger-path-install-");
  afterEach(async () => {
    await oc?.stop();
    oc = undefined;
  });

  it("from a checkout: file:// and the checkout's folder", async () => {
    oc = await startOpencode({ config: { plugin: [`file://${REPO_ROOT}`] } });
    expect((await oc.api<string[]>("GET", "/experimental/tool/ids")).json).toContain("memory_save");
  }, 120_000);

  it("from a tarball: npm install --prefix, then file:// and the installed folder", async () => {
    const packed = pack(REPO_ROOT, suite.path);
    installTarball(packed.file, suite.path, process.execPath);
    const installed = path.join(suite.path, "prefix", "node_modules", "opencode-ledger");
    expect(fs.existsSync(path.join(installed, "dist", "server", "index.js"))).toBe(true);
    oc = await startOpencode({ config: { plugin: [`file://${installed}`] } });
    expect((await oc.api<string[]>("GET", "/experimental/tool/ids")).json).toContain("memory_save");
    suite.remove();
  }, 120_000);
});
