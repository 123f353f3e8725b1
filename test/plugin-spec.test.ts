import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { specIsOurs } from "../src/plugin-spec.js";
import { tempDir } from "./helpers/temp-dir.js";

/** A checkout of the package in a temp folder, with the built entry a spec points at. */
function checkout(): string {
  const root = path.join(tempDir(), "checkout");
  fs.mkdirSync(path.join(root, "dist"), { recursive: true });
  fs.writeFileSync(path.join(root, "dist", "index.js"), "");
  return root;
}

describe("specIsOurs", () => {
  it("recognises this package in OpenCode's plugin list: npm name, file URL or path inside it", () => {
    const root = checkout();
    expect(specIsOurs("opencode-ledger", root)).toBe(true);
    expect(specIsOurs("opencode-ledger@0.1.0", root)).toBe(true);
    expect(specIsOurs(pathToFileURL(path.join(root, "dist", "index.js")).href, root)).toBe(true);
    expect(specIsOurs(root, root)).toBe(true);
    expect(specIsOurs("opencode-ledger-fork", root)).toBe(false);
    expect(specIsOurs("file:///elsewhere/plugin.js", root)).toBe(false);
    expect(specIsOurs(`${root}-copy/dist/index.js`, root)).toBe(false);
    expect(specIsOurs("file://%%bad", root)).toBe(false);
    expect(specIsOurs("relative/opencode-ledger/dist/index.js", root)).toBe(false);
  });

  it("a symlink to the package counts as the package", () => {
    const root = checkout();
    const link = path.join(tempDir(), "linked");
    fs.symlinkSync(root, link);
    expect(specIsOurs(pathToFileURL(path.join(link, "dist", "index.js")).href, root)).toBe(true);
  });

  it("another installed copy of the package is ours too (a folder named after it)", () => {
    const root = checkout();
    expect(specIsOurs("/home/someone/.cache/opencode/node_modules/opencode-ledger/dist/index.js", root)).toBe(true);
    expect(specIsOurs("file:///opt/opencode-ledger/dist/server/index.js", root)).toBe(true);
    expect(specIsOurs("/opt/opencode-ledger-fork/dist/index.js", root)).toBe(false);
  });
});
