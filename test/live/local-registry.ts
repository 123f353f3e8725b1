/**
 * A package registry on 127.0.0.1 that serves one packed package by name, the way npm's registry does (a packument
 * with the version's manifest and its tarball's integrity, then the tarball), so that OpenCode's own installer can
 * install the plugin by name with nothing leaving the machine. Every request is recorded: a request for any other
 * package means the install needed a dependency.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { PackedPackage } from "../helpers/packed.js";

export interface LocalRegistry {
  readonly url: string;
  /** Paths asked for, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

export function startRegistry(pkg: PackedPackage): Promise<LocalRegistry> {
  const requests: string[] = [];
  const tarballPath = `/${pkg.name}/-/${pkg.name}-${pkg.version}.tgz`;
  let base = "";
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
    requests.push(url);
    if (url === `/${pkg.name}`) {
      const integrity = `sha512-${crypto.createHash("sha512").update(pkg.tarball).digest("base64")}`;
      const shasum = crypto.createHash("sha1").update(pkg.tarball).digest("hex");
      const version = { ...pkg.manifest, dist: { tarball: `${base}${tarballPath}`, integrity, shasum } };
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          name: pkg.name,
          "dist-tags": { latest: pkg.version },
          versions: { [pkg.version]: version },
          time: { [pkg.version]: new Date().toISOString() },
        }),
      );
      return;
    }
    if (url === tarballPath) {
      res.setHeader("content-type", "application/octet-stream");
      res.end(pkg.tarball);
      return;
    }
    res.statusCode = 404;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ error: "not found" }));
  });
  return new Promise((resolve, reject) => {
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      base = `http://127.0.0.1:${port}`;
      resolve({
        url: `${base}/`,
        requests,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** Bytes of every file under `dir` and the number of packages in it (folders holding a package.json with a name). */
export function installedSize(dir: string): { bytes: number; packages: string[] } {
  let bytes = 0;
  const packages: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile()) bytes += fs.statSync(full).size;
    if (
      entry.isFile() &&
      entry.name === "package.json" &&
      path.basename(path.dirname(entry.parentPath)).match(/^(node_modules|@.+)$/)
    ) {
      packages.push(path.relative(dir, entry.parentPath));
    }
  }
  return { bytes, packages: packages.sort() };
}
