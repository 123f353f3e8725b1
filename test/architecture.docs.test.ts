/**
 * docs/architecture.md's table of layers names every folder of src/, so a newcomer finds each one's layer and what it
 * may import (the rules in .dependency-cruiser.cjs check the imports; this checks that the table keeps up).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/runtime-child.js";

describe("docs/architecture.md", () => {
  it("places every folder of src/ in its table of layers", () => {
    const doc = fs.readFileSync(path.join(REPO_ROOT, "docs", "architecture.md"), "utf8");
    const table = doc
      .split("\n")
      .filter((line) => line.startsWith("| "))
      .join("\n");
    const folders = fs
      .readdirSync(path.join(REPO_ROOT, "src"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(10);
    const missing = folders.filter((name) => !new RegExp(`\`(host/)?${name}/`).test(table));
    expect(missing).toEqual([]);
  });
});
