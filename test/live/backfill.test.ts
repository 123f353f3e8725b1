/**
 * The backfill in the real OpenCode 1.18.33: sessions OpenCode held before the plugin ever started are found by
 * memory_session_search without any compaction or a tool naming them; a two-turn session that never compacts is found
 * once it goes idle; a deleted session's transcript is marked orphaned and swept; two OpenCode processes on one home
 * backfill without a duplicated or missing line; a backfill killed with SIGKILL is resumed by the next start.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readProgress } from "../../src/transcripts/backfill/backfill-progress.js";
import { createOpencodeDb, storedSession } from "../helpers/opencode-db.js";
import { corpusFiles, readTranscript } from "../helpers/transcripts.js";
import { type LiveServer, launch } from "./harness.js";
import { type LivePaths, prepareHome, runCli } from "./live-home.js";
import { type StubModel, startStubModel } from "./stub-model.js";

const IMPORTED = "session__jolly-eagle__ses_39b5d713cffeRgAoxPIwS3Plus.json";
const IMPORTED_ID = "ses_39b5d713cffeRgAoxPIwS3Plus";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A home whose OpenCode already holds the corpus session (imported by OpenCode) and `extra` more sessions. */
async function homeWithHistory(stub: StubModel, extra: number, plugin: Record<string, unknown>): Promise<LivePaths> {
  const paths = prepareHome(stub, { plugin: { ...plugin, backfill: { delayMs: 0, ...(plugin.backfill as object) } } });
  const corpus = path.dirname(corpusFiles()[0] ?? "");
  const imported = await runCli(paths, ["import", path.join(corpus, IMPORTED)]);
  expect(imported.output).toContain("Imported session");
  // More sessions written the way OpenCode stores them, into the database OpenCode created.
  const db = await createOpencodeDb(path.join(paths.xdgData, "opencode"), { existing: true });
  for (let n = 0; n < extra; n++) {
    const session = storedSession(2, `ses_livebackfill${String(n).padStart(4, "0")}`);
    session.info.directory = paths.project;
    const first = session.messages[0]?.parts[0];
    if (first?.type === "text") first.text = `history-needle-${n}: a session from before the plugin`;
    db.add(session, { updated: 1_700_000_000_000 + n });
  }
  db.close();
  return paths;
}

async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Every transcript file under the data folder, by session id. */
function transcriptFiles(dataDir: string): Map<string, string> {
  const files = new Map<string, string>();
  const root = path.join(dataDir, "transcripts");
  if (!fs.existsSync(root)) return files;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".md"))
      files.set(entry.name.slice(0, -3), path.join(entry.parentPath, entry.name));
  }
  return files;
}

/** Each message header once, and line numbers 1..n without a gap. */
function expectWhole(file: string): void {
  const lines = readTranscript(file);
  expect(lines.map((l) => l.number)).toEqual(lines.map((_, i) => i + 1));
  const headers = lines.filter((l) => l.text.startsWith("## ")).map((l) => l.text);
  expect(new Set(headers).size, file).toBe(headers.length);
}

