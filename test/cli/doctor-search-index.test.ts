/**
 * Doctor and the transcripts' search index: a file that is no index of ours is named as such and moved aside, never
 * written; a newer index is left alone and the words say so; the size counts the WAL; an index another process holds
 * open (OpenCode running) is never removed under it; one of many segments is merged in place.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  catchUpSearchIndex,
  rebuildSearchIndex,
  searchIndexFindings,
  setAsideSearchIndex,
} from "../../src/cli/doctor-search-index.js";
import { createMemoryLogger } from "../../src/log.js";
import { parseOptions } from "../../src/options.js";
import { createDataContext } from "../../src/services.js";
import { connect } from "../../src/store/driver.js";
import { indexDiskBytes, inspectIndex, MANY_SEGMENTS } from "../../src/transcripts/index/index-maintenance.js";
import { INDEX_VERSION } from "../../src/transcripts/index/index-schema.js";
import { INDEX_FILE, SearchIndex } from "../../src/transcripts/index/search-index.js";
import { exportAll, PROJECT, searchOver } from "../helpers/indexed-sessions.js";
import { isBun, NODE_BIN, OPENCODE_BIN, REPO_ROOT } from "../helpers/runtime-child.js";
import { syntheticSession } from "../helpers/synthetic-session.js";
import { testDataContext } from "../helpers/transcripts.js";

const HOLDER = path.join(REPO_ROOT, "test", "helpers", "index-holder.mjs");

async function withSessions(count = 2, automerge?: number) {
  const data = testDataContext();
  if (automerge !== undefined) {
    // Segments as a busy index gathers them over months of commits, made quickly: FTS5 merges none of them itself.
    const health = await data.searchIndex.forWriting();
    if (!health.usable) throw new Error(health.reason);
    health.connection.run(`INSERT INTO unit_text (unit_text, rank) VALUES ('automerge', ${automerge})`);
    health.connection.run(`INSERT INTO unit_text (unit_text, rank) VALUES ('crisismerge', 64)`);
  }
  const sessions = Array.from({ length: count }, (_, i) =>
    syntheticSession(2, `ses_doctorindex${String(i).padStart(4, "0")}`, 200),
  );
  for (const s of sessions) await exportAll(data, [s.data]);
  data.searchIndex.close();
  return { data, dataDir: data.options.dataDir, file: path.join(data.options.dataDir, INDEX_FILE) };
}

/** A process holding the index open, in the runtime of the tests (Node, or Bun as OpenCode runs the plugin). */
async function holder(dataDir: string): Promise<ChildProcess> {
  const child = isBun
    ? spawn(OPENCODE_BIN, ["run", HOLDER, dataDir], { env: { ...process.env, BUN_BE_BUN: "1" } })
    : spawn(NODE_BIN, [HOLDER, dataDir]);
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("ready")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`the holder exited (${code}) before it was ready`)));
  });
  return child;
}

const release = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.on("exit", () => resolve());
    child.stdin?.end();
  });

