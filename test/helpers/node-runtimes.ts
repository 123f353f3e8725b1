/**
 * Node binaries for the tests that run the shipped command-line tool under more than one Node: this machine's own, or
 * one fetched once from the npm registry (the `node-<platform>-<arch>` packages carry the official binary, no install
 * script) into node_modules/.cache. A binary that cannot be had (no registry reachable) is a reason to skip, given.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const CACHE = path.join(REPO_ROOT, "node_modules", ".cache", "opencode-ledger-node");

export type NodeBinary = { bin: string; version: string } | { bin: undefined; reason: string };

/** The version a Node binary reports, or undefined when it does not run. */
export function nodeVersion(bin: string): string | undefined {
  const out = spawnSync(bin, ["--version"], { encoding: "utf8", timeout: 20_000 });
  return out.status === 0 ? out.stdout.trim().replace(/^v/, "") : undefined;
}

/** The Node on the PATH (the tests' own under Node; `node` under Bun). */
export function machineNode(): string {
  const out = spawnSync("node", ["-e", "process.stdout.write(process.execPath)"], { encoding: "utf8" });
  return out.stdout || "node";
}

/**
 * A Node of `major` ("latest" for the newest): this machine's if it is that major, else the newest such release from
 * the registry, downloaded once.
 */
export function nodeOf(major: string): NodeBinary {
  const own = machineNode();
  const ownVersion = nodeVersion(own);
  if (major !== "latest" && ownVersion?.split(".")[0] === major) return { bin: own, version: ownVersion };
  const name = `node-${os.platform()}-${os.arch()}`;
  const spec = `${name}@${major === "latest" ? "latest" : major}`;
  const view = spawnSync("npm", ["view", spec, "version", "--json"], { encoding: "utf8", timeout: 60_000 });
  if (view.status !== 0)
    return { bin: undefined, reason: `npm view ${spec} failed: ${view.stderr.trim().split("\n")[0]}` };
  const versions = JSON.parse(view.stdout) as string | string[];
  const version = Array.isArray(versions) ? versions.at(-1) : versions;
  if (!version) return { bin: undefined, reason: `the registry lists no ${spec}` };
  const dir = path.join(CACHE, `${name}-${version}`);
  const bin = path.join(dir, "package", "bin", "node");
  if (!fs.existsSync(bin)) {
    fs.mkdirSync(dir, { recursive: true });
    const got = spawnSync("npm", ["pack", `${name}@${version}`, "--silent", "--pack-destination", dir], {
      encoding: "utf8",
      timeout: 300_000,
    });
    const tgz = path.join(dir, got.stdout.trim().split("\n").at(-1) ?? "");
    if (got.status !== 0 || !fs.existsSync(tgz)) {
      return { bin: undefined, reason: `npm pack ${name}@${version} failed: ${got.stderr.trim().split("\n")[0]}` };
    }
    spawnSync("tar", ["xzf", tgz, "-C", dir, "package/bin/node"]);
    fs.rmSync(tgz, { force: true });
  }
  const reported = nodeVersion(bin);
  return reported ? { bin, version: reported } : { bin: undefined, reason: `${bin} does not run here` };
}
