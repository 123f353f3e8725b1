/**
 * `import` normalises scopes as every write does, checks the relations and times of each line, and reads a huge
 * refused input in bounded memory with progress.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TransferEntry } from "../../../src/store/memory-transfer.js";
import { cliFixture } from "../../helpers/cli.js";
import { transferEntry } from "../../helpers/memory.js";
import { writePeakProbe } from "../../helpers/peak-probe.js";

type Fixture = ReturnType<typeof cliFixture>;

function line(over: Partial<TransferEntry>): string {
  return JSON.stringify(transferEntry(over));
}

interface ImportReport {
  imported: number;
  refusedCount: number;
  refused: { line: number; message: string }[];
}

function importText(f: Fixture, text: string) {
  const file = path.join(f.root, `import-${Math.random().toString(36).slice(2)}.jsonl`);
  fs.writeFileSync(file, text);
  return f.run(["import", file, "--json"]);
}

describe("import: scopes", () => {
  it("/p/, /p/../p and a link to /p are one scope: one title lives once", async () => {
    const f = cliFixture();
    const link = path.join(f.root, "link-to-alpha");
    fs.symlinkSync(f.project, link);
    const variants = [f.project, `${f.project}/`, `${f.project}/../${path.basename(f.project)}`, link];
    const text = variants.map((scope, i) => line({ id: `variant${i}`, scope, title: "Same title" })).join("\n");
    const r = importText(f, text);
    const report = r.json<ImportReport>();
    expect(report.imported).toBe(1);
    expect(report.refusedCount).toBe(3);
    for (const refusal of report.refused)
      expect(refusal.message).toContain(`already holds the title "Same title" in scope ${f.project}`);
    const list = f.run(["list", "--scope", f.project, "--json"]).json<{ items: { scope: string }[] }>();
    expect(list.items.map((e) => e.scope)).toEqual([f.project]);
  }, 60_000);
});

describe("import: relations and times", () => {
  it("refuses active with a supersededBy, superseded without one, a link to no entry, and times that cannot be", async () => {
    const f = cliFixture();
    const future = Date.UTC(5138, 0, 1);
    const lines = [
      line({ id: "activelinked", title: "t1", supersededBy: "entry0000001" }),
      line({ id: "supernolink1", title: "t2", status: "superseded" }),
      line({ id: "danglinglink", title: "t3", status: "superseded", supersededBy: "nosuchentry1" }),
      line({ id: "fromthefutur", title: "t4", createdAt: future, updatedAt: future }),
      line({ id: "validtoolate", title: "t5", validUntil: Date.UTC(12000, 0, 1) }),
      line({ id: "updatedfirst", title: "t6", createdAt: Date.now() - 1000, updatedAt: Date.now() - 5000 }),
      // Controls: an old entry superseded by one further down the file, and that one.
      line({ id: "oldreplaced1", title: "t7", status: "superseded", supersededBy: "newreplacer1" }),
      line({ id: "newreplacer1", title: "t8" }),
    ];
    const report = importText(f, lines.join("\n")).json<ImportReport>();
    expect(report.imported).toBe(2);
    expect(report.refused.map((r) => [r.line, r.message.replace(/^\[opencode-ledger\] /, "")])).toEqual([
      [1, "superseded_by: only goes with status superseded, not active"],
      [2, "superseded_by: is required with status superseded: the id of the entry that replaced it"],
      [
        3,
        "entry danglinglink is superseded by nosuchentry1, which is neither in this store nor in the import; danglinglink was not imported. Import nosuchentry1 too, or set the line's status and supersededBy to what holds.",
      ],
      [4, "created_at: is 5138-01-01T00:00:00.000Z, in the future; it cannot have happened yet"],
      [5, "valid_until: is after the year 9999; it is not a date"],
      [6, "updated_at: is before created_at"],
    ]);
    const shown = f.run(["show", "oldreplaced1", "--json"]).json<{ entry: { status: string } }>().entry;
    expect(shown).toMatchObject({ status: "superseded", supersededBy: "newreplacer1" });
  }, 60_000);
});

describe("import: a huge refused input", () => {
  it("200 MB of refused lines: peak memory stays bounded, progress shows, the refusals are counted", async () => {
    const f = cliFixture();
    const file = path.join(f.root, "huge.jsonl");
    // Lines that parse and fail the checks late (a scope that is not a path), about 200 bytes each.
    const one = `${line({ scope: "not a path", body: "x".repeat(20) })}\n`;
    const count = Math.ceil((200 * 1024 * 1024) / Buffer.byteLength(one));
    const fd = fs.openSync(file, "w");
    const chunk = one.repeat(10_000);
    for (let written = 0; written < count; written += 10_000) fs.writeSync(fd, chunk);
    fs.closeSync(fd);
    const lines = Math.ceil(count / 10_000) * 10_000;
    expect(fs.statSync(file).size).toBeGreaterThanOrEqual(200 * 1024 * 1024);

    const { spawnSync } = await import("node:child_process");
    const { CLI, NODE } = await import("../../helpers/cli.js");
    // /usr/bin/time is not everywhere; the child reports its own peak resident size when it exits.
    const probe = writePeakProbe(f.root);
    const out = spawnSync(NODE, ["--require", probe, CLI, "--data-dir", f.dataDir, "import", file, "--progress"], {
      cwd: f.project,
      env: { PATH: process.env.PATH, HOME: path.join(f.root, "home"), XDG_DATA_HOME: path.join(f.root, "xdg") },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(out.status).toBe(1);
    expect(out.stdout).toContain(`refused ${lines} (lines 1, 2,`);
    expect(out.stderr).toContain(`... and ${lines - 100} more refused line(s), not listed`);
    expect(out.stderr.match(/^import: \d+$/gm)?.length ?? 0).toBeGreaterThan(0);
    const peakKb = Number(/peak-rss (\d+)/.exec(out.stderr)?.[1]);
    // A Node process with the store open is about 80 MB; the 2.4 GB of the unbounded version is far above this.
    expect(peakKb).toBeGreaterThan(0);
    expect(peakKb / 1024, `peak resident ${Math.round(peakKb / 1024)} MB`).toBeLessThan(250);
    fs.rmSync(file);
  }, 600_000);
});
