/**
 * The backfill over a database shaped like OpenCode's, 1.x's and 2.x's (the same sessions in each): every session becomes a transcript, newest first; a second
 * run finds them current; one interrupted part-way resumes without a duplicated or missing line; a second process
 * skips while the first holds the lease; hostile sessions are skipped with a reason in the log.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type BackfillRequest, runBackfill } from "../../../src/transcripts/backfill/backfill.js";
import { leaseFile, takeLease } from "../../../src/transcripts/backfill/backfill-lease.js";
import { readProgress } from "../../../src/transcripts/backfill/backfill-progress.js";
import { createDatabaseSource } from "../../../src/transcripts/backfill/database-source.js";
import { createTurnActivity, type TurnActivity } from "../../../src/transcripts/backfill/turn-activity.js";
import { listTranscripts } from "../../../src/transcripts/catalog.js";
import { lockFile } from "../../../src/transcripts/export/lock.js";
import { SearchIndex } from "../../../src/transcripts/index/search-index.js";
import { dumpAndRebuild } from "../../helpers/index-rows.js";
import { createOpencodeDb, OPENCODE_SCHEMAS, type OpencodeSchema, storedSession } from "../../helpers/opencode-db.js";
import { REPO_ROOT, spawnBun } from "../../helpers/runtime-child.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { readTranscript, type TestDataContext, testDataContext } from "../../helpers/transcripts.js";

const id = (n: number) => `ses_backfill${String(n).padStart(6, "0")}`;

async function fixture(count: number, schema: OpencodeSchema = "1.18") {
  const fake = await createOpencodeDb(tempDir(), { schema });
  for (let n = 0; n < count; n++) fake.add(storedSession(2, id(n)), { updated: 1_000 + n });
  // A clock that moves on each reading, so the order of exports shows in the index.
  let now = 1_000_000;
  const data = testDataContext({}, () => now++);
  const source = await createDatabaseSource(fake.file);
  return { fake, data, source };
}

/** The backfill at a whole core, with no bound on a session's size, as `opencode-ledger transcripts backfill` runs. */
const fullSpeed = (data: TestDataContext, source: BackfillRequest["source"], more: Partial<BackfillRequest> = {}) =>
  runBackfill({ data, source, cpuShare: 1, maxSessionBytes: 1e9, ...more });
const rows = (data: TestDataContext) => data.database.read((db) => listTranscripts(db), []);

