/**
 * Doctor's version checks: the copies of opencode-ledger OpenCode has cached (it installs a plugin named in its
 * config once, into `<cache>/opencode/packages/<spec>/`, and keeps using that copy), against the store's schema and
 * against the newest version doctor can see without the network: its own and the cached ones.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PACKAGE_NAME } from "../plugin-spec.js";
import { knownSchemaVersion } from "../store/database.js";
import type { Finding } from "./doctor-files.js";
import { ownVersion, versionOf } from "./own-package.js";

export interface CachedCopy {
  /** The spec OpenCode installed it under: `opencode-ledger@latest`, `opencode-ledger@0.2.0`. */
  spec: string;
  /** The folder to remove to make OpenCode install it again. */
  dir: string;
  version: string | undefined;
  schema: number | undefined;
}

/** OpenCode's package cache: `$XDG_CACHE_HOME/opencode/packages`, else `~/.cache/opencode/packages`. */
export function opencodePackageCache(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || path.join(env.HOME || os.homedir(), ".cache");
  return path.join(base, "opencode", "packages");
}

export function cachedCopies(cache: string): CachedCopy[] {
  let names: string[];
  try {
    names = fs.readdirSync(cache).filter((n) => n === PACKAGE_NAME || n.startsWith(`${PACKAGE_NAME}@`));
  } catch {
    return [];
  }
  return names.sort().map((spec) => {
    const dir = path.join(cache, spec);
    const pkg = path.join(dir, "node_modules", PACKAGE_NAME);
    let schema: number | undefined;
    try {
      schema = knownSchemaVersion(path.join(pkg, "migrations"));
    } catch {
      schema = undefined;
    }
    return { spec, dir, version: versionOf(path.join(pkg, "package.json")), schema };
  });
}

/** -1, 0 or 1 for two versions `x.y.z[-pre]`; a release is newer than its pre-releases. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = "", pre] = v.split("-", 2);
    return { parts: core.split(".").map((p) => Number.parseInt(p, 10) || 0), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) {
    const d = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/** One finding per cached copy (or one saying there is none), given the store's schema version if it has one. */
export function versionFindings(cache: string, storeSchema: number | undefined): Finding[] {
  const own = ownVersion();
  const copies = cachedCopies(cache);
  if (copies.length === 0) {
    return [
      {
        check: "plugin version",
        status: "ok",
        detail: `this tool is ${own}; OpenCode has no copy installed by name in ${cache} (a plugin loaded from a path is not cached)`,
      },
    ];
  }
  const seen = [own, ...copies.map((c) => c.version)].filter((v): v is string => v !== undefined && v !== "unknown");
  const newest = seen.reduce((a, b) => (compareVersions(a, b) >= 0 ? a : b), seen[0] ?? own);
  return copies.map((copy): Finding => {
    const what = `OpenCode's copy ${copy.spec} is ${copy.version ?? "unreadable"}${copy.schema === undefined ? "" : ` (schema ${copy.schema})`}`;
    const reinstall = `remove ${copy.dir} and restart OpenCode: it installs ${copy.spec} again${copy.spec.endsWith("@latest") || copy.spec === PACKAGE_NAME ? " (the newest published)" : "; to move to another version, change the version in your opencode.json instead"}`;
    if (copy.version === undefined) {
      return {
        check: "plugin version",
        status: "warn",
        detail: `${what}: its package.json cannot be read`,
        fix: reinstall,
      };
    }
    if (storeSchema !== undefined && copy.schema !== undefined && copy.schema < storeSchema) {
      return {
        check: "plugin version",
        status: "fail",
        detail: `${what}, older than the store (schema ${storeSchema}): inside OpenCode the store is only read and every change is refused`,
        fix: reinstall,
      };
    }
    if (compareVersions(copy.version, newest) < 0) {
      return {
        check: "plugin version",
        status: "warn",
        detail: `${what}; ${newest} is the newest seen here (this tool is ${own}): OpenCode keeps using its cached copy, it never upgrades it`,
        fix: reinstall,
      };
    }
    return {
      check: "plugin version",
      status: "ok",
      detail: `${what}; this tool is ${own}${storeSchema === undefined ? "" : `, the store schema ${storeSchema}`}`,
    };
  });
}
