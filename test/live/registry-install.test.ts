/**
 * Installed as a user installs it: the packed package is served by name from a registry on 127.0.0.1, and the real
 * OpenCode installs it with its own installer into its package cache (`<cache>/opencode/packages/<spec>/`, install
 * scripts off). The plugin loads from there, memory_save works, and the install is small: under 5 MB and under 10
 * packages (it was 95 MB and 67 packages while drizzle, zod, @opencode-ai/plugin and better-sqlite3 were run-time
 * dependencies). Pinned (`opencode-ledger@<version>`) it is installed once, also after the first prompt.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PackedPackage, pack } from "../helpers/packed.js";
import { type LiveServer, startOpencode } from "./harness.js";
import { REPO_ROOT } from "./live-home.js";
import { installedSize, type LocalRegistry, startRegistry } from "./local-registry.js";

const MAX_BYTES = 5 * 1024 * 1024;
const MAX_PACKAGES = 10;

describe("installed by name from a registry, by OpenCode's own installer", () => {
  let registry: LocalRegistry;
  let pkg: PackedPackage;
  let oc: LiveServer;
  let cache = "";

  beforeAll(async () => {
    const scratch = fs.mkdtempSync(path.join(REPO_ROOT, "node_modules", ".ledger-pack-"));
    try {
      pkg = pack(REPO_ROOT, scratch);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
    registry = await startRegistry(pkg);
    oc = await startOpencode({
      config: { plugin: [`${pkg.name}@${pkg.version}`] },
      prepare: (paths) => {
        // OpenCode reads npm's own configuration for the registry; the home is the test's.
        fs.writeFileSync(path.join(paths.home, ".npmrc"), `registry=${registry.url}\n`);
        cache = path.join(paths.home, ".cache", "opencode", "packages");
      },
    });
  }, 120_000);

  afterAll(async () => {
    await oc?.stop();
    await registry?.close();
  });

  it("loads from OpenCode's package cache and registers its tools", async () => {
    const tools = await oc.api<string[]>("GET", "/experimental/tool/ids");
    expect(tools.json).toContain("memory_save");
    const installed = path.join(cache, `${pkg.name}@${pkg.version}`, "node_modules", pkg.name, "package.json");
    expect(JSON.parse(fs.readFileSync(installed, "utf8")).version).toBe(pkg.version);
    // Only our package was asked for (besides npm's audit): the install needed no dependency.
    const packages = registry.requests.filter((r) => !r.startsWith("/-/npm/"));
    expect(new Set(packages)).toEqual(new Set([`/${pkg.name}`, `/${pkg.name}/-/${pkg.name}-${pkg.version}.tgz`]));
  });

  it("memory_save works, and the pinned spec is installed once, also after the first prompt", async () => {
    const sessionID = await oc.createSession();
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: "memory_save", args: { kind: "fact", title: "Installed by name", body: "registry" } });
    await oc.prompt(sessionID, "Please use memory_save.");
    const answer = oc.stub.since(mark).find((r) => r.messages.at(-1)?.role === "tool");
    expect(answer?.messages.at(-1)?.text ?? "").toContain("Saved fact");
    expect(fs.existsSync(path.join(oc.dataDir, "ledger.db"))).toBe(true);
    expect(fs.readdirSync(cache).filter((n) => n.startsWith(pkg.name))).toEqual([`${pkg.name}@${pkg.version}`]);
  });

  it("is small: installed size and package count under target", () => {
    const { bytes, packages } = installedSize(path.join(cache, `${pkg.name}@${pkg.version}`));
    console.log(
      `[install] ${pkg.name}@${pkg.version} in OpenCode's package cache: ${(bytes / 1024 / 1024).toFixed(2)} MB, ${packages.length} package(s): ${packages.join(", ")}; tarball ${(pkg.tarball.length / 1024).toFixed(0)} kB`,
    );
    expect(bytes).toBeLessThan(MAX_BYTES);
    expect(packages.length).toBeLessThan(MAX_PACKAGES);
    expect(packages).toEqual([`node_modules/${pkg.name}`]);
  });
});
