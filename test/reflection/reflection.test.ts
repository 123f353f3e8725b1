import { afterEach, describe, expect, it } from "vitest";
import type { OneShotPrompt } from "../../src/one-shot-prompt.js";
import { parseOptions } from "../../src/options.js";
import { createReflection, REFLECTION_SESSION_TITLE } from "../../src/reflection/reflection.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import { createSessionSettings } from "../../src/store/session-settings.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../../src/transcripts/transcript-service.js";
import { SessionBuilder } from "../helpers/synthetic-session.js";
import { testDataContext } from "../helpers/transcripts.js";

const PROJECT = "/projects/demo";
const SECRET = ["ghp", "_", "Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz9Xc8V"].join("");

function sessionWithTurns(id: string, turns: number, extra: Partial<{ parentID: string; title: string }> = {}) {
  const builder = new SessionBuilder(id, extra.title ?? "Fix the flaky deploy", PROJECT);
  for (let i = 0; i < turns; i++) {
    builder.user(`Request ${i}: the deploy failed with ECONNRESET on attempt ${i}.`);
    builder.assistant((b) => b.text(`Reply ${i}: retried with a longer timeout; it worked after raising it to 30 s.`));
  }
  if (extra.parentID) Object.assign(builder.data.info, { parentID: extra.parentID });
  return builder.data;
}