describe.each(OPENCODE_SCHEMAS)("backfill over OpenCode %s's database", (schema) => {
  it("exports every session newest first and reports progress to the end", async () => {
    const { data, source } = await fixture(5, schema);
    const order: number[] = [];
    const outcome = await fullSpeed(data, source, {
      onProgress: (p) => order.push(p.done),
    });
    if (!outcome.ran) throw new Error("did not run");
    expect(outcome.progress).toMatchObject({ total: 5, done: 5, exported: 5, current: 0, skipped: 0 });
    expect(order.at(-1)).toBe(5);
    expect(outcome.summary).toMatch(
      /^backfill done: 5 sessions exported of 5 from OpenCode's database .*; 0 skipped; /,
    );
    const exported = await rows(data);
    // Exported newest first: the newest session was written first, so it was touched first.
    const byExport = [...exported].sort((a, b) => a.createdAt - b.createdAt);
    expect(byExport.map((r) => r.sessionId)).toEqual([4, 3, 2, 1, 0].map(id));
    expect(exported).toHaveLength(5);
    for (const row of exported) {
      const lines = readTranscript(path.join(data.transcriptsDir, row.path));
      expect(lines.at(-1)?.number).toBe(row.lines);
    }
    expect(readProgress(data.options.dataDir)).toMatchObject({ done: 5, total: 5, summary: outcome.summary });
    expect(data.log.lines.some((l) => l.message === outcome.summary)).toBe(true);
    expect(fs.existsSync(leaseFile(data.transcriptsDir))).toBe(false);
  });

  it("a second run finds every transcript current and writes nothing", async () => {
    const { data, source } = await fixture(3, schema);
    await fullSpeed(data, source);
    const before = (await rows(data)).map((r) => [r.sessionId, r.lines, r.bytes]);
    const again = await fullSpeed(data, source);
    expect(again.ran && again.progress).toMatchObject({ exported: 0, current: 3 });
    expect((await rows(data)).map((r) => [r.sessionId, r.lines, r.bytes])).toEqual(before);
  });

  it("a session that changed since is brought up to date by appending", async () => {
    const { fake, data, source } = await fixture(1, schema);
    await fullSpeed(data, source);
    const grown = storedSession(4, id(0));
    fake.remove(id(0));
    fake.add(grown, { updated: 5_000_000 });
    const again = await fullSpeed(data, source);
    expect(again.ran && again.progress).toMatchObject({ exported: 1, current: 0 });
    const [row] = await rows(data);
    const lines = readTranscript(path.join(data.transcriptsDir, row?.path ?? ""));
    expect(lines.map((l) => l.number)).toEqual(lines.map((_, i) => i + 1));
    // Every message once: the append wrote only the new turns.
    const headers = lines.filter((l) => l.text.startsWith("## "));
    expect(new Set(headers.map((h) => h.text)).size).toBe(headers.length);
    expect(headers).toHaveLength(grown.messages.length);
  });

  it("stopped part-way, the next run resumes and finishes with every session once", async () => {
    // 40 sessions are three store transactions (16, 16, 8): it stops after the first.
    const { data, source } = await fixture(40, schema);
    const stop = new AbortController();
    const first = await fullSpeed(data, source, {
      signal: stop.signal,
      onProgress: (p) => {
        if (p.done === 16) stop.abort();
      },
    });
    expect(first.ran && first.progress).toMatchObject({ done: 16, exported: 16 });
    expect(first.ran && first.progress.indexing).toBeUndefined();
    expect(first.ran && first.summary).toMatch(/^backfill stopped at 16 of 40:/);
    const second = await fullSpeed(data, source);
    expect(second.ran && second.progress).toMatchObject({
      exported: 24,
      current: 16,
      indexing: { total: 40, done: 40 },
    });
    expect((await rows(data)).map((r) => r.sessionId).sort()).toEqual(Array.from({ length: 40 }, (_, n) => id(n)));
  }, 60_000);

  it("writes every transcript first, then indexes them newest first; stopped while indexing, the next run indexes the rest", async () => {
    const { data, source } = await fixture(5, schema);
    const stop = new AbortController();
    const seen: { done: number; indexed?: number }[] = [];
    const first = await fullSpeed(data, source, {
      signal: stop.signal,
      onProgress: (p) => {
        seen.push({ done: p.done, indexed: p.indexing?.done });
        if ((p.indexing?.done ?? 0) >= 2) stop.abort();
      },
    });
    if (!first.ran) throw new Error("did not run");
    // No transcript was indexed before every one was written.
    expect(seen.filter((s) => s.indexed !== undefined).every((s) => s.done === 5)).toBe(true);
    expect(first.progress.indexing).toEqual({ total: 5, done: 2 });
    expect(first.summary).toMatch(/; 2 transcripts of 5 indexed for search; /);
    const covered = await data.searchIndex.coveredBytes();
    // The newest two: their transcripts were written first.
    expect([...(covered?.keys() ?? [])].sort()).toEqual([id(3), id(4)]);

    const second = await fullSpeed(data, source);
    expect(second.ran && second.progress).toMatchObject({ exported: 0, current: 5, indexing: { total: 3, done: 3 } });
    expect(second.ran && second.summary).toMatch(/; 3 transcripts indexed for search; /);
    const third = await fullSpeed(data, source);
    expect(third.ran && third.progress.indexing).toEqual({ total: 0, done: 0 });
    data.searchIndex.close();
    const { dump, rebuilt } = await dumpAndRebuild(data.options.dataDir, data.transcriptsDir);
    expect(dump.sessions).toHaveLength(5);
    expect(rebuilt).toEqual(dump);
  });

  it("indexes transcripts the index is behind though they are current (exported before the index existed)", async () => {
    const { data, source } = await fixture(3, schema);
    await fullSpeed(data, source);
    data.searchIndex.remove();
    const again = await fullSpeed(data, source);
    expect(again.ran && again.progress).toMatchObject({ exported: 0, current: 3, indexing: { total: 3, done: 3 } });
    expect([...((await data.searchIndex.coveredBytes())?.keys() ?? [])].sort()).toEqual([0, 1, 2].map(id));
  });

  it("leaves a transcript whose export lock is held to the export holding it, and goes on", async () => {
    const { data, source } = await fixture(2, schema);
    const outcome = await fullSpeed(data, source, {
      onProgress: (p) => {
        // Before the second pass starts: a live export of the newest session holds its lock.
        if (p.done === 2 && !p.indexing)
          fs.writeFileSync(lockFile(data.transcriptsDir, id(1)), `${process.pid} ${Date.now()} x`);
      },
    });
    expect(outcome.ran && outcome.progress.indexing).toEqual({ total: 2, done: 2 });
    expect([...((await data.searchIndex.coveredBytes())?.keys() ?? [])]).toEqual([id(0)]);
  });

  it("skips while another process holds the lease, and takes over a lease whose process is gone", async () => {
    const { data, source } = await fixture(2, schema);
    const lease = takeLease(data.transcriptsDir);
    // The same process holds it here; a lease of a live process is never taken over.
    const skipped = await fullSpeed(data, source);
    expect(skipped).toEqual({ ran: false, heldBy: { pid: process.pid, since: expect.any(Number) } });
    expect(await rows(data)).toEqual([]);
    if ("release" in lease) lease.release();
    // A lease left by a process killed with kill -9 (no such pid any more).
    fs.writeFileSync(leaseFile(data.transcriptsDir), `999999999 ${Date.now()} dead`);
    const ran = await fullSpeed(data, source);
    expect(ran.ran && ran.progress.exported).toBe(2);
  });

  it("skips hostile sessions with a reason in the log and exports the rest", async () => {
    const { fake, data, source } = await fixture(1, schema);
    fake.run("INSERT INTO project (id, worktree, time_created, time_updated, sandboxes) VALUES ('p', '/', 0, 0, '[]')");
    const table = schema === "2.0" ? "session_v2" : "session";
    const session = (sid: string, updated: unknown) =>
      fake.run(
        `INSERT INTO ${table} (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES (?, 'p', 's', '/x', 't', '1', 1, ?)`,
        sid,
        updated,
      );
    session("../../etc/passwd", 9);
    session("ses_hostile0000json", 8);
    if (schema === "2.0") {
      fake.run(
        "INSERT INTO session_message (id, session_id, type, seq, time_created, time_updated, data) VALUES ('msg_h1', 'ses_hostile0000json', 'user', 0, 1, 1, '{broken')",
      );
    } else {
      fake.run(
        "INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES ('msg_h1', 'ses_hostile0000json', 1, 1, '{broken')",
      );
      fake.run(
        `INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES ('prt_h1', 'msg_h1', 'ses_hostile0000json', 1, 1, '{"type":"text","text":"x"}')`,
      );
    }
    session("ses_hostile000empty", 7);
    fake.add(storedSession(1, "ses_hostile0000big1", 60_000), { updated: 6 });
    session("ses_hostile000times", "never");
    const outcome = await fullSpeed(data, source, { maxSessionBytes: 50_000 });
    expect(outcome.ran && outcome.progress).toMatchObject({ total: 5, exported: 1, current: 1, skipped: 4 });
    const warnings = data.log.lines.filter((l) => l.level === "warn").map((l) => l.message);
    expect(warnings).toEqual(
      expect.arrayContaining([
        "backfill: skipped ../../etc/passwd: its id is not a session id",
        expect.stringMatching(/^backfill: skipped ses_hostile0000json: .*its data is not JSON/),
        expect.stringMatching(
          /^backfill: skipped ses_hostile0000big1: it holds 0\.\d MB of data, more than backfill.maxSessionMB \(0.0 MB\)/,
        ),
        "backfill: skipped ses_hostile000times: OpenCode's record of it cannot be read (it has no valid times)",
      ]),
    );
    expect(fs.readdirSync(path.dirname(data.transcriptsDir))).not.toContain("etc");
    // A session without any part yet (created, never prompted) has nothing to write: it counts as current.
    expect((await rows(data)).map((r) => r.sessionId)).toEqual([id(0)]);
  });

  // Its pacing is the backfill's, whichever database it reads: timed once, over 1.x's.
  (schema === "1.18" ? it : it.skip)(
    "rests between sessions so its work stays near its share of a core",
    async () => {
      // Against the same work at a whole core, in the same run: at a quarter it rests three times as long as it works.
      // (CPU time is not the measure: under Bun it counts the runtime's own threads too.)
      const timed = async (cpuShare: number) => {
        const { data, source } = await fixture(8, schema);
        const began = performance.now();
        await runBackfill({ data, source, cpuShare, maxSessionBytes: 1e9 });
        return performance.now() - began;
      };
      await timed(1); // warms the exporter up, so the first measured run is not the cold one
      const whole = await timed(1);
      const quarter = await timed(0.25);
      expect(quarter).toBeGreaterThan(1.5 * whole);
    },
    60_000,
  );
});