describe("doctor and the search index", () => {
  it("a SQLite file that is no index of ours: named as such, never written, and --fix moves it aside whole", async () => {
    const { dataDir, file } = await withSessions();
    new SearchIndex(dataDir).remove();
    const c = await connect(file, { readonly: false });
    c.exec("CREATE TABLE sessions (a, b); INSERT INTO sessions VALUES (1, 2); CREATE TABLE notes (x)");
    c.close();
    const before = fs.readFileSync(file);
    const [finding] = (await searchIndexFindings(dataDir)).filter((f) => f.check === "transcript search index");
    expect(finding).toMatchObject({ status: "fail", repair: { kind: "search-index-aside" } });
    expect(finding?.detail).toContain(
      "is a SQLite database but no search index of opencode-ledger (it holds sessions, notes)",
    );
    expect(finding?.fix).toContain("moves it aside");
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    const done = await setAsideSearchIndex(dataDir);
    const aside = /moved to (\S+) \(unchanged\)/.exec(done)?.[1] as string;
    expect(fs.readFileSync(aside).equals(before)).toBe(true);
    expect(done).toMatch(/the search index was rebuilt: 2 transcripts/);
    expect((await inspectIndex(dataDir, path.join(dataDir, "transcripts"))).state).toBe("ok");
  });

  it("a newer index: doctor and the search's fallback say to upgrade, not that doctor --fix rebuilds it", async () => {
    const { data, dataDir, file } = await withSessions();
    const c = await connect(file, { readonly: false });
    c.exec(`PRAGMA user_version = ${INDEX_VERSION + 1}`);
    c.close();
    const [finding] = (await searchIndexFindings(dataDir)).filter((f) => f.check === "transcript search index");
    expect(finding?.repair).toBeUndefined();
    expect(finding?.fix).toMatch(/^upgrade opencode-ledger/);
    const out = await searchOver(data, { index: new SearchIndex(dataDir) })({
      query: "module import path",
      mode: "ranked",
      scope: PROJECT,
    });
    expect(out.text).toMatch(/fell back to the scan, .*; upgrade opencode-ledger to use it/);
    expect(out.text).not.toContain('doctor --fix" rebuilds');
  });

  it("its size counts the -wal and -shm beside the file", async () => {
    const { dataDir, file } = await withSessions();
    const index = new SearchIndex(dataDir);
    const health = await index.forWriting();
    if (!health.usable) throw new Error(health.reason);
    health.connection.exec("PRAGMA wal_autocheckpoint = 0");
    health.connection.run("DELETE FROM units WHERE id IN (SELECT id FROM units LIMIT 5)");
    const wal = fs.statSync(`${file}-wal`).size;
    expect(wal).toBeGreaterThan(0);
    const total = fs.statSync(file).size + wal + fs.statSync(`${file}-shm`).size;
    expect(indexDiskBytes(dataDir)).toBe(total);
    const seen = await inspectIndex(dataDir, path.join(dataDir, "transcripts"));
    index.close();
    expect(seen).toMatchObject({ state: "ok" });
    expect(seen.state === "ok" && seen.bytes).toBeGreaterThanOrEqual(total);
  });

  it("open in another process: --fix never removes it under that process; caught up in place it is", async () => {
    const { dataDir, file } = await withSessions();
    const inode = fs.statSync(file).ino;
    const child = await holder(dataDir);
    try {
      const refused = await rebuildSearchIndex(dataDir);
      expect(refused).toMatch(
        /^the search index was not rebuilt: .* is open in another process \(OpenCode running\?\)/,
      );
      expect(fs.statSync(file).ino).toBe(inode);
      // Behind: brought up to date beside the other process, in the same file.
      const more = {
        ...createDataContext(parseOptions({ dataDir }).options, createMemoryLogger()),
        log: createMemoryLogger(),
      };
      await exportAll(more, [syntheticSession(2, "ses_doctorindexmore", 200).data]);
      more.searchIndex.close();
      expect(await catchUpSearchIndex(dataDir)).toMatch(/^the search index was brought up to date: /);
      expect(fs.statSync(file).ino).toBe(inode);
    } finally {
      await release(child);
    }
    expect(await rebuildSearchIndex(dataDir)).toMatch(/^the search index was rebuilt: 3 transcripts/);
  }, 60_000);

  it("of many segments: doctor calls it fragmented and --fix merges them in place", async () => {
    const { dataDir } = await withSessions(40, 0);
    const [finding] = (await searchIndexFindings(dataDir)).filter((f) => f.check === "transcript search index");
    expect(finding).toMatchObject({ status: "warn", repair: { kind: "search-index-catch-up" } });
    expect(finding?.detail).toMatch(/; \d+ segments \(ranked searches read each one/);
    // The merge runs a step at a time: the process's other work (here a tick per turn of the event loop) goes on
    // between its steps, so its cost is spread however large the index grew.
    let ticks = 0;
    let ticking = true;
    const tick = () => {
      ticks++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const done = await catchUpSearchIndex(dataDir);
    ticking = false;
    const steps = Number(/in ([\d,]+) steps?$/.exec(done)?.[1]);
    expect(steps).toBeGreaterThanOrEqual(2);
    expect(ticks).toBeGreaterThanOrEqual(steps - 1);
    const [, before, after] = /(\d+) segments merged into (\d+)/.exec(done) ?? [];
    expect(Number(before)).toBeGreaterThanOrEqual(MANY_SEGMENTS);
    expect(Number(after)).toBeLessThan(4);
    const [again] = (await searchIndexFindings(dataDir)).filter((f) => f.check === "transcript search index");
    expect(again?.status).toBe("ok");
  }, 60_000);
});
