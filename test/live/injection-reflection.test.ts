/**
 * Memory in the prompt and reflection, live: what the model actually receives in its system prompt, a session the
 * person switched off, and a reflection that distils candidate lessons through one model call.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "../../src/store/database.js";
import { createSessionSettings } from "../../src/store/session-settings.js";
import { type LiveServer, startOpencode } from "./harness.js";

const NUDGE = "Memory: save each durable decision";
const BLOCK = '<memory source="opencode-ledger">';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("memory injection, live", () => {
  let oc: LiveServer;
  beforeAll(async () => {
    oc = await startOpencode({ plugin: {} });
  });
  afterAll(async () => {
    await oc?.stop();
  });

  const systemOfLastChat = (mark: number) =>
    oc.stub
      .since(mark)
      .filter((r) => r.kind === "chat")
      .at(-1)?.system ?? "";

  it("adds only the nudge while the store is empty, and creates no store", async () => {
    const session = await oc.createSession();
    const mark = oc.stub.mark();
    await oc.prompt(session, "Hello there.");
    const system = systemOfLastChat(mark);
    expect(system).toContain(NUDGE);
    expect(system).not.toContain(BLOCK);
    expect(fs.existsSync(oc.dataDir)).toBe(false);
  });

  it("gives a new session the saved entries, and leaves out a session the person switched off", async () => {
    const writer = await oc.createSession();
    oc.stub.script({
      callTool: "memory_save",
      args: { kind: "lesson", title: "Run migrations before tests", body: "A stale schema fails the suite." },
    });
    await oc.prompt(writer, "Remember this lesson.");

    const fresh = await oc.createSession();
    let mark = oc.stub.mark();
    await oc.prompt(fresh, "What do we know?");
    const system = systemOfLastChat(mark);
    expect(system).toContain(BLOCK);
    expect(system).toMatch(
      /Lessons learned earlier[\s\S]*Run migrations before tests: A stale schema fails the suite\./,
    );

    const quiet = await oc.createSession();
    const database = new Database({ dataDir: oc.dataDir });
    await createSessionSettings({ database, clock: Date.now }).setInjectionOff(quiet, true);
    database.close();
    mark = oc.stub.mark();
    await oc.prompt(quiet, "Anything?");
    const quietSystem = systemOfLastChat(mark);
    expect(quietSystem).not.toContain(BLOCK);
    expect(quietSystem).not.toContain(NUDGE);
  });
});

describe("reflection, live", () => {
  let oc: LiveServer;
  beforeAll(async () => {
    oc = await startOpencode({ plugin: { reflection: { enabled: true, maxLessons: 2 } } });
  });
  afterAll(async () => {
    await oc?.stop();
  });

  it("distils candidate lessons once, through one model call on a temporary session that is then deleted", async () => {
    oc.stub.summaryText = JSON.stringify([
      { title: "Retry ECONNRESET with backoff", body: "The registry drops idle sockets; a 3x backoff fixed it." },
      { title: "Second lesson", body: "Keep fixtures small." },
      { title: "Third lesson", body: "Over the limit." },
    ]);
    const session = await oc.createSession();
    const mark = oc.stub.mark();
    await oc.prompt(session, "The install failed with ECONNRESET.");
    await oc.prompt(session, "Retrying with backoff worked.");
    const database = new Database({ dataDir: oc.dataDir });
    const { createMemoryStore } = await import("../../src/store/memory-store.js");
    const memory = createMemoryStore({ database, clock: Date.now });
    let lessons: Awaited<ReturnType<typeof memory.list>> | undefined;
    for (let i = 0; i < 100; i++) {
      lessons = await memory.list({ scopes: undefined, status: "all", kind: "lesson" });
      if (lessons.total >= 2) break;
      await sleep(100);
    }
    expect(lessons?.items.map((e) => [e.title, e.status, e.source.agent, e.source.session]).sort()).toEqual([
      ["Retry ECONNRESET with backoff", "candidate", "reflection", session],
      ["Second lesson", "candidate", "reflection", session],
    ]);
    const reflectionCalls = oc.stub.since(mark).filter((r) => r.lastUserText.includes("distil the lessons"));
    expect(reflectionCalls).toHaveLength(1);
    expect(reflectionCalls[0]?.lastUserText).toContain("Retrying with backoff worked.");
    expect(reflectionCalls[0]?.tools).toEqual([]);

    // the temporary session is gone, and another idle of the same session does not reflect again
    const sessions = (await oc.api<{ id: string; title: string }[]>("GET", "/session")).json ?? [];
    expect(sessions.some((s) => s.title.startsWith("opencode-ledger:"))).toBe(false);
    await oc.prompt(session, "One more turn.");
    await sleep(500);
    expect(oc.stub.since(mark).filter((r) => r.lastUserText.includes("distil the lessons"))).toHaveLength(1);
    database.close();
  });
});
