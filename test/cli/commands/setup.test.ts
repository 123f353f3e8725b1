/**
 * `setup` writes both configuration entries OpenCode needs, with an absolute spec it resolves, once; keeps what the
 * files held; refuses a file it cannot read without changing anything; and says whether a SQLite driver loads.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { parseJsonc } from "../../../src/cli/jsonc.js";
import { cliFixture, REPO_ROOT } from "../../helpers/cli.js";

const configDir = (root: string) => path.join(root, "home", ".config", "opencode");
const read = (file: string) => parseJsonc(fs.readFileSync(file, "utf8")) as { plugin?: unknown[] };

describe("opencode-ledger setup", () => {
  it("adds the server and TUI entries with this installation's absolute file:// spec, once", () => {
    const f = cliFixture();
    const out = f.runBare(["setup"]);
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    const spec = pathToFileURL(REPO_ROOT).href;
    expect(spec.startsWith("file:///")).toBe(true);
    const server = path.join(configDir(f.root), "opencode.json");
    const tui = path.join(configDir(f.root), "tui.json");
    expect(read(server).plugin).toEqual([spec]);
    expect(read(tui).plugin).toEqual([spec]);
    expect(out.stdout).toContain(`added    server part: ${spec} to ${server}`);
    expect(out.stdout).toContain(`added    TUI part: ${spec} to ${tui}`);
    expect(out.stdout).toMatch(/ok {7}sqlite driver: /);
    // doctor now finds the entries and their options valid
    const doctor = f.run(["doctor", "--json"]).json<{ findings: { check: string; status: string }[] }>();
    expect(doctor.findings.find((x) => x.check === "options")?.status).toBe("ok");

    const again = f.runBare(["setup", "--json"]).json<{ steps: { outcome: string }[] }>();
    expect(again.steps.map((s) => s.outcome)).toEqual(["present", "present"]);
    expect(read(server).plugin).toEqual([spec]);
  });

  it("keeps what a .jsonc file held, and refuses a file it cannot read without changing anything", () => {
    const f = cliFixture();
    fs.mkdirSync(configDir(f.root), { recursive: true });
    const server = path.join(configDir(f.root), "opencode.jsonc");
    fs.writeFileSync(server, '{\n  // mine\n  "model": "a/b",\n  "plugin": ["other-plugin@1.0.0"],\n}\n');
    const tui = path.join(configDir(f.root), "tui.json");
    fs.writeFileSync(tui, "{ not json");
    const refused = f.runBare(["setup"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("cannot be read");
    expect(read(server).plugin).toEqual(["other-plugin@1.0.0"]);
    fs.writeFileSync(tui, "{}");
    expect(f.runBare(["setup"]).code).toBe(0);
    const written = read(server) as { model?: string; plugin?: unknown[] };
    expect(written.model).toBe("a/b");
    expect(written.plugin).toEqual(["other-plugin@1.0.0", pathToFileURL(REPO_ROOT).href]);
  });
});
