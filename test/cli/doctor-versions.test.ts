/**
 * doctor's version findings over OpenCode's package cache laid out as its installer leaves it
 * (`<cache>/opencode/packages/<spec>/node_modules/opencode-ledger/` with the package's package.json and migrations):
 * the copy OpenCode keeps using, against the store's schema and the newest version seen.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareVersions } from "../../src/cli/doctor-versions.js";
import { AGENT, type CliFixture, cliFixture, REPO_ROOT } from "../helpers/cli.js";

interface Finding {
  check: string;
  status: "ok" | "warn" | "fail";
  detail: string;
  fix?: string;
}

const OWN = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
const SCHEMA = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "migrations", "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

/** A copy of this package in OpenCode's cache under `spec`, claiming `version`, knowing `schema` migrations. */
function cacheCopy(f: CliFixture, spec: string, version: string | undefined, schema = SCHEMA): string {
  const dir = path.join(f.root, "home", ".cache", "opencode", "packages", spec);
  const pkg = path.join(dir, "node_modules", "opencode-ledger");
  fs.mkdirSync(path.join(pkg, "migrations", "meta"), { recursive: true });
  fs.writeFileSync(
    path.join(pkg, "package.json"),
    version === undefined ? "{ not json" : JSON.stringify({ name: "opencode-ledger", version }),
  );
  const journal = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "migrations", "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  journal.entries = journal.entries.slice(0, schema);
  fs.writeFileSync(path.join(pkg, "migrations", "meta", "_journal.json"), JSON.stringify(journal));
  return dir;
}

function versions(f: CliFixture): Finding[] {
  const env = { XDG_CACHE_HOME: path.join(f.root, "home", ".cache") };
  const out = f.run(["doctor", "--json"], { env });
  return (JSON.parse(out.stdout) as { findings: Finding[] }).findings.filter((x) => x.check === "plugin version");
}

async function withStore(f: CliFixture): Promise<void> {
  await f.memory().save({ scope: f.project, kind: "fact", title: "One", body: "entry" }, AGENT);
  f.close();
}

describe("doctor: the plugin version OpenCode has cached", () => {
  it("says when OpenCode has no copy installed by name", () => {
    const f = cliFixture();
    const [only, ...rest] = versions(f);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ status: "ok" });
    expect(only?.detail).toMatch(
      new RegExp(`^this tool is ${OWN}; OpenCode has no copy installed by name in .*/opencode/packages`),
    );
  }, 60_000);

  it("passes a cached copy as new as this tool that knows the store's schema", async () => {
    const f = cliFixture();
    await withStore(f);
    cacheCopy(f, "opencode-ledger@latest", OWN);
    expect(versions(f)).toEqual([
      {
        check: "plugin version",
        status: "ok",
        detail: `OpenCode's copy opencode-ledger@latest is ${OWN} (schema ${SCHEMA}); this tool is ${OWN}, the store schema ${SCHEMA}`,
        fixable: false,
      },
    ]);
  }, 60_000);

  it("warns of a copy older than the newest seen: OpenCode never upgrades it, and says what to remove", async () => {
    const f = cliFixture();
    await withStore(f);
    const latest = cacheCopy(f, "opencode-ledger@latest", "0.0.1");
    const pinned = cacheCopy(f, "opencode-ledger@0.0.1", "0.0.1");
    const [a, b] = versions(f);
    expect(a).toMatchObject({ status: "warn" });
    expect(a?.detail).toContain(
      `OpenCode's copy opencode-ledger@0.0.1 is 0.0.1 (schema ${SCHEMA}); ${OWN} is the newest`,
    );
    expect(a?.detail).toContain("it never upgrades it");
    expect(a?.fix).toBe(
      `remove ${pinned} and restart OpenCode: it installs opencode-ledger@0.0.1 again; to move to another version, change the version in your opencode.json instead`,
    );
    expect(b).toMatchObject({ status: "warn" });
    expect(b?.fix).toBe(
      `remove ${latest} and restart OpenCode: it installs opencode-ledger@latest again (the newest published)`,
    );
  }, 60_000);

  it("fails a copy that does not know the store's schema: inside OpenCode every change would be refused", async () => {
    const f = cliFixture();
    await withStore(f);
    const dir = cacheCopy(f, "opencode-ledger@latest", OWN, SCHEMA - 1);
    const [only] = versions(f);
    expect(only).toMatchObject({ status: "fail" });
    expect(only?.detail).toBe(
      `OpenCode's copy opencode-ledger@latest is ${OWN} (schema ${SCHEMA - 1}), older than the store (schema ${SCHEMA}): inside OpenCode the store is only read and every change is refused`,
    );
    expect(only?.fix).toContain(`remove ${dir} and restart OpenCode`);
    expect(f.run(["doctor"], { env: { XDG_CACHE_HOME: path.join(f.root, "home", ".cache") } }).code).toBe(1);
  }, 60_000);

  it("warns of a cached copy whose package.json cannot be read", () => {
    const f = cliFixture();
    const dir = cacheCopy(f, "opencode-ledger@latest", undefined);
    const [only] = versions(f);
    expect(only).toMatchObject({ status: "warn" });
    expect(only?.detail).toContain("its package.json cannot be read");
    expect(only?.fix).toContain(`remove ${dir}`);
  }, 60_000);

  it("orders versions as npm does for releases and pre-releases", () => {
    expect(compareVersions("0.10.0", "0.9.9")).toBe(1);
    expect(compareVersions("1.0.0", "1.0.0")).toBe(0);
    expect(compareVersions("1.0.0-beta.1", "1.0.0")).toBe(-1);
    expect(compareVersions("1.0.0", "1.0.0-rc.1")).toBe(1);
    expect(compareVersions("1.0.0-alpha", "1.0.0-beta")).toBe(-1);
    expect(compareVersions("2.0.0", "10.0.0")).toBe(-1);
  }, 60_000);
});
