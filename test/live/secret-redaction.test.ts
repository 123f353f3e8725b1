/**
 * Recall never re-sends a secret, in the real OpenCode: a session prints a token of a provider the guard knows by
 * shape alone (a Docker Hub personal access token, in prose, without a key name in front); after a compaction,
 * memory_session_search and memory_session_read return its line with `[redacted: …]`, no byte the stub model
 * receives holds the token, and the transcript file still does (it is the lossless record). OpenCode's own read, grep
 * and shell, pointed at the transcript, return the line redacted too.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_SAMPLES } from "../helpers/provider-samples.js";
import { seeded } from "../helpers/secret-samples.js";
import { type LiveServer, startOpencode } from "./harness.js";

const TOKEN = PROVIDER_SAMPLES.find((s) => s.kind === "Docker Hub token")?.build(seeded(20261201)) ?? "";
const LINE = `the registry bot logs in with ${TOKEN} every night`;

describe("secret redaction in recall, live", () => {
  let oc: LiveServer;
  let sessionID: string;
  let transcript: string;

  beforeAll(async () => {
    oc = await startOpencode({ plugin: {}, config: { permission: { bash: "allow" } } });
    fs.writeFileSync(path.join(oc.project, "notes.txt"), `${LINE}\n`);
    // Titled, so that OpenCode asks no model for a title (its title request would carry the first output).
    sessionID = await oc.createSession("Nightly registry job");
    // A shell command run in the session: its output is part of the session, and no model is asked.
    const shell = await oc.api("POST", `/session/${sessionID}/shell`, { agent: "build", command: "cat notes.txt" });
    expect(shell.status).toBe(200);
  });
  afterAll(async () => {
    await oc?.stop();
  });

  /** The model calls `tool`; what the tool returned, as the model received it. */
  async function toolResult(tool: string, args: Record<string, unknown>): Promise<string> {
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: tool, args });
    await oc.prompt(sessionID, `Use ${tool}.`);
    const turn = oc.stub.since(mark).find((r) => r.messages.at(-1)?.role === "tool");
    return turn?.messages.at(-1)?.text ?? "";
  }

  it("the session printed the token, and the transcript written at compaction holds it verbatim", async () => {
    const printed = (await oc.messages(sessionID)).flatMap((m) => m.parts.map((p) => JSON.stringify(p))).join("\n");
    expect(printed).toContain(TOKEN);
    const mark = oc.stub.mark();
    expect((await oc.summarize(sessionID)).status).toBe(200);
    expect(oc.stub.since(mark)).toEqual([]);
    const summary = (await oc.summary(sessionID))?.text ?? "";
    transcript = /Transcript: (\S+) \(lines/.exec(summary)?.[1] ?? "";
    expect(fs.readFileSync(transcript, "utf8")).toContain(LINE);
  });

  it("memory_session_search returns the line with the token redacted and says so", async () => {
    const result = await toolResult("memory_session_search", { query: "registry bot logs in", sessionID });
    expect(result).toContain("the registry bot logs in with [redacted: Docker Hub token] every night");
    expect(result).toContain("[secret guard] 1 value that looks like a secret was replaced");
    expect(result).not.toContain(TOKEN);
  });

  it("memory_session_read shows the same line redacted", async () => {
    const result = await toolResult("memory_session_read", { sessionID, limit: 400 });
    expect(result).toContain("logs in with [redacted: Docker Hub token] every night");
    expect(result).not.toContain(TOKEN);
  });

  it("OpenCode's own read, grep and shell on the transcript return the line redacted", async () => {
    const expected = "logs in with [redacted: Docker Hub token] every night";
    const calls: [string, Record<string, unknown>][] = [
      ["read", { filePath: transcript }],
      ["grep", { pattern: "registry bot logs in", path: path.dirname(transcript) }],
      ["bash", { command: `cat ${transcript}`, description: "Show the transcript" }],
    ];
    for (const [tool, args] of calls) {
      const result = await toolResult(tool, args);
      expect(result, tool).toContain(expected);
      expect(result, tool).toContain("[secret guard] 1 value that looks like a secret was replaced");
      expect(result, tool).not.toContain(TOKEN);
    }
  });

  it("no byte the stub model received holds the token, nor its random part; the file still does", () => {
    const chat = oc.stub.requests.filter((r) => r.kind === "chat");
    expect(chat.length).toBeGreaterThanOrEqual(3);
    const body = TOKEN.slice(TOKEN.indexOf("_pat_") + 5);
    for (const request of oc.stub.requests) {
      expect(request.body).not.toContain(TOKEN);
      expect(request.body).not.toContain(body);
    }
    expect(fs.readFileSync(transcript, "utf8")).toContain(TOKEN);
  });
});
