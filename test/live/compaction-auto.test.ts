/**
 * Automatic overflow compaction takes the same zero-cost route as a manual one.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveServer, startOpencode } from "./harness.js";
import { filler } from "./live-home.js";

describe("automatic overflow compaction, live", () => {
  let oc: LiveServer;
  beforeAll(async () => {
    oc = await startOpencode({ plugin: {} });
  });
  afterAll(async () => {
    await oc?.stop();
  });

  it("compacts at zero provider bytes, stores the session map and continues the turn", async () => {
    const sessionID = await oc.createSession();
    await oc.prompt(sessionID, `First request: the port is 48213.\n${filler("a1", 30)}`);
    // The next answer claims a nearly full context window (once: a lasting claim would loop compaction forever).
    oc.stub.reportPromptTokensOnce(199_000);
    const mark = oc.stub.mark();
    await oc.prompt(sessionID, `Second request: refactor the parser.\n${filler("a2", 30)}`);
    const during = oc.stub.since(mark);
    expect(during.filter((r) => r.kind === "compaction")).toEqual([]);
    // the overflowing turn, then OpenCode's own "continue" turn after the compaction
    expect(during.filter((r) => r.kind === "chat").length).toBeGreaterThanOrEqual(2);

    const messages = await oc.messages(sessionID);
    const summary = messages.find((m) => m.info.role === "assistant" && m.info.summary);
    expect(summary?.info.providerID).toBe("ledger");
    const text = summary?.parts.map((p) => p.text ?? "").join("") ?? "";
    const file = /Transcript: (\S+) \(lines 1-\d+\)/.exec(text)?.[1] ?? "";
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const content = fs.readFileSync(file, "utf8");
    expect(content).toContain("the port is 48213");
    expect(content).toContain("Second request: refactor the parser.");
    expect(messages.some((m) => m.parts.some((p) => p.type === "compaction"))).toBe(true);
    // the turn after the compaction saw the pointer, not the old history
    const continued = during.filter((r) => r.kind === "chat").at(-1);
    const sent = continued?.messages.map((m) => m.text).join("\n") ?? "";
    expect(sent).toContain(`Transcript: ${file}`);
    // The map quotes the first request on one line; the history itself is not sent.
    expect(sent).toMatch(/^Task \(line \d+\): "First request: the port is 48213\./m);
    expect(sent).not.toContain("a1 line 29");
  });
});
