/**
 * What the docs tell a person to write in OpenCode's configs: every plugin spec of this package is pinned to the
 * package's version (OpenCode installs a named plugin once and never upgrades that copy) or a file:// path, and
 * docs/tui.md names the TUI entry the package exports and quotes the status line the live test captured.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/cli.js";

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
const manifest = JSON.parse(read("package.json")) as { version: string; exports: Record<string, string> };
const DOCS = ["README.md", ...fs.readdirSync(path.join(REPO_ROOT, "docs")).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith(".md"),
);

describe("plugin specs in the docs", () => {
  it("are pinned to this version or a file:// path", () => {
    const specs: string[] = [];
    for (const file of DOCS) {
      for (const m of read(file).matchAll(/"plugin":\s*\[\s*\[?\s*"([^"]+)"/g)) specs.push(`${file}: ${m[1]}`);
    }
    expect(specs.length).toBeGreaterThan(3);
    for (const spec of specs) {
      const value = spec.slice(spec.indexOf(": ") + 2);
      if (!value.startsWith("file://")) expect(spec).toMatch(new RegExp(`: opencode-ledger@${manifest.version}$`));
    }
  });

  it("docs/tui.md names the TUI entry the package exports", () => {
    const entry = (manifest.exports["./tui"] as string).replace(/^\.\//, "");
    expect(read("docs/tui.md")).toContain(`\`${entry}\``);
    expect(read("docs/tui.md")).not.toMatch(/`dist\/tui\//);
  });

  it("docs/tui.md quotes the status line as the live test captured it (docs/tui-status.txt)", () => {
    const captured = read("docs/tui-status.txt").trimEnd();
    expect(captured).toMatch(/mem \d+ · /);
    expect(read("docs/tui.md")).toContain(`\`\`\`\n${captured}\n\`\`\``);
  });
});
