/**
 * The command-line tool installed npx-style from the packed package on Node 20, which has no `node:sqlite`, with no
 * better-sqlite3 (the package does not depend on it), no compiler on the PATH and no network: with OpenCode on the
 * PATH it runs itself with OpenCode's runtime (bun:sqlite) and reads and writes the real store; without it, every
 * command says that no SQLite driver loads and how to fix it, the store is left as it was, and doctor names the
 * missing driver, never a damaged store.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli.js";
import { nodeOf } from "../helpers/node-runtimes.js";
import { type InstalledCli, installedCli, seedProjectStore } from "../helpers/packed.js";
import { suiteDir } from "../helpers/temp-dir.js";

const OPENCODE = path.join(REPO_ROOT, "node_modules", ".bin", "opencode");
const node20 = nodeOf("20");
if (node20.bin === undefined) console.warn(`[relaunch] skipped: no Node 20 here (${node20.reason})`);

const NO_DRIVER =
  /no SQLite driver can be loaded here \(node:sqlite: [^;]+; better-sqlite3: [^)]+\); the store was not opened and is not damaged\. To fix: run it with Node 22\.16 or newer \(node:sqlite\), or with OpenCode's runtime: BUN_BE_BUN=1 opencode run/;

interface Finding {
  check: string;
  status: string;
  detail: string;
  fix?: string;
}

describe.skipIf(!node20.bin)("the installed command-line tool on Node 20", () => {
  const suite = suiteDir("ledger-relaunch-");
  const f = { root: suite.path, dataDir: path.join(suite.path, "data") };
  const project = path.join(f.root, "projects", "alpha");
  const home = path.join(f.root, "home");
  let cli: InstalledCli;
  const storeFiles = () =>
    Object.fromEntries(
      fs
        .readdirSync(f.dataDir)
        .filter((n) => n.startsWith("ledger.db"))
        .map((n) => [n, fs.readFileSync(path.join(f.dataDir, n)).toString("base64")]),
    );
  const run = (args: string[], opts: { opencode?: boolean; input?: string } = {}) =>
    cli.run(["--data-dir", f.dataDir, ...args], {
      cwd: project,
      home,
      opencode: opts.opencode ? OPENCODE : undefined,
      input: opts.input,
    });

  beforeAll(async () => {
    fs.mkdirSync(home, { recursive: true });
    await seedProjectStore(f.dataDir, project);
    cli = installedCli(REPO_ROOT, f.root, node20.bin as string);
  }, 180_000);

  afterAll(() => suite.remove());

  it("installed without better-sqlite3 or any other package", () => {
    const modules = fs.readdirSync(path.join(f.root, "prefix", "node_modules")).filter((n) => !n.startsWith("."));
    expect(modules).toEqual(["opencode-ledger"]);
  }, 60_000);

  it("with OpenCode on the PATH it runs with OpenCode's runtime: reads, writes, and doctor says which driver", () => {
    const stats = run(["stats", "--json"], { opencode: true });
    expect(stats.code, stats.stderr).toBe(0);
    expect(JSON.parse(stats.stdout)).toMatchObject({ live: 2 });
    const titles = () =>
      (JSON.parse(run(["list", "--json"], { opencode: true }).stdout) as { items: { id: string; title: string }[] })
        .items;
    const pinned = titles().find((e) => e.title === "Pin the plugin")?.id as string;
    const forgot = run(["forget", pinned], { opencode: true });
    expect(forgot.code, forgot.stderr).toBe(0);
    expect(titles().map((e) => e.title)).toEqual(["Deploys go through staging"]);
    expect(run(["restore", pinned], { opencode: true }).code).toBe(0);
    expect(titles()).toHaveLength(2);
    expect(run(["search", "staging", "--json"], { opencode: true }).stdout).toContain("Deploys go through staging");
    const doctor = run(["doctor", "--json"], { opencode: true });
    expect(doctor.code, doctor.stdout).toBe(0);
    const findings = (JSON.parse(doctor.stdout) as { findings: Finding[] }).findings;
    expect(findings[0]?.detail).toMatch(/^bun:sqlite \(SQLite 3\.\d+.*\) in OpenCode's runtime, started by the tool/);
    expect(findings.find((x) => x.check === "integrity")?.status).toBe("ok");
    if (!cli.offline) console.warn("[relaunch] no network namespace here: the runs were not cut off from the network");
  }, 60_000);

  it("without any driver every command says so and how to fix it, and the store is left as it was", () => {
    const listed = run(["list", "--json"], { opencode: true });
    const id = (JSON.parse(listed.stdout) as { items: { id: string }[] }).items[0]?.id as string;
    const line = run(["export"], { opencode: true }).stdout.split("\n")[0] as string;
    expect(JSON.parse(line)).toHaveProperty("id");
    const before = storeFiles();
    const commands = [
      ["stats"],
      ["list"],
      ["search", "staging"],
      ["show", id],
      ["forget", id],
      ["export"],
      ["import", "-"],
    ];
    for (const args of commands) {
      const out = run(args, { input: `${line}\n` });
      expect(out.code, `${args.join(" ")}: ${out.stdout}${out.stderr}`).toBe(1);
      expect(out.stderr, args.join(" ")).toMatch(NO_DRIVER);
      expect(out.stderr, args.join(" ")).not.toMatch(
        /move ledger\.db|it is damaged|Cannot find package 'better-sqlite3'.*cannot be used/,
      );
    }
    // Where it looked for OpenCode's runtime, so a person whose opencode is elsewhere knows what to do.
    expect(run(["stats"]).stderr).toMatch(/finds opencode on the PATH or in ~\/\.opencode\/bin, and found none/);
    const json = run(["stats", "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: "NO_DRIVER", exitCode: 1 } });
    expect(storeFiles()).toEqual(before);
  }, 60_000);

  it("without any driver nothing is made for a store that does not exist yet", () => {
    const fresh = path.join(f.root, "fresh");
    const line = run(["export"], { opencode: true }).stdout.split("\n")[0] as string;
    const out = cli.run(["--data-dir", fresh, "import", "-"], { cwd: f.root, home, input: `${line}\n` });
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(NO_DRIVER);
    expect(fs.existsSync(fresh)).toBe(false);
  }, 60_000);

  it("doctor names the missing driver as the problem, and the store as not opened, never as damaged", () => {
    const out = run(["doctor", "--json"]);
    expect(out.code).toBe(1);
    const findings = (JSON.parse(out.stdout) as { findings: Finding[] }).findings;
    const failed = findings.filter((x) => x.status === "fail");
    expect(failed.map((x) => x.check)).toEqual(["sqlite driver"]);
    expect(failed[0]?.detail).toMatch(/^no SQLite driver loads here \(node:sqlite: .*; better-sqlite3: .*\)/);
    expect(failed[0]?.fix).toContain("BUN_BE_BUN=1 opencode run");
    expect(findings.find((x) => x.check === "store")).toMatchObject({ status: "warn" });
    expect(findings.find((x) => x.check === "store")?.detail).toMatch(
      /was not opened: no SQLite driver .*nothing says it is damaged/,
    );
    const text = run(["doctor"]).stdout;
    expect(text).toMatch(/^FAIL\s+sqlite driver\s+no SQLite driver loads here/m);
    expect(text).not.toMatch(/move ledger\.db|damaged \(/);
  }, 60_000);
});
