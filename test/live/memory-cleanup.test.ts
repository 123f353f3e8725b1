/**
 * `/memory-cleanup` runs the transcript retention sweep from a slash command: a dry run by default, `apply` removes.
 */
import fs from "node:fs";
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
    expect(report).toContain("Dry run: 1 of 2 transcripts of this project are eligible");
    expect(report).toContain(sessions[0]);
    expect(report).toContain("beyond the newest 1");
    expect(transcripts.every((f) => fs.existsSync(f))).toBe(true);
  });

  it("an unknown argument is refused without sweeping", async () => {
    const report = await run("everything");
    expect(report).toContain('unknown argument "everything"');
    expect(transcripts.every((f) => fs.existsSync(f))).toBe(true);
  });

  it("apply removes the eligible transcript and keeps the newest", async () => {
    const report = await run("apply");
    expect(report).toContain("Removed 1 of 1 eligible transcripts");
    expect(fs.existsSync(transcripts[0] ?? "")).toBe(false);
    expect(fs.existsSync(transcripts[1] ?? "")).toBe(true);
  });
});
