import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { normalizeScopePath } from "../../src/scope.js";
import { isBun } from "../../src/store/driver.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import { createSessionSettings } from "../../src/store/session-settings.js";
import { writeProgress } from "../../src/transcripts/backfill/backfill-progress.js";
import { exportTranscript } from "../../src/transcripts/export/export-transcript.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { createStatusCache, type StatusFigures, statusText } from "../../src/tui/status.js";
import { loadStatus, transcriptLinesOf } from "../../src/tui/status-load.js";
import { memoryFixture } from "../helpers/memory.js";
import { syntheticSession } from "../helpers/synthetic-session.js";
import { tempDir } from "../helpers/temp-dir.js";
import { testDataContext } from "../helpers/transcripts.js";

const agent = { kind: "agent", agent: "build" } as const;
const figures = (over: Partial<StatusFigures> = {}): StatusFigures => ({
  entries: 12,
  candidates: 2,
  sessionID: "ses_status000001",
  transcriptLines: 340,
  injectionOff: false,
  actionRecall: true,
  ...over,
});

describe(`TUI status (${isBun ? "bun:sqlite" : "better-sqlite3"})`, () => {
  it("reads zeros from an absent store without creating it", async () => {
    const f = memoryFixture();
    const settings = createSessionSettings({ database: f.database, clock: () => f.now.value });
    const deps = { memory: f.memory, database: f.database, settings, project: f.project, actionRecall: true };
    expect(await loadStatus(deps, "ses_status000001")).toEqual({
      entries: 0,
      candidates: 0,
      sessionID: "ses_status000001",
      transcriptLines: null,
      injectionOff: false,
      actionRecall: true,
    });
    expect(fs.existsSync(f.dbFile)).toBe(false);
  });

  it("counts this project's and global active entries and candidates, the session's transcript and its switch", async () => {
    const data = testDataContext();
    const f = { database: data.database, project: normalizeScopePath(tempDir()), other: "/projects/other" };
    const memory = createMemoryStore({ database: data.database, clock: data.clock });
    const session = syntheticSession(2, "ses_status000001", 100);
    await exportTranscript({
      data,
      source: createMemorySource([session.data]),
      sessionID: "ses_status000001",
      scope: f.project,
    });
    await memory.save({ scope: f.project, kind: "fact", title: "A", body: "a" }, agent);
    await memory.save({ scope: "global", kind: "fact", title: "B", body: "b" }, agent);
    await memory.save({ scope: f.other, kind: "fact", title: "Elsewhere", body: "c" }, agent);
    await memory.save({ scope: f.project, kind: "lesson", title: "C", body: "c" }, agent, { changesAwaitReview: true });
    const settings = createSessionSettings({ database: f.database, clock: data.clock });
    await settings.setInjectionOff("ses_status000001", true);
    const deps = { memory, database: f.database, settings, project: f.project, actionRecall: true };

    const lines = await transcriptLinesOf(f.database, "ses_status000001");
    expect(lines).toBeGreaterThan(10);
    const loaded = await loadStatus(deps, "ses_status000001");
    expect(loaded).toEqual({
      entries: 2,
      candidates: 1,
      sessionID: "ses_status000001",
      transcriptLines: lines,
      injectionOff: true,
      actionRecall: true,
    });
    expect(statusText(loaded, "ses_status000001")).toBe(
      `mem 2 · 1 to review · transcript ${lines} lines · injection off · recall off`,
    );
    expect(await loadStatus(deps)).toMatchObject({ sessionID: undefined, transcriptLines: null, injectionOff: false });
    expect(await transcriptLinesOf(f.database, "ses_unknown00001")).toBeNull();
  });

  it("status text: session parts only for the session they were loaded for", () => {
    expect(statusText(undefined)).toBe("mem …");
    expect(statusText(figures())).toBe("mem 12 · 2 to review · recall on");
    expect(statusText(figures(), "ses_status000001")).toBe("mem 12 · 2 to review · transcript 340 lines · recall on");
    expect(statusText(figures(), "ses_other0000001")).toBe("mem 12 · 2 to review · recall on");
    expect(statusText(figures({ candidates: 0, transcriptLines: 1 }), "ses_status000001")).toBe(
      "mem 12 · transcript 1 line · recall on",
    );
    expect(statusText(figures(), "ses_status000001", "compacted, 0 tokens")).toBe(
      "mem 12 · 2 to review · transcript 340 lines · compacted, 0 tokens · recall on",
    );
    expect(statusText(figures(), "ses_other0000001", "compacted, 0 tokens")).toBe("mem 12 · 2 to review · recall on");
    expect(statusText(figures({ transcriptLines: null, injectionOff: true }), "ses_status000001")).toBe(
      "mem 12 · 2 to review · injection off · recall off",
    );
    // the option off: off in every session; another session's switch does not turn it off here
    expect(statusText(figures({ actionRecall: false }))).toBe("mem 12 · 2 to review · recall off");
    expect(statusText(figures({ injectionOff: true }), "ses_other0000001")).toBe("mem 12 · 2 to review · recall on");
  });

  it("shows a backfill under way in any process, and nothing once it finished or its process is gone", async () => {
    const data = testDataContext();
    const memory = createMemoryStore({ database: data.database, clock: data.clock });
    const settings = createSessionSettings({ database: data.database, clock: data.clock });
    const deps = { memory, database: data.database, settings, project: "/projects/p", actionRecall: false };
    const base = { startedAt: 1, updatedAt: 2, total: 2000, done: 120, exported: 100, current: 20, skipped: 0 };
    fs.mkdirSync(data.options.dataDir, { recursive: true });
    writeProgress(data.options.dataDir, { ...base, pid: process.pid, lines: 0, bytes: 0 });
    const running = await loadStatus(deps);
    expect(running.backfill).toEqual({ done: 120, total: 2000 });
    expect(statusText(running)).toBe("mem 0 · recall off · backfill 120/2000");
    // The second pass: transcripts indexed of those the index was behind.
    writeProgress(data.options.dataDir, {
      ...base,
      done: 2000,
      pid: process.pid,
      lines: 0,
      bytes: 0,
      indexing: { total: 1900, done: 40 },
    });
    const indexing = await loadStatus(deps);
    expect(indexing.backfill).toEqual({ done: 2000, total: 2000, indexing: { total: 1900, done: 40 } });
    expect(statusText(indexing)).toBe("mem 0 · recall off · backfill indexing 40/1900");
    writeProgress(data.options.dataDir, { ...base, pid: process.pid, lines: 0, bytes: 0, finishedAt: 3 });
    expect((await loadStatus(deps)).backfill).toBeUndefined();
    writeProgress(data.options.dataDir, { ...base, pid: 999_999_999, lines: 0, bytes: 0 });
    expect((await loadStatus(deps)).backfill).toBeUndefined();
  });

  it("the cache never runs two loads at once and runs a refresh asked for during a load once after it", async () => {
    let calls = 0;
    let active = 0;
    let maxActive = 0;
    const release: (() => void)[] = [];
    const cache = createStatusCache(
      async (sessionID) => {
        calls++;
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise<void>((resolve) => release.push(resolve));
        active--;
        return figures({ sessionID, entries: calls });
      },
      () => {},
    );
    const seen: number[] = [];
    cache.onChange((f) => seen.push(f.entries));
    cache.refresh("ses_status000001");
    cache.refresh();
    cache.refresh();
    cache.refresh("ses_status000002");
    while (release.length === 0) await Promise.resolve();
    release.shift()?.();
    while (release.length === 0) await Promise.resolve();
    release.shift()?.();
    await cache.idle();
    expect(calls).toBe(2);
    expect(maxActive).toBe(1);
    expect(seen).toEqual([1, 2]);
    expect(cache.current()).toMatchObject({ entries: 2, sessionID: "ses_status000002" });
  });

  it("ensure loads once per session; a failed load keeps the last figures and is reported once per message", async () => {
    let fail = false;
    let calls = 0;
    const errors: string[] = [];
    const cache = createStatusCache(
      async (sessionID) => {
        calls++;
        if (fail) throw new Error("disk gone");
        return figures({ sessionID });
      },
      (error) => errors.push(String(error)),
    );
    cache.ensure("ses_status000001");
    await cache.idle();
    cache.ensure("ses_status000001");
    await cache.idle();
    expect(calls).toBe(1);
    fail = true;
    cache.refresh();
    await cache.idle();
    cache.refresh();
    await cache.idle();
    expect(errors).toEqual(["Error: disk gone"]);
    expect(cache.current()?.sessionID).toBe("ses_status000001");
    cache.ensure("ses_status000002");
    await cache.idle();
    expect(calls).toBe(4);
  });
});
