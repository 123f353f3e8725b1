/**
 * Pointer mode with the real OpenCode: a compaction costs the provider nothing, its summary is the pointer, and the
 * transcript holds every turn, line numbers stable across compactions.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateTokens } from "../../src/compaction/session-map/map-text.js";
import { type LiveServer, startOpencode } from "./harness.js";
import { filler } from "./live-home.js";

const PLANTED = "ORCHID-7731-QUARTZ";
const NOTE = "NOTE-CONTENT-5512: the cache lives in /var/cache/app";

describe("pointer compaction, live", () => {
  let oc: LiveServer;
  let sessionID: string;
  let transcript: string;
  let firstContent: string;

  beforeAll(async () => {
    oc = await startOpencode({ plugin: {} });
    fs.writeFileSync(path.join(oc.project, "notes.txt"), `${NOTE}\n`);
    sessionID = await oc.createSession();
    await oc.prompt(sessionID, `Please remember: the release codename is ${PLANTED}.\n${filler("t1", 30)}`);
    oc.stub.script({ callTool: "read", args: { filePath: path.join(oc.project, "notes.txt") } });
    await oc.prompt(sessionID, `Read notes.txt for me.\n${filler("t2", 30)}`);
  });
  afterAll(async () => {
    await oc?.stop();
  });

  it("a manual compaction sends nothing to the provider and stores the pointer as the summary", async () => {
    const mark = oc.stub.mark();
    const res = await oc.summarize(sessionID);
    expect(res.status).toBe(200);
    expect(oc.stub.since(mark)).toEqual([]);
    const summary = await oc.summary(sessionID);
    expect(summary?.message.info.providerID).toBe("ledger");
    expect(summary?.message.info.agent).toBe("compaction");
    const text = summary?.text ?? "";
    expect(estimateTokens(text)).toBeLessThanOrEqual(1_000);
    expect(text).toContain("memory_session_search");
    const match = /Transcript: (\S+) \(lines 1-(\d+)\)/.exec(text);
    expect(match).not.toBeNull();
    transcript = match?.[1] ?? "";
    expect(transcript.startsWith(oc.transcriptsDir)).toBe(true);
    expect(Number(match?.[2])).toBe(fs.readFileSync(transcript, "utf8").trimEnd().split("\n").length);
  });

  it("the transcript holds every turn, the tool output included, and is private (0600)", () => {
    expect(fs.statSync(transcript).mode & 0o777).toBe(0o600);
    const content = fs.readFileSync(transcript, "utf8");
    expect(content).toContain(PLANTED);
    expect(content).toContain("t1 line 29: the quick brown fox");
    expect(content).toContain("Read notes.txt for me.");
    expect(content).toContain("t2 line 29: the quick brown fox");
    expect(content).toContain("NOTE-CONTENT-5512");
    // every reply of the model, line by line (the transcript numbers its lines)
    for (const request of oc.stub.requests.filter((r) => r.kind === "chat" && !r.reply.startsWith("tool_call"))) {
      for (const line of request.reply.split("\n")) expect(content).toContain(line);
    }
    firstContent = content;
  });

  it("the next turn gets the pointer instead of the history", async () => {
    const mark = oc.stub.mark();
    await oc.prompt(sessionID, `Third request: add a changelog entry.\n${filler("t3", 20)}`);
    const chat = oc.stub.since(mark).filter((r) => r.kind === "chat");
    expect(chat).toHaveLength(1);
    const sent = chat[0]?.messages.map((m) => m.text).join("\n") ?? "";
    expect(sent).toContain(`Transcript: ${transcript}`);
    // The map quotes the task on one line; the history itself is not sent.
    expect(sent).toMatch(/^Task \(line \d+\): "Please remember: the release codename is ORCHID-7731-QUARTZ\./m);
    expect(sent).not.toContain("t1 line 29");
  });

  it("a second compaction appends only the new turns; earlier line numbers keep their text", async () => {
    const mark = oc.stub.mark();
    expect((await oc.summarize(sessionID)).status).toBe(200);
    expect(oc.stub.since(mark)).toEqual([]);
    const content = fs.readFileSync(transcript, "utf8");
    expect(content.startsWith(firstContent)).toBe(true);
    const added = content.slice(firstContent.length);
    expect(added).toContain("Third request: add a changelog entry.");
    expect(added).not.toContain(PLANTED);
    const text = (await oc.summary(sessionID))?.text ?? "";
    const lines = content.trimEnd().split("\n").length;
    expect(text).toContain(`(lines 1-${lines})`);
    expect(text).toMatch(/^- line \d+: "Third request: add a changelog entry\./m);
    expect(text).toMatch(/^Task \(line \d+\): "Please remember: the release codename is ORCHID-7731-QUARTZ\./m);
  });

  it("on the next turn the model finds the planted value with memory_session_search, with its line number", async () => {
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: "memory_session_search", args: { query: PLANTED, sessionID } });
    await oc.prompt(sessionID, "What was the release codename?");
    const answer = oc.stub.since(mark).find((r) => r.messages.at(-1)?.role === "tool");
    const result = answer?.messages.at(-1)?.text ?? "";
    // A ranked hit: its header names the session, its lines are `N: text`.
    const hit = new RegExp(`^(\\d+): .*${PLANTED}`, "m").exec(result);
    expect(hit, result).not.toBeNull();
    const line = Number(hit?.[1]);
    const fileLine = fs.readFileSync(transcript, "utf8").split("\n")[line - 1] ?? "";
    expect(fileLine).toMatch(new RegExp(`^\\s*${line}\\t.*${PLANTED}`));
  });

  it("registers the compaction model, the transcript read permission and the commands", async () => {
    const config = (await oc.api<Record<string, unknown>>("GET", "/config")).json;
    expect(config.agent).toMatchObject({ compaction: { model: "ledger/pointer" } });
    expect(config.model).toBe("stub/stub-model");
    expect(config.permission).toMatchObject({ external_directory: { [`${oc.transcriptsDir}/*`]: "allow" } });
    const commands = (await oc.api<{ name: string }[]>("GET", "/command")).json.map((c) => c.name);
    expect(commands).toEqual(expect.arrayContaining(["memory-continue", "memory-cleanup"]));
    // every chat turn went to the user's model
    expect(oc.stub.requests.filter((r) => r.kind === "chat").every((r) => r.model === "stub-model")).toBe(true);
  });

  it("/memory-continue brings this session's pointer into another session", async () => {
    const other = await oc.createSession();
    const mark = oc.stub.mark();
    const res = await oc.command(other, "memory-continue", sessionID);
    expect(res.status).toBe(200);
    const chat = oc.stub.since(mark).filter((r) => r.kind === "chat");
    expect(chat).toHaveLength(1);
    expect(chat[0]?.lastUserText).toContain(`Transcript: ${transcript}`);
    expect(chat[0]?.lastUserText).toContain(`Continue the work of ${sessionID}`);
    const stored = (await oc.messages(other)).find((m) => m.info.role === "user");
    expect(stored?.parts.map((p) => p.text ?? "").join("")).toContain(transcript);
  });

  it("/memory-continue with a bad or unknown id says so", async () => {
    const other = await oc.createSession();
    const mark = oc.stub.mark();
    await oc.command(other, "memory-continue", "not-a-session");
    await oc.command(other, "memory-continue", "ses_0000000000000000000000ab");
    const texts = oc.stub
      .since(mark)
      .filter((r) => r.kind === "chat")
      .map((r) => r.lastUserText);
    expect(texts[0]).toContain('"not-a-session" is not a session id');
    expect(texts[1]).toContain('no session with id "ses_0000000000000000000000ab"');
  });
});
