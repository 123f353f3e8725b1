/**
 * The memory block before a user turn: the entries the message matches first, the fixed block otherwise, over a real
 * store; and what a message's words and parts are.
 */
import { afterEach, describe, expect, it } from "vitest";
import { messageMatches, messageWords } from "../../src/injection/message-matches.js";
import { MEMORY_NUDGE } from "../../src/injection/nudge.js";
import { createSystemTransformHook } from "../../src/injection/system-hook.js";
import { createUserTurns, userText } from "../../src/injection/user-turns.js";
import { teamScope } from "../../src/scope.js";
import type { Actor } from "../../src/store/memory-types.js";
import { type MemoryFixture, memoryFixture } from "../helpers/memory.js";

const AGENT: Actor = { kind: "agent", agent: "build", session: "ses_writer0001" };
const SESSION = "ses_turns0001";
const MODEL = { providerID: "anthropic" };

let fx: MemoryFixture;
afterEach(() => fx?.close());

const save = (title: string, body: string, more: { kind?: string; scope?: string } = {}) =>
  fx.memory.save({ kind: more.kind ?? "decision", title, body, scope: more.scope ?? fx.project }, AGENT);

function hookWith(turns = createUserTurns(), maxChars = 1_200) {
  const hook = createSystemTransformHook({
    memory: fx.memory,
    project: fx.project,
    maxChars,
    ownProviders: ["ledger"],
    isOptedOut: async () => false,
    latestTurn: turns.latest,
  });
  return async () => {
    const output = { system: ["You are an AI coding agent."] };
    await hook({ sessionID: SESSION, model: MODEL }, output);
    return output.system[1] ?? "";
  };
}

describe("the memory block before a user turn", () => {
  it("starts with the entries the message matches, with their body, and keeps the rest within the bound", async () => {
    fx = memoryFixture();
    const retry = await save("Retry the registry with backoff", "ECONNRESET from the registry: retry three times.");
    for (let i = 0; i < 30; i++) await save(`Unrelated decision ${i} with a long enough title`, "x");
    const turns = createUserTurns();
    const system = hookWith(turns);
    const fixed = await system();
    expect(fixed).not.toContain("matches this message");
    turns.record(SESSION, "msg_1", "The install fails with ECONNRESET again, what did we say about the registry?");
    const block = await system();
    expect(
      block.startsWith(`${MEMORY_NUDGE}\n<memory source="opencode-ledger">\nSaved memory that matches this message:`),
    ).toBe(true);
    expect(block).toContain(
      `- decision: Retry the registry with backoff: ECONNRESET from the registry: retry three times. [${retry.entry.id}]`,
    );
    expect(block.split(retry.entry.id)).toHaveLength(2);
    expect(block.length).toBeLessThanOrEqual(MEMORY_NUDGE.length + 1 + 1_200);
    expect(block).toMatch(/Unrelated decision/);
    // every request of the same turn gets the same text; the turn knows what it showed in full
    expect(await system()).toBe(block);
    expect([...(turns.latest(SESSION)?.shown ?? [])]).toEqual([retry.entry.id]);
  });

  it("gives a turn that matches nothing, and a session with no turn seen, the fixed block as it was", async () => {
    fx = memoryFixture();
    await save("Use WAL mode", "Readers never block the writer.");
    const turns = createUserTurns();
    const system = hookWith(turns);
    const fixed = await system();
    turns.record(SESSION, "msg_1", "Please rename the button label.");
    expect(await system()).toBe(fixed);
    turns.record(SESSION, "msg_2", "Why is WAL mode on? Do readers block?");
    expect(await system()).toContain("Saved memory that matches this message:\n- decision: Use WAL mode");
    turns.record(SESSION, "msg_3", "Thanks, that is all.");
    expect(await system()).toBe(fixed);
  });

  it("matches only active entries of the project, its team and global, each holding two of the message's words", async () => {
    fx = memoryFixture();
    const own = await save("Registry retries", "ECONNRESET: retry the registry.");
    const team = await save("Registry mirror", "The registry mirror drops ECONNRESET.", {
      scope: teamScope(fx.project),
    });
    await save("Other project's registry", "ECONNRESET registry elsewhere.", { scope: fx.other });
    const old = await save("Old registry advice", "ECONNRESET: reinstall the registry client.");
    await fx.memory.setStatus(old.entry.id, { status: "rejected", reason: "wrong" }, { kind: "person" });
    await save("Registry only", "One word of the message, not two.");
    const found = await messageMatches(fx.memory, fx.project, "ECONNRESET from the registry", 4);
    expect(found.map((e) => e.id).sort()).toEqual([own.entry.id, team.entry.id].sort());
    expect(await messageMatches(fx.memory, fx.project, "what did you say?", 4)).toEqual([]);
    expect(await messageMatches(fx.memory, fx.project, "", 4)).toEqual([]);
  });
});

describe("a message's words and parts", () => {
  it("leaves out the words every question has, one-letter words, and what OpenCode added itself", () => {
    expect(messageWords("What did we decide about the WAL mode, and why?")).toEqual(["decide", "wal", "mode"]);
    expect(messageWords("?!")).toEqual([]);
    expect(
      userText([
        { type: "text", text: "Fix the build." },
        { type: "text", text: "Called the Read tool", synthetic: true },
        { type: "file", url: "file:///x" },
        null,
        { type: "text", text: "Quickly." },
      ]),
    ).toBe("Fix the build.\nQuickly.");
    expect(userText(undefined)).toBe("");
    expect(userText("garbage")).toBe("");
  });

  it("keeps the newest turn of each session", () => {
    const turns = createUserTurns();
    expect(turns.latest(SESSION)).toBeUndefined();
    turns.record(SESSION, "msg_1", "first");
    turns.record(SESSION, undefined, "second");
    expect(turns.latest(SESSION)?.text).toBe("second");
    expect(turns.latest(SESSION)?.id).toMatch(/^turn-\d+$/);
    expect(turns.latest("ses_other")).toBeUndefined();
  });
});