function fixture(answer: string, rawOptions: Record<string, unknown> = {}) {
  const data = testDataContext({ reflection: { enabled: true, ...rawOptions } });
  const { options } = parseOptions({ reflection: { enabled: true, ...rawOptions } });
  const sessions = [
    sessionWithTurns("ses_reflect00000001", 3),
    sessionWithTurns("ses_reflect00000002", 1),
    sessionWithTurns("ses_reflect00000003", 3, { parentID: "ses_reflect00000001" }),
  ];
  const transcripts = createTranscripts({ data, source: createMemorySource(sessions), scope: PROJECT });
  const memory = createMemoryStore({ database: data.database, clock: data.clock });
  const settings = createSessionSettings({ database: data.database, clock: data.clock });
  const asked: OneShotPrompt[] = [];
  const reflection = createReflection({
    memory,
    transcripts,
    claim: (id) => settings.claimReflection(id),
    ask: async (request) => {
      asked.push(request);
      request.onSession?.("ses_temporary000001");
      return answer;
    },
    project: PROJECT,
    options: options.reflection,
    log: data.log,
  });
  return { data, reflection, memory, asked, close: () => data.database.close() };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

const LESSONS = JSON.stringify([
  {
    title: "Raise the deploy timeout to 30 s",
    body: "ECONNRESET came from a 10 s timeout; 30 s fixed it.",
    tags: ["deploy"],
  },
  { title: "Second lesson", body: "Another one." },
  { title: "Third lesson", body: "And another." },
  { title: "Fourth lesson", body: "Past the limit." },
]);

describe("reflection", () => {
  it("distils at most maxLessons candidate lessons from the transcript tail, once per session", async () => {
    const fx = fixture(`Here they are: ${LESSONS}`, { maxLessons: 3, transcriptChars: 2000 });
    close = fx.close;
    const outcome = await fx.reflection.onIdle("ses_reflect00000001");
    expect(outcome).toMatchObject({ status: "done", refused: 0, proposed: 3 });
    expect(fx.asked).toHaveLength(1);
    const request = fx.asked[0] as OneShotPrompt;
    expect(request.title).toBe(REFLECTION_SESSION_TITLE);
    expect(request.agent).toBe("compaction");
    expect(request.text).toContain("at most 3 items");
    expect(request.text).toContain("it worked after raising it to 30 s");
    // the tail is bounded: the prompt holds at most transcriptChars of transcript plus the instructions
    const fenced = request.text.slice(request.text.indexOf("<<<\n") + 4, request.text.lastIndexOf("\n>>>"));
    expect(fenced.length).toBeLessThanOrEqual(2000);
    expect(fenced).not.toMatch(/^ *\d+\t/m);

    const page = await fx.memory.list({ scopes: [PROJECT], status: "all" });
    expect(page.items.map((e) => [e.kind, e.status, e.source.agent, e.source.session])).toEqual([
      ["lesson", "candidate", "reflection", "ses_reflect00000001"],
      ["lesson", "candidate", "reflection", "ses_reflect00000001"],
      ["lesson", "candidate", "reflection", "ses_reflect00000001"],
    ]);
    expect(page.items.map((e) => e.title)).toContain("Raise the deploy timeout to 30 s");

    expect(await fx.reflection.onIdle("ses_reflect00000001")).toEqual({
      status: "skipped",
      reason: "already reflected on",
    });
    expect(fx.asked).toHaveLength(1);
  });

  it("skips subagent sessions, short sessions, its own temporary sessions, and everything when off", async () => {
    const fx = fixture(LESSONS);
    close = fx.close;
    expect(await fx.reflection.onIdle("ses_reflect00000003")).toEqual({
      status: "skipped",
      reason: "a subagent session",
    });
    expect(await fx.reflection.onIdle("ses_reflect00000002")).toEqual({
      status: "skipped",
      reason: "only 2 messages so far",
    });
    expect((await fx.reflection.onIdle("ses_unknown00000001")).status).toBe("skipped");
    await fx.reflection.onIdle("ses_reflect00000001");
    expect(await fx.reflection.onIdle("ses_temporary000001")).toEqual({
      status: "skipped",
      reason: "a temporary session of opencode-ledger",
    });
    expect(fx.asked).toHaveLength(1);

    const off = fixture(LESSONS, { enabled: false });
    close = () => {
      fx.close();
      off.close();
    };
    expect(await off.reflection.onIdle("ses_reflect00000001")).toEqual({
      status: "skipped",
      reason: "reflection is off",
    });
    expect(off.asked).toHaveLength(0);
  });

  it("refuses a lesson carrying a secret through the guard and saves the others", async () => {
    const answer = JSON.stringify([
      { title: "Use the deploy token", body: `export TOKEN=${SECRET}` },
      { title: "Pin the runner image", body: "Unpinned images broke the build twice." },
    ]);
    const fx = fixture(answer);
    close = fx.close;
    expect(await fx.reflection.onIdle("ses_reflect00000001")).toMatchObject({
      status: "done",
      refused: 1,
      proposed: 2,
    });
    const titles = (await fx.memory.list({ scopes: [PROJECT], status: "all" })).items.map((e) => e.title);
    expect(titles).toEqual(["Pin the runner image"]);
    expect(fx.data.log.lines.some((l) => l.level === "warn" && /secret/.test(l.message))).toBe(true);
    expect(fx.data.log.lines.some((l) => l.message.includes(SECRET))).toBe(false);
  });

  it("saves nothing and says so when the model gives no usable answer", async () => {
    const fx = fixture("I could not find any lesson here.");
    close = fx.close;
    expect(await fx.reflection.onIdle("ses_reflect00000001")).toMatchObject({ status: "done", proposed: 0 });
    expect((await fx.memory.list({ scopes: [PROJECT], status: "all" })).total).toBe(0);
  });

  it("logs a failed model call once and does not retry on the next idle", async () => {
    const data = testDataContext();
    close = () => data.database.close();
    const { options } = parseOptions({ reflection: { enabled: true } });
    const settings = createSessionSettings({ database: data.database, clock: data.clock });
    let calls = 0;
    const reflection = createReflection({
      memory: createMemoryStore({ database: data.database, clock: data.clock }),
      transcripts: createTranscripts({
        data,
        source: createMemorySource([sessionWithTurns("ses_reflect00000001", 3)]),
        scope: PROJECT,
      }),
      claim: (id) => settings.claimReflection(id),
      ask: async () => {
        calls++;
        throw new Error("provider unreachable");
      },
      project: PROJECT,
      options: options.reflection,
      log: data.log,
    });
    expect((await reflection.onIdle("ses_reflect00000001")).status).toBe("skipped");
    expect(await reflection.onIdle("ses_reflect00000001")).toEqual({
      status: "skipped",
      reason: "already reflected on",
    });
    expect(calls).toBe(1);
    expect(data.log.lines.filter((l) => l.level === "error")).toHaveLength(1);
  });
});
