import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GLOBAL_SCOPE } from "../../src/scope.js";
import type { EntryView, HistoryRow } from "../../src/store/memory-types.js";
import { AGENT, type CliResult, cliFixture, finished, NODE, REPO_ROOT, waitForOutput } from "../helpers/cli.js";

const WRITER = path.join(REPO_ROOT, "test", "helpers", "store-writer.mjs");
const OPENCODE = path.join(REPO_ROOT, "node_modules", ".bin", "opencode");
const IMPORTED = 1_500;
const CYCLES = 8;

const entryLine = (i: number) =>
  JSON.stringify({
    id: `conc${String(i).padStart(8, "0")}`,
    scope: GLOBAL_SCOPE,
    kind: "fact",
    title: `Imported entry ${i}`,
    body: `imported while another process writes, number ${i}`,
    tags: ["concurrency"],
    status: "active",
    supersededBy: null,
    source: { agent: "build", session: null },
    createdAt: 1_700_000_000_000 + i,
    updatedAt: 1_700_000_000_000 + i,
    validFrom: null,
    validUntil: null,
    expiresAt: null,
    trashedAt: null,
  });

const BUSY = /SQLITE_BUSY|database is locked/i;

/** The CLI writing (an import, then forget/restore cycles) while `writer` saves in a loop; every write must land. */
async function cliWhileWriting(runtime: "node" | "bun") {
  const f = cliFixture();
  // The store exists before both start, as it does when OpenCode has been running.
  const seed = await f.memory().save({ scope: f.project, kind: "fact", title: "Cycled entry", body: "x" }, AGENT);
  f.close();
  const file = path.join(f.root, "many.jsonl");
  fs.writeFileSync(file, Array.from({ length: IMPORTED }, (_, i) => entryLine(i)).join("\n"));

  const stop = path.join(f.root, "stop");
  const args = [WRITER, f.dataDir, f.project, stop];
  const writer =
    runtime === "node"
      ? spawn(NODE, args, { cwd: f.root })
      : spawn(OPENCODE, ["run", ...args], { cwd: f.root, env: { ...process.env, BUN_BE_BUN: "1" } });
  const writerDone = finished(writer);
  await waitForOutput(writer, "ready", 60_000);

  const results: CliResult[] = [];
  results.push(await finished(f.spawn(["import", file])));
  for (let i = 0; i < CYCLES; i++) {
    results.push(await finished(f.spawn(["forget", seed.entry.id, "--reason", `cycle ${i}`])));
    results.push(await finished(f.spawn(["restore", seed.entry.id])));
  }
  // The writer saved all along; it stops only now, so every CLI write above overlapped with its writes.
  fs.writeFileSync(stop, "");
  const written = await writerDone;
  return { f, seed, results, written };
}

async function verify({ f, seed, results, written }: Awaited<ReturnType<typeof cliWhileWriting>>) {
  expect(written.code, written.stdout + written.stderr).toBe(0);
  const summary = JSON.parse(written.stdout.trimEnd().split("\n").at(-1) ?? "{}") as {
    saved: number;
    edited: number;
    errors: string[];
  };
  expect(summary.errors).toEqual([]);
  expect(summary.saved).toBeGreaterThan(100);
  for (const r of results) {
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(BUSY);
  }
  expect(written.stdout + written.stderr).not.toMatch(BUSY);
  expect(results[0]?.stdout).toBe(`Imported ${IMPORTED}, already present 0, refused 0.\n`);
  // Every write of both sides is there.
  const all = f
    .run(["export", "--scope", "all"])
    .stdout.trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as EntryView);
  expect(all.filter((e) => e.title.startsWith("Imported entry "))).toHaveLength(IMPORTED);
  const fromWriter = all.filter((e) => e.title.startsWith("Worker entry "));
  expect(fromWriter).toHaveLength(summary.saved);
  expect(fromWriter.filter((e) => e.body.startsWith("edited by"))).toHaveLength(summary.edited);
  const rows = f.run(["history", seed.entry.id, "--json"]).json<{ rows: HistoryRow[] }>().rows;
  expect(rows.filter((r) => r.action === "trash" && r.actor.kind === "cli")).toHaveLength(CYCLES);
  expect(rows.filter((r) => r.action === "restore" && r.actor.kind === "cli")).toHaveLength(CYCLES);
  expect(f.run(["doctor"]).code).toBe(0);
}

describe("opencode-ledger on a store another process is writing", () => {
  it("a second Node process saving in a loop: both sides' writes all land, no SQLITE_BUSY", async () => {
    await verify(await cliWhileWriting("node"));
  }, 180_000);

  it("the plugin's runtime (Bun, bun:sqlite) saving in a loop: the same", async () => {
    await verify(await cliWhileWriting("bun"));
  }, 180_000);
});
