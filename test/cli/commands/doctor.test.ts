import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GLOBAL_SCOPE } from "../../../src/scope.js";
import { connect } from "../../../src/store/driver.js";
import { AGENT, cliFixture, NODE, REPO_ROOT } from "../../helpers/cli.js";

interface Finding {
  check: string;
  status: "ok" | "warn" | "fail";
  detail: string;
  fix?: string;
  fixable: boolean;
}
interface Report {
  ok: boolean;
  fixed: string[];
  findings: Finding[];
}

type Fixture = ReturnType<typeof cliFixture>;

async function healthy(f: Fixture): Promise<string> {
  const m = f.memory();
  await m.save({ scope: f.project, kind: "fact", title: "One", body: "first entry" }, AGENT);
  await m.save({ scope: GLOBAL_SCOPE, kind: "lesson", title: "Two", body: "second entry" }, AGENT);
  f.close();
  return path.join(f.dataDir, "ledger.db");
}

const failures = (r: Report) => r.findings.filter((x) => x.status === "fail");

async function sql(file: string, ...statements: string[]): Promise<void> {
  const c = await connect(file, { readonly: false });
  try {
    for (const s of statements) c.exec(s);
  } finally {
    c.close();
  }
}

/** A transcript file and its index row, as the exporter lays them out. */
async function addTranscript(f: Fixture, db: string, session: string, opts: { file: boolean; row: boolean }) {
  const rel = path.join("alpha-0123456789abcdef", `${session}.md`);
  const full = path.join(f.dataDir, "transcripts", rel);
  fs.mkdirSync(path.dirname(full), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.join(f.dataDir, "transcripts"), 0o700);
  if (opts.file) fs.writeFileSync(full, "1\t# session\n", { mode: 0o600 });
  if (opts.row) {
    await sql(
      db,
      `INSERT INTO transcripts (session_id, scope, path, lines, bytes, created_at, updated_at) VALUES ('${session}', '${f.project}', '${rel}', 1, 12, 1, 1)`,
    );
  }
}

