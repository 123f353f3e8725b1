// Run after `npm install` on a machine whose registry serves only some platforms: `node scripts/complete-lockfile.mjs package-lock.json`.
// Adds lock entries for opencode-ai's platform packages that this machine's registry does not serve, so `npm ci`
// validates; npm skips them here by os/cpu/libc and never fetches them.
import fs from "node:fs";

const file = process.argv[2];
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const plat = {
  "opencode-linux-arm64": ["linux", "arm64"],
  "opencode-darwin-x64-baseline": ["darwin", "x64"],
  "opencode-darwin-arm64": ["darwin", "arm64"],
  "opencode-windows-arm64": ["win32", "arm64"],
  "opencode-darwin-x64": ["darwin", "x64"],
  "opencode-linux-x64-baseline-musl": ["linux", "x64", "musl"],
  "opencode-linux-x64-musl": ["linux", "x64", "musl"],
  "opencode-linux-arm64-musl": ["linux", "arm64", "musl"],
  "opencode-windows-x64": ["win32", "x64"],
  "opencode-windows-x64-baseline": ["win32", "x64"],
};
// @opentui/core (under the TUI's type-only dev dependencies) has native packages per platform in the same way.
const core = lock.packages["node_modules/@opentui/core"];
const corePlat = {
  "@opentui/core-darwin-x64": ["darwin", "x64"],
  "@opentui/core-darwin-arm64": ["darwin", "arm64"],
  "@opentui/core-linux-x64": ["linux", "x64"],
  "@opentui/core-linux-arm64": ["linux", "arm64"],
  "@opentui/core-win32-x64": ["win32", "x64"],
  "@opentui/core-win32-arm64": ["win32", "arm64"],
  "@opentui/core-linux-x64-musl": ["linux", "x64", "musl"],
  "@opentui/core-linux-arm64-musl": ["linux", "arm64", "musl"],
};
const missing = [
  ...Object.entries(plat).map(([name, p]) => [name, p, "1.18.33", true]),
  ...(core ? Object.entries(corePlat).map(([name, p]) => [name, p, core.version, core.dev === true]) : []),
];
for (const [name, [os, cpu, libc], version, dev] of missing) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = {
    version,
    cpu: [cpu],
    ...(dev ? { dev: true } : {}),
    optional: true,
    os: [os],
    ...(libc ? { libc: [libc] } : {}),
  };
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