describe("backfill, live", () => {
  let oc: LiveServer;
  let sessionID: string;

  const search = async (query: string) => {
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: "memory_session_search", args: { query, all: true } });
    await oc.prompt(sessionID, "Search the history.");
    return (
      oc.stub
        .since(mark)
        .find((r) => r.messages.at(-1)?.role === "tool")
        ?.messages.at(-1)?.text ?? ""
    );
  };

  beforeAll(async () => {
    const stub = await startStubModel();
    const paths = await homeWithHistory(stub, 5, {});
    oc = await launch(paths, stub, true);
    await until("the backfill summary", () => oc.pluginLog().find((l) => l.includes("backfill done:")));
    sessionID = await oc.createSession();
  }, 120_000);
  afterAll(async () => {
    await oc?.stop();
  });

  it("finds sessions OpenCode held before the plugin started, without a compaction or a tool naming them", async () => {
    const summary = oc.pluginLog().find((l) => l.includes("backfill done:")) ?? "";
    expect(summary).toMatch(/backfill done: 6 sessions exported of 6 from OpenCode's database/);
    expect(oc.stub.requests.some((r) => r.kind === "compaction")).toBe(false);
    const found = await search("gitter-commit");
    expect(found).toContain(IMPORTED_ID);
    expect(await search("history-needle-3")).toContain("history-needle-3: a session from before the plugin");
    expect(transcriptFiles(oc.dataDir).size).toBeGreaterThanOrEqual(6);
  });

  it("a session backfilled from the database gains no line when the server exports it again", async () => {
    const file = transcriptFiles(oc.dataDir).get(IMPORTED_ID) ?? "";
    const before = fs.readFileSync(file);
    const mark = oc.stub.mark();
    expect((await oc.command(sessionID, "memory-continue", IMPORTED_ID)).status).toBe(200);
    const asked = oc.stub.since(mark).find((r) => r.kind === "chat")?.lastUserText ?? "";
    expect(asked).toContain(`${IMPORTED_ID}.md (lines `);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it("a two-turn session that never compacts is found once it goes idle", async () => {
    const fresh = await oc.createSession();
    await oc.prompt(fresh, "First turn: remember the word zebra-marmalade-4711.");
    await oc.prompt(fresh, "Second turn: nothing else.");
    const file = await until("the idle export", () => transcriptFiles(oc.dataDir).get(fresh));
    await until("the second turn in the transcript", () => fs.readFileSync(file, "utf8").includes("Second turn"));
    expect(await search("zebra-marmalade-4711")).toContain(fresh);
    expectWhole(file);
  });

  it("a session deleted in OpenCode is marked orphaned and its transcript swept", async () => {
    const doomed = await oc.createSession();
    await oc.prompt(doomed, "A turn in a session about to be deleted.");
    const file = await until("the idle export", () => transcriptFiles(oc.dataDir).get(doomed));
    expect((await oc.api("DELETE", `/session/${doomed}`)).status).toBe(200);
    await until("the sweep", () => !fs.existsSync(file));
    // The plugin logs through the server: its lines reach the log file a little after the work is done.
    await until("the orphaned mark in the log", () =>
      oc.pluginLog().some((l) => l.includes(`transcript ${doomed}: OpenCode deleted the session; marked orphaned`)),
    );
    await until("the removal in the log", () =>
      oc.pluginLog().some((l) => l.includes(`transcript cleanup removed ${doomed}`)),
    );
  });
});

describe("backfill across processes, live", () => {
  it("two OpenCode processes on one home: one backfills, no line is written twice or missed", async () => {
    const stub = await startStubModel();
    const paths = await homeWithHistory(stub, 40, { backfill: { cpuShare: 0.2 } });
    const [a, b] = await Promise.all([launch(paths, stub, false, "a.log"), launch(paths, stub, false, "b.log")]);
    try {
      const ended = (oc: LiveServer) =>
        oc.pluginLog().find((l) => /backfill done:|another process \(pid \d+\)/.test(l));
      const [endA, endB] = await Promise.all([
        until("a's backfill", () => ended(a), 90_000),
        until("b's", () => ended(b), 90_000),
      ]);
      const done = [endA, endB].filter((l) => l.includes("backfill done:"));
      const exported = done.map((l) => Number(/backfill done: (\d+) sessions? exported/.exec(l)?.[1] ?? 0));
      // Every session exported exactly once, by whichever process held the lease.
      expect(exported.reduce((x, y) => x + y, 0)).toBe(41);
      const files = transcriptFiles(paths.dataDir);
      expect(files.size).toBe(41);
      for (const file of files.values()) expectWhole(file);
    } finally {
      await a.stop();
      await b.stop();
      await stub.close();
    }
  }, 180_000);

  it("a backfill killed with SIGKILL is resumed by the next start and finishes", async () => {
    const stub = await startStubModel();
    const paths = await homeWithHistory(stub, 40, { backfill: { cpuShare: 0.05 } });
    const first = await launch(paths, stub, false, "first.log");
    const running = await until(
      "some progress",
      () => {
        const p = readProgress(paths.dataDir);
        return p && p.done >= 3 && p.finishedAt === undefined ? p : undefined;
      },
      90_000,
    );
    process.kill(running.pid, "SIGKILL");
    await until("the kill", () => {
      try {
        process.kill(running.pid, 0);
        return false;
      } catch {
        return true;
      }
    });
    expect(readProgress(paths.dataDir)?.finishedAt).toBeUndefined();
    const second = await launch(paths, stub, false, "second.log");
    try {
      const summary = await until(
        "the resumed backfill",
        () => second.pluginLog().find((l) => l.includes("backfill done:")),
        90_000,
      );
      const current = Number(/(\d+) already current/.exec(summary)?.[1] ?? -1);
      expect(current).toBeGreaterThanOrEqual(2);
      expect(second.pluginLog().some((l) => l.includes("took over") || l.includes("backfill done"))).toBe(true);
      const files = transcriptFiles(paths.dataDir);
      expect(files.size).toBe(41);
      for (const file of files.values()) expectWhole(file);
    } finally {
      await second.stop();
      await first.stop();
      await stub.close();
    }
  }, 180_000);
});
