import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { MEMORY_NUDGE } from "../../src/injection/nudge.js";
import { createSystemTransformHook } from "../../src/injection/system-hook.js";
import type { Actor } from "../../src/store/memory-types.js";
import { DAY, type MemoryFixture, memoryFixture } from "../helpers/memory.js";

const AGENT: Actor = { kind: "agent", agent: "build", session: "ses_writer0001" };
const USER_MODEL = { providerID: "anthropic" };
const BASE_PROMPT = "You are an AI coding agent.";

let fx: MemoryFixture;
afterEach(() => fx?.close());

function hookFor(f: MemoryFixture, optedOut = new Set<string>(), maxChars = 1200) {
  return createSystemTransformHook({
    memory: f.memory,
    project: f.project,
    maxChars,
    ownProviders: ["ledger"],
    isOptedOut: async (id) => optedOut.has(id),
  });
}

async function systemOf(hook: ReturnType<typeof hookFor>, sessionID: string, first = BASE_PROMPT, model = USER_MODEL) {
  const output = { system: [first] };
  await hook({ sessionID, model }, output);
  return output.system;
}

const save = (f: MemoryFixture, title: string, more: Partial<{ kind: string; scope: string; body: string }> = {}) =>
  f.memory.save(
    { kind: more.kind ?? "decision", title, body: more.body ?? `body of ${title}`, scope: more.scope ?? f.project },
    AGENT,
  );

describe("memory injection", () => {
  it("adds only the two-line nudge while the store is empty, and creates no store file", async () => {
    fx = memoryFixture();
    const system = await systemOf(hookFor(fx), "ses_session0001");
    expect(system).toEqual([BASE_PROMPT, MEMORY_NUDGE]);
    expect(MEMORY_NUDGE.split("\n")).toHaveLength(2);
    expect(fs.existsSync(fx.dataDir)).toBe(false);
  });

  it("puts active lessons first, then recent active entries of the project and global, with their ids", async () => {
    fx = memoryFixture();
    const decision = await save(fx, "Use WAL mode");
    fx.now.value += 1000;
    const global = await save(fx, "Prefer pnpm everywhere", { kind: "preference", scope: "global" });
    fx.now.value += 1000;
    const lesson = await save(fx, "Run migrations before tests", {
      kind: "lesson",
      body: "The suite fails on a stale schema.",
    });
    const system = await systemOf(hookFor(fx), "ses_session0001");
    const block = system[1] as string;
    expect(block.startsWith(MEMORY_NUDGE)).toBe(true);
    const lessonAt = block.indexOf("Run migrations before tests");
    expect(lessonAt).toBeGreaterThan(0);
    expect(block).toContain("The suite fails on a stale schema.");
    expect(block).toContain(`[${lesson.entry.id}]`);
    expect(block.indexOf("Use WAL mode")).toBeGreaterThan(lessonAt);
    expect(block).toContain(`[${decision.entry.id}]`);
    expect(block).toContain(`Prefer pnpm everywhere (global) [${global.entry.id}]`);
    // the lesson is listed once, in its own section
    expect(block.split("Run migrations before tests").length).toBe(2);
  });

  it("never injects candidates, rejected, superseded, trashed or expired entries, nor another project's", async () => {
    fx = memoryFixture();
    await save(fx, "Visible active entry");
    await fx.memory.save(
      { kind: "fact", title: "A candidate", body: "x", scope: fx.project, status: "candidate" },
      AGENT,
    );
    const rejected = await save(fx, "A rejected one");
    await fx.memory.setStatus(rejected.entry.id, { status: "rejected", reason: "wrong" }, { kind: "person" });
    const old = await save(fx, "An old decision");
    const replacement = await save(fx, "The replacement decision");
    await fx.memory.supersede(old.entry.id, replacement.entry.id, AGENT);
    const trashed = await save(fx, "A trashed one");
    await fx.memory.trash(trashed.entry.id, AGENT);
    await fx.memory.save(
      { kind: "fact", title: "An expiring one", body: "x", scope: fx.project, expiresAt: fx.now.value + DAY },
      AGENT,
    );
    await save(fx, "Another project's entry", { scope: fx.other });
    fx.now.value += 2 * DAY;
    const block = (await systemOf(hookFor(fx), "ses_session0001"))[1] as string;
    expect(block).toContain("Visible active entry");
    expect(block).toContain("The replacement decision");
    for (const hidden of [
      "A candidate",
      "A rejected one",
      "An old decision",
      "A trashed one",
      "An expiring one",
      "Another project's entry",
    ]) {
      expect(block).not.toContain(hidden);
    }
  });

  it("stays within the character bound and says how many entries it left out", async () => {
    fx = memoryFixture();
    for (let i = 0; i < 30; i++) {
      await save(fx, `Decision number ${i} with a fairly long title to fill the block quickly`);
      fx.now.value += 10;
    }
    for (let i = 0; i < 5; i++) await save(fx, `Lesson ${i}`, { kind: "lesson", body: "x".repeat(400) });
    const block = (await systemOf(hookFor(fx, new Set(), 1200), "ses_session0001"))[1] as string;
    const injected = block.slice(MEMORY_NUDGE.length + 1);
    expect(injected.length).toBeLessThanOrEqual(1200);
    expect(injected).toMatch(/\((\d+) more not shown: memory_search finds them/);
    expect(injected.startsWith('<memory source="opencode-ledger">')).toBe(true);
    expect(injected.endsWith("</memory>")).toBe(true);
  });

  it("keeps the block of a session fixed after its first request", async () => {
    fx = memoryFixture();
    await save(fx, "First entry");
    const hook = hookFor(fx);
    const first = await systemOf(hook, "ses_session0001");
    await save(fx, "Saved during the session");
    expect(await systemOf(hook, "ses_session0001")).toEqual(first);
    expect((await systemOf(hook, "ses_session0002"))[1]).toContain("Saved during the session");
  });

  it("leaves OpenCode's title and compaction agents, the pointer model, and opted-out sessions alone", async () => {
    fx = memoryFixture();
    await save(fx, "Some entry");
    const hook = hookFor(fx, new Set(["ses_optedout01"]));
    const title = "You are a title generator. You output ONLY a thread title.";
    const compaction = "You are a context summarization agent. You are given a conversation";
    expect(await systemOf(hook, "ses_session0001", title)).toEqual([title]);
    expect(await systemOf(hook, "ses_session0001", compaction)).toEqual([compaction]);
    expect(await systemOf(hook, "ses_session0001", BASE_PROMPT, { providerID: "ledger" })).toEqual([BASE_PROMPT]);
    expect(await systemOf(hook, "ses_optedout01")).toEqual([BASE_PROMPT]);
    const output = { system: [BASE_PROMPT] };
    await hook({ model: USER_MODEL }, output);
    expect(output.system).toEqual([BASE_PROMPT]);
  });
});
