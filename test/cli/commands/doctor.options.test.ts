/**
 * doctor reads the plugin's options where OpenCode reads them (opencode.json and tui.json, global and the project's,
 * JSON with comments) and fails on one that does not validate, naming the closest valid option.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setupCommand } from "../../../src/cli/setup-config.js";
import { CLI, cliFixture, REPO_ROOT } from "../../helpers/cli.js";

interface Report {
  ok: boolean;
  findings: { check: string; status: string; detail: string; fix?: string }[];
}

const optionRows = (r: Report) => r.findings.filter((f) => f.check === "options");

describe("opencode-ledger doctor: the plugin's options", () => {
  it("fails on a bad option in the global opencode.jsonc and names the option meant", () => {
    const f = cliFixture();
    const dir = path.join(f.root, "home", ".config", "opencode");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, "opencode.jsonc"),
      `{
  // the plugin, with two mistakes
  "plugin": [["opencode-ledger@0.1.0", { "compaction": { "mode": "bogus" }, "retentionDays": 30, }]],
}
`,
    );
    const out = f.run(["doctor", "--json"]);
    expect(out.code).toBe(1);
    const rows = optionRows(out.json<Report>());
    expect(rows.map((r) => r.status)).toEqual(["fail", "fail"]);
    expect(rows.map((r) => r.detail).join("\n")).toContain('did you mean "retention.retentionDays"?');
    expect(rows.map((r) => r.detail).join("\n")).toContain('option "compaction.mode"');
    const text = f.run(["doctor"]);
    expect(text.stdout).toMatch(/FAIL +options .*opencode\.jsonc.*retentionDays/);
    expect(text.stdout).not.toContain("No problems found");
  });

  it("checks the project's tui.json too, and passes valid options", () => {
    const f = cliFixture();
    fs.writeFileSync(
      path.join(f.project, "opencode.json"),
      JSON.stringify({ plugin: [["opencode-ledger", { retention: { retentionDays: 30 } }]] }),
    );
    fs.mkdirSync(path.join(f.project, ".opencode"));
    fs.writeFileSync(
      path.join(f.project, ".opencode", "tui.json"),
      JSON.stringify({ plugin: [["opencode-ledger", { search: { useRipGrep: false } }]] }),
    );
    const rows = optionRows(f.run(["doctor", "--json"]).json<Report>());
    expect(rows).toHaveLength(1);
    expect(rows[0]?.detail).toMatch(/tui\.json: .*"search\.useRipGrep".*did you mean "search\.useRipgrep"/);
    fs.rmSync(path.join(f.project, ".opencode", "tui.json"));
    const ok = f.run(["doctor", "--json"]);
    expect(optionRows(ok.json<Report>())).toEqual([
      { check: "options", status: "ok", detail: "1 plugin entry checked, all options valid", fixable: false },
    ]);
  });

  it("when no configuration names the plugin, its fix is a command that sets this copy up", () => {
    const f = cliFixture();
    const [row] = optionRows(f.run(["doctor", "--json"]).json<Report>());
    expect(row?.status).toBe("warn");
    // Not a bare `npx opencode-ledger setup`: npx would take whatever copy it finds first, or the registry's newest.
    expect(row?.fix).toBe(`run: node ${CLI} setup`);
    const fixed = spawnSync("sh", ["-c", (row?.fix ?? "").replace(/^run: /, "")], {
      cwd: f.project,
      env: { PATH: process.env.PATH, HOME: path.join(f.root, "home"), LANG: "C.UTF-8" },
      encoding: "utf8",
    });
    expect(fixed.status, fixed.stderr).toBe(0);
    expect(optionRows(f.run(["doctor", "--json"]).json<Report>())[0]?.status).toBe("ok");
  });

  it("names a copy run from npx's cache by its version, and quotes a path that needs it", () => {
    expect(setupCommand("0.1.0", "/home/u/.npm/_npx/1a2b/node_modules/opencode-ledger")).toBe(
      "npx opencode-ledger@0.1.0 setup",
    );
    expect(setupCommand("0.1.0", REPO_ROOT)).toBe(`node ${CLI} setup`);
    expect(setupCommand("0.1.0", "/opt/my tools/opencode-ledger")).toBe(
      'node "/opt/my tools/opencode-ledger/dist/cli-tool/cli.js" setup',
    );
  });

  it("says so when no configuration names the plugin, and fails on a file that is not JSON", () => {
    const f = cliFixture();
    expect(optionRows(f.run(["doctor", "--json"]).json<Report>())[0]?.status).toBe("warn");
    fs.writeFileSync(path.join(f.project, "opencode.json"), "{ plugin: [");
    const rows = optionRows(f.run(["doctor", "--json"]).json<Report>());
    expect(rows[0]).toMatchObject({ status: "fail" });
    expect(rows[0]?.detail).toContain("cannot be read");
  });
});
