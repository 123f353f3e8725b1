/**
 * `node:sqlite` under the newest Node this machine can get (fetched once from the npm registry; skipped, with the
 * reason, when none can be had): the command-line tool installed npx-style from the packed package, with nothing but
 * that Node on the PATH and no network, reads a store the other drivers wrote, changes it, creates a new one with
 * its migrations, and the other drivers read what it wrote.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GLOBAL_SCOPE, normalizeScopePath } from "../../../src/scope.js";
import { Database } from "../../../src/store/database.js";
import { createMemoryStore } from "../../../src/store/memory-store.js";
import { REPO_ROOT } from "../../helpers/cli.js";
import { nodeOf } from "../../helpers/node-runtimes.js";
import { type InstalledCli, installedCli, seedProjectStore } from "../../helpers/packed.js";
import { suiteDir } from "../../helpers/temp-dir.js";

const newest = nodeOf("latest");
if (newest.bin === undefined) console.warn(`[node-sqlite] skipped: no newest Node here (${newest.reason})`);

interface Finding {
  check: string;
  status: string;
  detail: string;
}

describe.skipIf(!newest.bin)("node:sqlite, the CLI's driver on a Node that has it", () => {
  const suite = suiteDir("ledger-node-sqlite-");
  const dataDir = path.join(suite.path, "data");
  const project = path.join(suite.path, "projects", "alpha");
  const home = path.join(suite.path, "home");
  let cli: InstalledCli;
  const run = (args: string[], input = "", dir = dataDir) =>
    cli.run(["--data-dir", dir, ...args], { cwd: project, home, input });

  beforeAll(async () => {
    fs.mkdirSync(home, { recursive: true });
    await seedProjectStore(dataDir, project);
    cli = installedCli(REPO_ROOT, suite.path, newest.bin as string);
  }, 300_000);

  afterAll(() => suite.remove());

  it("is the driver doctor names, and the store it reads is whole", () => {
    const out = run(["doctor", "--json"]);
    expect(out.code, out.stdout).toBe(0);
    const findings = (JSON.parse(out.stdout) as { findings: Finding[] }).findings;
    expect(findings[0]?.detail).toBe(
      `node:sqlite (SQLite ${/SQLite (3\.[\d.]+)/.exec(findings[0]?.detail ?? "")?.[1]}) in Node ${newest.bin ? newest.version : ""}`,
    );
    // The options check warns here that no OpenCode configuration names the plugin: this home has none.
    expect(findings.filter((x) => x.status !== "ok" && x.check !== "options")).toEqual([]);
    // Node says nothing about its SQLite being experimental on the user's terminal.
    expect(out.stderr).toBe("");
  });

  it("reads, searches, changes and shows the history of a store the other drivers wrote", () => {
    const stats = run(["stats", "--json"]);
    expect(stats.code, stats.stderr).toBe(0);
    expect(JSON.parse(stats.stdout)).toMatchObject({ live: 2, trash: 0 });
    const items = () =>
      (JSON.parse(run(["list", "--json"]).stdout) as { items: { id: string; title: string }[] }).items;
    const pinned = items().find((e) => e.title === "Pin the plugin")?.id as string;
    expect(run(["forget", pinned]).code).toBe(0);
    expect(items().map((e) => e.title)).toEqual(["Deploys go through staging"]);
    expect(run(["restore", pinned]).code).toBe(0);
    expect(run(["search", "staging"]).stdout).toContain("Deploys go through staging");
    const history = run(["history", pinned, "--json"]);
    expect(history.code, history.stderr).toBe(0);
    expect(history.stdout).toContain("restore");
  }, 60_000);

  it("creates a new store with its migrations, and the other drivers read what it wrote", async () => {
    const exported = run(["export", "--scope", "all"]);
    expect(exported.code).toBe(0);
    const copy = path.join(suite.path, "copy");
    const imported = run(["import", "-", "--json"], exported.stdout, copy);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ imported: 2, refused: [] });
    expect(JSON.parse(run(["doctor", "--json"], "", copy).stdout)).toMatchObject({ ok: true });
    const database = new Database({ dataDir: copy });
    try {
      const memory = createMemoryStore({ database, clock: Date.now });
      const titles = (await memory.list({ scopes: [normalizeScopePath(project), GLOBAL_SCOPE] })).items.map(
        (e) => e.title,
      );
      expect(titles.sort()).toEqual(["Deploys go through staging", "Pin the plugin"]);
    } finally {
      database.close();
    }
  });
});