describe("opencode-ledger doctor", () => {
  it("passes a healthy store, and a data folder that does not exist yet", async () => {
    const f = cliFixture();
    const empty = f.run(["doctor", "--json"]);
    expect(empty.code).toBe(0);
    const [driver, folder] = empty.json<Report>().findings;
    expect(driver).toMatchObject({ check: "sqlite driver", status: "ok" });
    expect(driver?.detail).toMatch(/^(node:sqlite|better-sqlite3|bun:sqlite) \(SQLite 3\.\d+/);
    expect(folder).toMatchObject({ check: "data folder", status: "ok" });
    expect(fs.existsSync(f.dataDir)).toBe(false);

    const db = await healthy(f);
    await addTranscript(f, db, "ses_abcdefgh0001", { file: true, row: true });
    const out = f.run(["doctor"]);
    expect(out.code, out.stdout).toBe(0);
    expect(out.stdout).toMatch(/^ok\s+data folder\s+.*\(0700\)$/m);
    expect(out.stdout).toMatch(/^ok\s+migrations\s+.*schema version \d+/m);
    expect(out.stdout).toMatch(/^ok\s+store mode\s+.*ledger\.db \(0600\)$/m);
    expect(out.stdout).toMatch(/^ok\s+schema\s+schema version \d+$/m);
    expect(out.stdout).toMatch(/^ok\s+integrity\s+PRAGMA integrity_check: ok$/m);
    expect(out.stdout).toMatch(/^ok\s+memory index\s+full-text index consistent with 2 entries$/m);
    // The entries' full-text index and the transcripts' search index are two rows with two names.
    expect(out.stdout).not.toMatch(/^\S+\s+search index\s/m);
    expect(out.stdout).toMatch(/^ok\s+transcripts mode/m);
    expect(out.stdout).toMatch(/^ok\s+transcripts index\s+1 transcript file\(s\), each indexed$/m);
    expect(out.stdout.trimEnd().endsWith("No problems found.")).toBe(true);
    const json = f.run(["doctor", "--json"]).json<Report>();
    expect(json.ok).toBe(true);
    expect(failures(json)).toEqual([]);
  }, 60_000);

  it("reports loose file modes with the chmod to run, and --fix tightens them", async () => {
    const f = cliFixture();
    const db = await healthy(f);
    await addTranscript(f, db, "ses_abcdefgh0001", { file: true, row: true });
    const transcript = path.join(f.dataDir, "transcripts", "alpha-0123456789abcdef", "ses_abcdefgh0001.md");
    fs.chmodSync(f.dataDir, 0o755);
    fs.chmodSync(db, 0o644);
    fs.chmodSync(transcript, 0o640);
    const out = f.run(["doctor"]);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain(`FAIL  data folder`);
    expect(out.stdout).toContain(`${f.dataDir} has mode 0755; it should be 0700 (private to you)`);
    expect(out.stdout).toContain(`what to do: run "chmod 700 ${f.dataDir}", or "opencode-ledger doctor --fix"`);
    expect(out.stdout).toContain(`${db} has mode 0644; it should be 0600`);
    expect(out.stdout).toContain(`${transcript} has mode 0640; it should be 0600`);
    expect(out.stdout).toContain("3 problems found.");
    const fixed = f.run(["doctor", "--fix", "--json"]);
    expect(fixed.code).toBe(0);
    // Three modes tightened, and the search index (absent: the transcript was written without the exporter) built.
    expect(fixed.json<Report>().fixed).toHaveLength(4);
    expect(fixed.json<Report>().fixed).toContainEqual(
      expect.stringMatching(/^the search index was rebuilt: 1 transcript/),
    );
    expect(fs.statSync(f.dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(db).mode & 0o777).toBe(0o600);
    expect(fs.statSync(transcript).mode & 0o777).toBe(0o600);
  }, 60_000);

  it("reports a store too new for this version, and leaves it untouched", async () => {
    const f = cliFixture();
    const db = await healthy(f);
    await sql(db, "PRAGMA user_version = 99");
    const before = fs.readFileSync(db);
    const out = f.run(["doctor", "--json"]);
    expect(out.code).toBe(1);
    expect(failures(out.json<Report>())).toEqual([
      expect.objectContaining({
        check: "schema",
        detail: expect.stringMatching(/store schema version 99 is newer than this opencode-ledger knows \(\d+\)/),
        fix: expect.stringContaining("upgrade opencode-ledger"),
      }),
    ]);
    expect(fs.readFileSync(db).equals(before)).toBe(true);
  }, 60_000);

  it("warns about an older schema that the next write migrates, without failing", async () => {
    const f = cliFixture();
    const db = await healthy(f);
    await sql(db, "PRAGMA user_version = 1");
    const out = f.run(["doctor", "--json"]);
    expect(out.code).toBe(0);
    expect(out.json<Report>().findings).toContainEqual(
      expect.objectContaining({
        check: "schema",
        status: "warn",
        detail: expect.stringContaining("store schema version 1"),
      }),
    );
  }, 60_000);

  it("reports a file that is not a store at all, and says what to do", async () => {
    const f = cliFixture();
    const db = await healthy(f);
    for (const side of ["-wal", "-shm"]) fs.rmSync(db + side, { force: true });
    fs.writeFileSync(db, Buffer.alloc(8192, 0x5a), { mode: 0o600 });
    const out = f.run(["doctor"]);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/FAIL\s+store\s+.*is not a readable SQLite store: file is not a database/);
    expect(out.stdout).toContain("what to do: stop OpenCode, move ledger.db");
    expect(out.stdout).toContain(".recover");
    // Every other command says what is wrong too, and points at doctor.
    const list = f.run(["list"]);
    expect(list.code).toBe(1);
    expect(list.stderr).toContain("file is not a database");
    expect(list.stderr).toContain('Run "opencode-ledger doctor"');
  }, 60_000);

  it("reports damaged pages inside a store", async () => {
    const f = cliFixture();
    const m = f.memory();
    for (let i = 0; i < 60; i++) {
      await m.save({ scope: f.project, kind: "fact", title: `Entry ${i}`, body: "x".repeat(2000) }, AGENT);
    }
    f.close();
    const db = path.join(f.dataDir, "ledger.db");
    await sql(db, "PRAGMA wal_checkpoint(TRUNCATE)");
    const bytes = fs.readFileSync(db);
    const pageSize = bytes.readUInt16BE(16);
    // Scribble over pages past the schema page: b-tree pages of the entries and their index.
    for (let page = 3; page * pageSize < bytes.length - pageSize; page += 4)
      bytes.fill(0xa5, page * pageSize, page * pageSize + 64);
    fs.writeFileSync(db, bytes);
    const out = f.run(["doctor", "--json"]);
    expect(out.code).toBe(1);
    const failed = failures(out.json<Report>());
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]).toMatchObject({ fix: expect.stringContaining("move ledger.db") });
    expect(failed.map((x) => x.check)).toContain("integrity");
  }, 60_000);

  it("finds a full-text index out of step with the entries, and --fix rebuilds it", async () => {
    const f = cliFixture();
    const db = await healthy(f);
    await sql(
      db,
      "DROP TRIGGER entries_fts_insert",
      `INSERT INTO entries (id, scope, kind, title, body, tags, status, created_at, updated_at) VALUES ('unindexed001', 'global', 'fact', 'Invisible', 'not in the index', '[]', 'active', 1, 1)`,
    );
    const out = f.run(["doctor"]);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/FAIL\s+memory index\s+the full-text index does not match the entries/);
    expect(out.stdout).toContain('rebuild it from the entries with "opencode-ledger doctor --fix"');
    expect(f.run(["search", "invisible", "--scope", "global", "--json"]).json()).toMatchObject({ total: 0 });
    const fixed = f.run(["doctor", "--fix"]);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain("fixed  the full-text index was rebuilt from the entries");
    expect(f.run(["search", "invisible", "--scope", "global", "--json"]).json()).toMatchObject({ total: 1 });
  }, 60_000);

  it("finds transcript files without index rows and rows without files", async () => {
    const f = cliFixture();
    const db = await healthy(f);
    await addTranscript(f, db, "ses_abcdefgh0001", { file: true, row: true });
    await addTranscript(f, db, "ses_abcdefgh0002", { file: true, row: false });
    await addTranscript(f, db, "ses_abcdefgh0003", { file: false, row: true });
    const out = f.run(["doctor", "--json"]);
    expect(out.code).toBe(1);
    const failed = failures(out.json<Report>());
    expect(failed).toHaveLength(2);
    expect(failed[0]?.detail).toContain("1 transcript file(s)");
    expect(failed[0]?.detail).toContain("ses_abcdefgh0002.md");
    expect(failed[0]?.fix).toContain("delete the files");
    expect(failed[1]?.detail).toContain("1 index row(s) point at missing files: ses_abcdefgh0003");
    expect(failed[1]?.fix).toContain("transcripts cleanup");
  }, 60_000);

  it("reports a missing migrations folder: reinstall", () => {
    const f = cliFixture();
    // A copy of the package as it would be installed, without its migrations folder.
    const pkg = path.join(f.root, "pkg");
    fs.cpSync(path.join(REPO_ROOT, "dist"), path.join(pkg, "dist"), { recursive: true });
    fs.copyFileSync(path.join(REPO_ROOT, "package.json"), path.join(pkg, "package.json"));
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(pkg, "node_modules"));
    const run = (args: string[], input = "") =>
      spawnSync(NODE, [path.join(pkg, "dist", "cli-tool", "cli.js"), "--data-dir", f.dataDir, ...args], {
        encoding: "utf8",
        input,
      });
    const doctor = run(["doctor"]);
    expect(doctor.status).toBe(1);
    expect(doctor.stdout).toMatch(
      /FAIL\s+migrations\s+the migrations folder is missing or unreadable: .*pkg\/migrations/,
    );
    expect(doctor.stdout).toContain("what to do: reinstall opencode-ledger");
    const entry = {
      id: "imp0000000001",
      scope: "global",
      kind: "fact",
      title: "T",
      body: "",
      tags: [],
      status: "active",
      supersededBy: null,
      source: { agent: null, session: null },
      createdAt: 1,
      updatedAt: 1,
      validFrom: null,
      validUntil: null,
      expiresAt: null,
      trashedAt: null,
    };
    const write = run(["import", "-"], JSON.stringify(entry));
    expect(write.status).toBe(1);
    expect(write.stderr).toContain(
      "the migrations folder that ships with opencode-ledger is missing; reinstall the package",
    );
  }, 60_000);
});
