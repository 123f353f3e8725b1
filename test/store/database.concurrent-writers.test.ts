/**
 * Two OpenCode processes and the command-line tool writing one store at once. Each process is the shipped plugin run
 * by the OpenCode binary as a Bun (bun:sqlite), saving, forgetting and restoring through its registered tools
 * (test/helpers/plugin-writer.mjs); meanwhile the CLI imports and forgets/restores. Afterwards: every entry each side
 * made is there once, in the state its last action left it; no tool answer or CLI output reads as an error or
 * mentions SQLITE_BUSY; the audit log has exactly one row per write, by the actor that made it, in order.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GLOBAL_SCOPE } from "../../src/scope.js";
import { Database } from "../../src/store/database.js";
import { auditLog, entries } from "../../src/store/schema.js";
import { AGENT, type CliResult, cliFixture, finished, REPO_ROOT, waitForOutput } from "../helpers/cli.js";

const WRITER = path.join(REPO_ROOT, "test", "helpers", "plugin-writer.mjs");
const OPENCODE = path.join(REPO_ROOT, "node_modules", ".bin", "opencode");
const MIN_SAVES = 1_200;
const IMPORTED = 2_000;
const CYCLES = 10;
const BUSY = /SQLITE_BUSY|database is locked/i;

interface WriterSummary {
  saved: string[];
  forgotten: string[];
  restored: string[];
  errors: string[];
}

const entryLine = (i: number) =>
  JSON.stringify({
    id: `both${String(i).padStart(8, "0")}`,
    scope: GLOBAL_SCOPE,
    kind: "fact",
    title: `Imported entry ${i}`,
    body: `imported while two plugins write, number ${i}`,
    tags: [],
    status: "active",
    supersededBy: null,
    source: { agent: null, session: null },
    createdAt: 1_700_000_000_000 + i,
    updatedAt: 1_700_000_000_000 + i,
    validFrom: null,
    validUntil: null,
    expiresAt: null,
    trashedAt: null,
  });

describe("two OpenCode processes and the CLI on one store", () => {
  it("thousands of saves, forgets and restores: nothing lost or doubled, no SQLITE_BUSY, the audit log complete", async () => {
    const f = cliFixture();
    const seed = await f.memory().save({ scope: f.project, kind: "fact", title: "Cycled entry", body: "x" }, AGENT);
    f.close();
    const file = path.join(f.root, "many.jsonl");
    fs.writeFileSync(file, Array.from({ length: IMPORTED }, (_, i) => entryLine(i)).join("\n"));
    const stop = path.join(f.root, "stop");
    const writers = ["A", "B"].map((tag) =>
      spawn(OPENCODE, ["run", WRITER, f.dataDir, f.project, tag, String(MIN_SAVES), stop], {
        cwd: f.root,
        env: { ...process.env, BUN_BE_BUN: "1" },
      }),
    );
    const done = writers.map((w) => finished(w));
    await Promise.all(writers.map((w) => waitForOutput(w, "ready", 60_000)));

    const cli: CliResult[] = [];
    cli.push(await finished(f.spawn(["import", file])));
    for (let i = 0; i < CYCLES; i++) {
      cli.push(await finished(f.spawn(["forget", seed.entry.id, "--reason", `cycle ${i}`])));
      cli.push(await finished(f.spawn(["restore", seed.entry.id])));
    }
    // The writers stop only after this, so every CLI write overlapped with theirs.
    fs.writeFileSync(stop, "");
    const results = await Promise.all(done);

    for (const r of cli) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout + r.stderr).not.toMatch(BUSY);
    }
    expect(cli[0]?.stdout).toBe(`Imported ${IMPORTED}, already present 0, refused 0.\n`);
    const summaries = results.map((r) => {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout + r.stderr).not.toMatch(BUSY);
      return JSON.parse(r.stdout.trimEnd().split("\n").at(-1) ?? "{}") as WriterSummary;
    });
    for (const s of summaries) {
      expect(s.errors).toEqual([]);
      expect(s.saved.length).toBeGreaterThanOrEqual(MIN_SAVES);
      expect(s.forgotten).toHaveLength(Math.ceil(s.saved.length / 3));
      expect(s.restored).toHaveLength(Math.ceil(s.saved.length / 6));
    }

    const database = new Database({ dataDir: f.dataDir });
    const rows = await database.read((db) => db.select().from(entries).all(), []);
    const audit = await database.read((db) => db.select().from(auditLog).orderBy(auditLog.seq).all(), []);
    database.close();

    // Nothing lost, nothing doubled: ids and titles each once; each side's entries all there.
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.title)).size).toBe(rows.length);
    const savedIds = summaries.flatMap((s) => s.saved);
    expect(rows).toHaveLength(1 + IMPORTED + savedIds.length);
    expect(rows.filter((r) => r.title.startsWith("Imported entry "))).toHaveLength(IMPORTED);
    for (const [n, s] of summaries.entries()) {
      const tag = ["A", "B"][n];
      const trashed = new Set(s.forgotten.filter((id) => !s.restored.includes(id)));
      s.saved.forEach((id, i) => {
        const row = byId.get(id);
        expect(row?.title).toBe(`Writer ${tag} entry ${i}`);
        expect(row?.trashedAt != null, id).toBe(trashed.has(id));
      });
    }
    expect(byId.get(seed.entry.id)?.trashedAt).toBeNull();

    // The audit log: one row per write, by its actor, in the order each side made them.
    const actionsOf = new Map<string, string[]>();
    for (const a of audit) {
      const list = actionsOf.get(a.entryId) ?? [];
      list.push(`${a.action}:${a.actorKind}:${a.actorSession ?? ""}`);
      actionsOf.set(a.entryId, list);
    }
    expect(audit).toHaveLength(
      1 +
        2 * CYCLES +
        IMPORTED +
        summaries.reduce((n, s) => n + s.saved.length + s.forgotten.length + s.restored.length, 0),
    );
    expect(actionsOf.get(seed.entry.id)).toEqual([
      `create:agent:${AGENT.session}`,
      ...Array.from({ length: CYCLES }, () => ["trash:cli:", "restore:cli:"]).flat(),
    ]);
    for (const [n, s] of summaries.entries()) {
      const session = `ses_writer${["A", "B"][n]}00000001`;
      s.saved.forEach((id, i) => {
        const expected = [`create:agent:${session}`];
        if (i % 3 === 0) expected.push(`trash:agent:${session}`);
        if (i % 6 === 0) expected.push(`restore:agent:${session}`);
        expect(actionsOf.get(id), id).toEqual(expected);
      });
    }
    const imports = audit.filter((a) => a.entryId.startsWith("both"));
    expect(imports).toHaveLength(IMPORTED);
    expect(new Set(imports.map((a) => `${a.action}:${a.actorKind}`))).toEqual(new Set(["create:cli"]));
    expect(f.run(["doctor"]).code).toBe(0);
  }, 240_000);
});
