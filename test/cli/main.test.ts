import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/command-list.js";
import { cliFixture, REPO_ROOT } from "../helpers/cli.js";

const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
  version: string;
  bin: Record<string, string>;
};

describe("opencode-ledger: help, version, usage errors", () => {
  it("the package's bin is the built entry, executable, with a node shebang", () => {
    const entry = path.join(REPO_ROOT, pkg.bin["opencode-ledger"] ?? "missing");
    expect(fs.readFileSync(entry, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(fs.statSync(entry).mode & 0o111).not.toBe(0);
  }, 60_000);

  it("prints the version and the command list", () => {
    const f = cliFixture();
    const version = f.runBare(["--version"]);
    expect(version).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
    expect(f.runBare(["--version", "--json"]).json()).toEqual({ version: pkg.version });
    const help = f.runBare(["--help"]);
    expect(help.code).toBe(0);
    for (const c of COMMANDS) expect(help.stdout).toContain(c.name.split(" ")[0]);
    expect(help.stdout).toContain("Exit codes: 0 ok; 1 failure");
    expect(f.runBare(["help"]).stdout).toBe(help.stdout);
  }, 60_000);

  it("has --help on every command and subcommand, which touches no store", () => {
    const f = cliFixture();
    for (const c of COMMANDS) {
      const words = c.name.split(" ");
      for (const flag of ["--help", "-h"]) {
        const out = f.run([...words, flag]);
        expect(out.code, `${c.name} ${flag}: ${out.stderr}`).toBe(0);
        expect(out.stdout).toContain(`Usage: opencode-ledger ${c.name}`);
        expect(out.stdout).toContain(c.summary);
        expect(out.stdout).toContain("--data-dir <dir>");
        expect(out.stdout).toContain("Exit codes:");
      }
      // --help wins over anything else on the line, even bad flags.
      expect(f.run([...words, "--no-such-flag", "--help"]).code).toBe(0);
    }
    expect(f.run(["help", "purge"]).stdout).toContain("Usage: opencode-ledger purge <id>...");
    const group = f.run(["transcripts", "--help"]);
    expect(group.code).toBe(0);
    expect(group.stdout).toMatch(/list[\s\S]*search[\s\S]*read[\s\S]*cleanup/);
    expect(fs.existsSync(f.dataDir)).toBe(false);
  }, 60_000);

  it("exits 2 with a clear message naming the command or the flag", () => {
    const f = cliFixture();
    const none = f.runBare([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("Usage: opencode-ledger <command>");

    const typo = f.run(["lsit"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('unknown command "lsit". Did you mean "list"?');
    // In a group, the nearest of its subcommands, not the group again.
    expect(f.run(["transcripts", "serch", "x"]).stderr).toContain(
      'unknown command "transcripts serch". Did you mean "transcripts search"?',
    );
    expect(f.run(["team", "chek"]).stderr).toContain('Did you mean "team check"?');

    const cases: [string[], string][] = [
      [["list", "--bogus"], "--bogus: unknown flag; see --help"],
      [["list", "--limt", "5"], "--limt: unknown flag; did you mean --limit? See --help"],
      [["list", "--stauts", "active"], "--stauts: unknown flag; did you mean --status?"],
      [["stats", "--jsn"], "--jsn: unknown flag; did you mean --json?"],
      [["list", "--limit", "many"], "--limit: must be a whole number"],
      [["list", "--limit", "0"], "--limit: must be at least 1"],
      [["list", "--limit", "5000"], "--limit: must be at most 1000"],
      [["list", "--status", "maybe"], "--status: must be one of candidate, active, superseded, rejected, all"],
      [["list", "--limit"], "--limit: needs a value"],
      [["list", "--json=yes"], "--json: is a switch and takes no value"],
      [["list", "-x"], "-x: unknown flag"],
      [["list", "extra"], "list takes no arguments"],
      [["search"], "<words>: give the words to search for"],
      [["search", "***"], "<words>: has no words to search for"],
      [["show"], "<id>: give exactly one entry id"],
      [["show", "a", "b"], "<id>: give exactly one entry id"],
      [["show", "../../etc"], "<id>: is not an entry id"],
      [["history"], "<id>: give exactly one entry id"],
      [["forget"], "<id>: give the ids to forget, or --query"],
      [["forget", "abc", "--query", "x"], "--query: forget by ids or by --query, not both"],
      [["forget", "abc", "--scope", "global"], "--scope: only goes with --query"],
      [
        ["forget", "--query", "x", "--scope", "all"],
        '--scope: forget --query works in one project or global; name it instead of "all"',
      ],
      [["restore"], "<id>: give the ids to restore"],
      [["purge"], "<id>: give the ids to purge"],
      [["purge", "abc", "--yes=no"], "--yes: is a switch and takes no value"],
      [["export", "--json"], "--json: needs --output <file>"],
      [["import"], "<file>: give one file, or - for stdin"],
      [["doctor", "now"], "doctor takes no arguments"],
      [["review", "--kind", ""], "--kind: must not be empty"],
    ];
    for (const [args, message] of cases) {
      const out = f.run(args);
      expect(out.code, `${args.join(" ")}: ${out.stderr}`).toBe(2);
      expect(out.stderr, args.join(" ")).toContain(message);
      expect(out.stderr).toContain(`Run "opencode-ledger ${args[0]} --help" for usage.`);
      if (args.includes("--json")) expect(out.json()).toMatchObject({ error: { exitCode: 2 } });
      else expect(out.stdout).toBe("");
    }
    const blank = f.runBare(["stats", "--data-dir", " "]);
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain("--data-dir: must name a folder");
    expect(fs.existsSync(f.dataDir)).toBe(false);
  }, 60_000);

  it("with --json, a usage error is also one JSON document on stdout", () => {
    const f = cliFixture();
    const out = f.run(["list", "--json", "--limit", "x"]);
    expect(out.code).toBe(2);
    expect(out.json()).toEqual({
      error: {
        code: "INVALID_INPUT",
        message: expect.stringContaining("--limit: must be a whole number"),
        exitCode: 2,
      },
    });
  }, 60_000);

  it("takes global flags before the command too", () => {
    const f = cliFixture();
    const before = f.runBare(["--json", "--data-dir", f.dataDir, "list"]);
    expect(before.code).toBe(0);
    expect(before.json()).toMatchObject({ total: 0, items: [] });
    expect(f.runBare([`--data-dir=${f.dataDir}`, "stats", "--json"]).code).toBe(0);
    const misplaced = f.runBare(["--limit", "3", "list"]);
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toContain("--limit: a command comes first");
  }, 60_000);
});
