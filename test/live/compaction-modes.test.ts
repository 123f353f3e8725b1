/**
 * The other routes, live: `prompt` mode, `off`, a user's own compaction model, `enabled_providers`.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type LiveServer, startOpencode } from "./harness.js";
import { filler, type StartOptions } from "./live-home.js";
import { STUB_SUMMARY } from "./stub-model.js";

const PLANTED = "KESTREL-4410-BASALT";

let current: LiveServer | undefined;
afterEach(async () => {
  await current?.stop();
  current = undefined;
});

/** Starts a server, runs two turns with a planted value, compacts; returns what the stub saw during compaction. */
async function compactOnce(options: StartOptions) {
  const oc = await startOpencode(options);
  current = oc;
  const sessionID = await oc.createSession();
  await oc.prompt(sessionID, `Remember ${PLANTED}.\n${filler("m1", 20)}`);
  await oc.prompt(sessionID, `Second request.\n${filler("m2", 20)}`);
  const mark = oc.stub.mark();
  const res = await oc.summarize(sessionID);
  expect(res.status).toBe(200);
  const during = oc.stub.since(mark);
  const summary = await oc.summary(sessionID);
  const config = (await oc.api<Record<string, unknown>>("GET", "/config")).json;
  return { oc, sessionID, during, summary, config };
}

const pointerPath = (text: string) => /Transcript: (\S+) \(lines 1-\d+\)/.exec(text)?.[1];

describe("compaction modes, live", () => {
  it("prompt mode: the user's model gets no history and the stored summary is the pointer", async () => {
    const { during, summary, config } = await compactOnce({ plugin: { compaction: { mode: "prompt" } } });
    expect(during.map((r) => r.kind)).toEqual(["compaction"]);
    const sent = during[0]?.messages.map((m) => m.text).join("\n") ?? "";
    // The map quotes the first request (cut to a line), never the history.
    expect(sent).toContain(`"Remember ${PLANTED}. m1 line 0`);
    expect(sent).not.toContain("m1 line 19");
    expect(sent).not.toContain("m2 line 19");
    expect(summary?.message.info.providerID).toBe("stub");
    expect(summary?.text).not.toContain(STUB_SUMMARY);
    const file = pointerPath(summary?.text ?? "");
    expect(file && fs.readFileSync(file, "utf8")).toContain(PLANTED);
    expect(sent).toContain(summary?.text);
    expect((config.agent as Record<string, unknown> | undefined)?.compaction).toBeUndefined();
  });

  it("off: OpenCode's own compaction, untouched", async () => {
    const { oc, sessionID, during, summary, config } = await compactOnce({ plugin: { compaction: { mode: "off" } } });
    expect(during.map((r) => r.kind)).toEqual(["compaction"]);
    expect(during[0]?.messages.map((m) => m.text).join("\n")).toContain(PLANTED);
    expect(summary?.text).toBe(STUB_SUMMARY);
    // Transcripts may exist (a session's new messages are appended when it goes idle); the compaction wrote none.
    expect(oc.pluginLog().some((l) => l.includes("compaction") && l.includes("transcript"))).toBe(false);
    expect((config.agent as Record<string, unknown> | undefined)?.compaction).toBeUndefined();
    expect(Object.keys(config.provider as object)).toEqual(["stub"]);
    // OpenCode's own summary is part of the record: exported on the next search, marked, and found with its line.
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: "memory_session_search", args: { query: "STUB-MODEL-SUMMARY", sessionID } });
    await oc.prompt(sessionID, "Search the transcript for the summary.");
    const result =
      oc.stub
        .since(mark)
        .find((r) => r.messages.at(-1)?.role === "tool")
        ?.messages.at(-1)?.text ?? "";
    // A ranked hit: its header names the session, its lines are `N: text`.
    const hit = /^(\d+): .*STUB-MODEL-SUMMARY/m.exec(result);
    expect(hit, result).not.toBeNull();
    const file = fs
      .readdirSync(oc.transcriptsDir, { recursive: true, encoding: "utf8" })
      .find((f) => f.endsWith(`${sessionID}.md`));
    const lines = fs.readFileSync(path.join(oc.transcriptsDir, file ?? ""), "utf8").split("\n");
    expect(lines[Number(hit?.[1]) - 1]).toContain("STUB-MODEL-SUMMARY");
    const header = lines.findLast((l, i) => i < Number(hit?.[1]) && /^\s*\d+\t## /.test(l)) ?? "";
    // Marked as OpenCode's summary either way: exported whole, or first while the model was still writing it (an idle
    // export can run then) with its text appended by the next export.
    expect(header).toMatch(
      /## summary · .* · compaction summary (written by OpenCode's model, \d+ chars|still being written when exported)/,
    );
  });

  it("a user's agent.compaction.model is kept (prompt mode), and the log says so", async () => {
    const { oc, during, summary, config } = await compactOnce({
      plugin: {},
      config: { agent: { compaction: { model: "stub/stub-model" } } },
    });
    expect(config.agent).toMatchObject({ compaction: { model: "stub/stub-model" } });
    expect(during.map((r) => r.kind)).toEqual(["compaction"]);
    expect(during[0]?.messages.map((m) => m.text).join("\n")).not.toContain("m1 line 19");
    expect(pointerPath(summary?.text ?? "")).toBeDefined();
    expect(oc.serverLog()).toContain('agent.compaction.model is set to \\"stub/stub-model\\"');
  });

  it("compaction.overrideUserModel replaces it: zero provider bytes", async () => {
    const { during, summary, config } = await compactOnce({
      plugin: { compaction: { overrideUserModel: true } },
      config: { agent: { compaction: { model: "stub/stub-model" } } },
    });
    expect(config.agent).toMatchObject({ compaction: { model: "ledger/pointer" } });
    expect(during).toEqual([]);
    expect(summary?.message.info.providerID).toBe("ledger");
  });

  it("enabled_providers: the pointer provider joins the user's list, which keeps working", async () => {
    const { oc, during, summary, config } = await compactOnce({ plugin: {}, config: { enabled_providers: ["stub"] } });
    expect(config.enabled_providers).toEqual(["stub", "ledger"]);
    expect(during).toEqual([]);
    expect(summary?.message.info.providerID).toBe("ledger");
    const providers = (await oc.api<{ providers: { id: string }[] }>("GET", "/config/providers")).json.providers;
    expect(providers.map((p) => p.id).sort()).toEqual(["ledger", "stub"]);
  });

  it("without a configured model, OpenCode's default chat model stays the user's provider", async () => {
    const oc = await startOpencode({ plugin: {}, config: { model: undefined } });
    current = oc;
    const sessionID = await oc.createSession();
    const mark = oc.stub.mark();
    const res = await oc.api<{ info: { providerID: string } }>("POST", `/session/${sessionID}/message`, {
      parts: [{ type: "text", text: "Which model answers this?" }],
    });
    expect(res.json.info.providerID).toBe("stub");
    expect(oc.stub.since(mark).filter((r) => r.kind === "chat")).toHaveLength(1);
    const compactMark = oc.stub.mark();
    expect((await oc.summarize(sessionID)).status).toBe(200);
    expect(oc.stub.since(compactMark)).toEqual([]);
  });
});
