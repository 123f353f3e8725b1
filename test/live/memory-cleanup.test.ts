/**
 * `/memory-cleanup` runs the transcript retention sweep from a slash command: a dry run by default, `apply` removes.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveServer, startOpencode } from "./harness.js";
import { filler } from "./live-home.js";

describe("/memory-cleanup, live", () => {
  let oc: LiveServer;
  const transcripts: string[] = [];
  const sessions: string[] = [];

  beforeAll(async () => {
    oc = await startOpencode({ plugin: { retention: { maxSessions: 1, keepRecent: 0, autoSweep: false } } });
    for (const name of ["older", "newer"]) {
      const sessionID = await oc.createSession(name);
      await oc.prompt(sessionID, `The ${name} session.\n${filler(name, 5)}`);
      await oc.summarize(sessionID);
      const text = (await oc.summary(sessionID))?.text ?? "";
      transcripts.push(/Transcript: (\S+) \(lines/.exec(text)?.[1] ?? "");
      sessions.push(sessionID);
    }
  });
  afterAll(async () => {
    await oc?.stop();
  });

  const run = async (args: string) => {
    const here = await oc.createSession();
    const mark = oc.stub.mark();
    expect((await oc.command(here, "memory-cleanup", args)).status).toBe(200);
    return oc.stub.since(mark).find((r) => r.kind === "chat")?.lastUserText ?? "";
  };

  it("a dry run lists what the rules make eligible and removes nothing", async () => {
    const report = await run("");
    expect(report).toContain("Dry run: 1 of 2 transcripts of this project is eligible");
    expect(report).toContain(sessions[0]);
    expect(report).toContain("beyond the newest 1");
    expect(transcripts.every((f) => fs.existsSync(f))).toBe(true);
  });

  it("an unknown argument is refused without sweeping", async () => {
    const report = await run("everything");
    expect(report).toContain('unknown argument "everything"');
    expect(transcripts.every((f) => fs.existsSync(f))).toBe(true);
  });

  it("apply removes the eligible transcripts and keeps the newest", async () => {
    // The sessions this suite ran the command in become transcripts too once idle (kept current), so the newest
    // transcript of the project is one of those: the two compacted sessions are both beyond it. Their exports run
    // after the turn, so on a loaded machine the first of them is waited for.
    const folder = path.dirname(transcripts[0] ?? "");
    const deadline = Date.now() + 30_000;
    while (fs.readdirSync(folder).filter((f) => f.endsWith(".md")).length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const report = await run("apply");
    const removed = /Removed (\d+) of (\d+) eligible transcripts/.exec(report);
    expect(removed?.[1]).toBe(removed?.[2]);
    expect(Number(removed?.[1])).toBeGreaterThanOrEqual(2);
    expect(transcripts.some((f) => fs.existsSync(f))).toBe(false);
    // The newest is kept (and the session this command ran in may have been appended since).
    expect(fs.readdirSync(folder).filter((f) => f.endsWith(".md")).length).toBeGreaterThanOrEqual(1);
  });
});