describe("backfill during a turn", () => {
  const busy = (turns: TurnActivity) =>
    turns.onEvent({ type: "session.status", properties: { sessionID: "ses_turn", status: { type: "busy" } } });
  const idle = (turns: TurnActivity) => turns.onEvent({ type: "session.idle", properties: { sessionID: "ses_turn" } });

  it("rests while a turn runs, keeps its lease meanwhile, and goes on when the turn ends", async () => {
    const { data, source } = await fixture(3);
    const turns = createTurnActivity();
    busy(turns);
    const done: number[] = [];
    const run = fullSpeed(data, source, {
      turns,
      onProgress: (p) => done.push(p.done),
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    // Listed, nothing exported: it waits before its first session, holding the lease it renews.
    expect(done.every((n) => n === 0)).toBe(true);
    expect(await rows(data)).toEqual([]);
    expect(fs.existsSync(leaseFile(data.transcriptsDir))).toBe(true);
    expect(readProgress(data.options.dataDir)?.updatedAt).toBeGreaterThan(Date.now() - 700);
    idle(turns);
    const outcome = await run;
    expect(outcome.ran && outcome.progress).toMatchObject({ done: 3, exported: 3 });
  });

  it("ends its index batch when a turn starts: what it indexed is committed before it rests", async () => {
    const { data, source } = await fixture(6);
    const turns = createTurnActivity();
    let indexedAtRest = -1;
    const run = fullSpeed(data, source, {
      turns,
      onProgress: (p) => {
        if (p.indexing?.done !== 2 || indexedAtRest !== -1) return;
        indexedAtRest = 0;
        busy(turns);
        // Looked at from another connection once the backfill rests, as another process would.
        setTimeout(async () => {
          const other = new SearchIndex(data.options.dataDir);
          const health = await other.forReading();
          if (health.usable) {
            indexedAtRest = health.connection.get<{ n: number }>("SELECT count(*) AS n FROM sessions")?.n ?? -1;
          }
          other.close();
          idle(turns);
        }, 300);
      },
    });
    const outcome = await run;
    expect(outcome.ran && outcome.progress).toMatchObject({ done: 6, exported: 6, indexing: { total: 6, done: 6 } });
    expect(indexedAtRest).toBe(2);
  });

  it("stops resting when it is aborted during a turn", async () => {
    const { data, source } = await fixture(2);
    const turns = createTurnActivity();
    turns.onEvent({ type: "session.status", properties: { sessionID: "ses_turn", status: { type: "retry" } } });
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 300);
    const outcome = await fullSpeed(data, source, { turns, signal: abort.signal });
    expect(outcome.ran && outcome.progress).toMatchObject({ done: 0, exported: 0 });
    expect(outcome.ran && outcome.summary).toMatch(/^backfill stopped at 0 of 2:/);
  });
});

describe("backfill killed with SIGKILL", () => {
  it("is resumed by the next process: every session once, no duplicated or missing message", async () => {
    // 40 sessions: three store transactions, killed after the first.
    const { data, source } = await fixture(40);
    const worker = spawnBun(path.join(REPO_ROOT, "test", "helpers", "backfill-worker.ts"), [
      data.options.dataDir,
      source.name.replace("OpenCode's database ", ""),
      "0.05",
    ]);
    await worker.waitFor("progress 16", 60_000);
    worker.child.kill("SIGKILL");
    await worker.exited;
    expect(fs.existsSync(leaseFile(data.transcriptsDir))).toBe(true);
    const resumed = await fullSpeed(data, source);
    if (!resumed.ran) throw new Error("the lease of the killed process was not taken over");
    expect(resumed.progress.current).toBeGreaterThanOrEqual(16);
    const exported = await rows(data);
    expect(exported.map((r) => r.sessionId).sort()).toEqual(Array.from({ length: 40 }, (_, n) => id(n)));
    for (const row of exported) {
      const lines = readTranscript(path.join(data.transcriptsDir, row.path));
      expect(lines.map((l) => l.number)).toEqual(lines.map((_, i) => i + 1));
      const headers = lines.filter((l) => l.text.startsWith("## ")).map((l) => l.text);
      expect(new Set(headers).size, row.sessionId).toBe(headers.length);
      expect(headers).toHaveLength(4);
    }
    // The resumed run's second pass indexed every transcript, never holding a unit twice: it is the index a rebuild
    // from the files makes.
    data.searchIndex.close();
    const { dump, rebuilt } = await dumpAndRebuild(data.options.dataDir, data.transcriptsDir);
    expect(dump.sessions).toHaveLength(40);
    expect(rebuilt).toEqual(dump);
  }, 90_000);
});
