import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { teamFilePath } from "../../../src/team/team-path.js";
import { cliFixture, secretOf } from "../../helpers/cli.js";
import { teamLine as line } from "../../helpers/team.js";

describe("opencode-ledger team check", () => {
  it("team check passes a valid file and a project without one, and fails with each bad line and secret by number", () => {
    const f = cliFixture();
    const file = teamFilePath(f.project);
    const absent = f.run(["team", "check"]);
    expect(absent.code).toBe(0);
    expect(absent.stdout).toContain("No team memory file at");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${line("aa0000000001", "One")}\n${line("bb0000000002", "Two")}\n`);
    const ok = f.run(["team", "check"]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toBe(`${file}: 2 entries, all valid.\n`);
    fs.writeFileSync(file, `${line("aa0000000001", "One")}\n{oops\n`);
    expect(f.run(["team", "check"]).stdout).toContain(`${file}: 1 bad line, 1 valid entry.`);
    fs.writeFileSync(file, `${line("aa0000000001", "One")}\n`);
    expect(f.run(["team", "check"]).stdout).toBe(`${file}: 1 entry, all valid.\n`);
    expect(f.run(["doctor"]).stdout).toContain(`${file}: 1 entry, all valid`);
    fs.writeFileSync(file, `${line("aa0000000001", "One")}\n${line("bb0000000002", "Two")}\n`);
    const secret = secretOf("GitHub token", 4);
    fs.appendFileSync(file, `<<<<<<< HEAD\n${line("cc0000000003", "Leak", `token ${secret}`)}\n{oops\n`);
    const bad = f.run(["team", "check"]);
    expect(bad.code).toBe(1);
    expect(bad.stdout.split("\n")).toEqual([
      `${file}:3: a merge conflict marker; resolve the conflict and remove it`,
      `${file}:4: refused: body looks like it holds a secret (GitHub token); nothing was saved. Remove the credential and describe it instead (e.g. "the key is in the CI secrets").`,
      `${file}:5: not valid JSON`,
      `${file}: 3 bad lines, 2 valid entries.`,
      "",
    ]);
    expect(bad.stdout).not.toContain(secret);
    const json = f.run(["team", "check", path.relative(f.project, file), "--json"]);
    expect(json.code).toBe(1);
    expect(json.json()).toMatchObject({
      file,
      exists: true,
      ok: false,
      entries: 2,
      problems: [{ line: 3 }, { line: 4 }, { line: 5 }],
    });
    // Doctor reports the same lines, without needing a store.
    const doctor = f.run(["doctor"]);
    expect(doctor.stdout).toContain(`${file}:4: refused: body looks like it holds a secret (GitHub token)`);
    expect(f.run(["team", "check", "a", "b"]).code).toBe(2);
    f.close();
  }, 60_000);
});
