/**
 * The session map with the real OpenCode: a session with a todo list, a file written, a failing command and several
 * requests (one of them "continue") is compacted by hand and by overflow. The stored summary is the map, naming each
 * item with the transcript line it is at; the provider receives nothing during either compaction; the next turn's
 * request carries the map; the map stays out of the transcript.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateTokens } from "../../src/compaction/session-map/map-text.js";
import { MAP_RULE, MAP_START } from "../../src/compaction/session-map/render-map.js";
import { type LiveServer, startOpencode } from "./harness.js";
import { filler } from "./live-home.js";

const TASK = "MAP-TASK-4417: add a greeting module to this project and check it runs.";
const FAILURE = "CHECK-FAILED-9931";

/** The transcript text at a line the map names, and the line after it. */
function at(file: string, map: string, pattern: RegExp): [string, string] {
  const line = Number(pattern.exec(map)?.[1]);
  expect(line, `${pattern} in\n${map}`).toBeGreaterThan(0);
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const text = (n: number) => (lines[n - 1] ?? "").replace(/^\s*\d+\t/, "");
  return [text(line), text(line + 1)];
}

describe("session map compaction, live", () => {
  let oc: LiveServer;
  let sessionID: string;
  let transcript: string;

  beforeAll(async () => {
    oc = await startOpencode({ plugin: {}, config: { permission: { edit: "allow", bash: "allow" } } });
    sessionID = await oc.createSession();
    oc.stub.script({
      callTool: "todowrite",
      args: {
        todos: [
          { content: "Write greet.js", status: "in_progress", priority: "high" },
          { content: "Run the check", status: "pending", priority: "medium" },
        ],
      },
    });
    await oc.prompt(sessionID, `${TASK}\n${filler("m1", 20)}`);
    oc.stub.script({
      callTool: "write",
      args: { filePath: path.join(oc.project, "greet.js"), content: 'export const greet = (n) => "hi " + n;\n' },
    });
    await oc.prompt(sessionID, "yes, do it");
    oc.stub.script({
      callTool: "bash",
      args: { command: `echo ${FAILURE} >&2; exit 3`, description: "Run the check" },
    });
    await oc.prompt(sessionID, "Now run the check.");
    await oc.prompt(sessionID, "continue");
  });
  afterAll(async () => {
    await oc?.stop();
  });

  it("a manual compaction costs the provider nothing and stores the map", async () => {
    const mark = oc.stub.mark();
    expect((await oc.summarize(sessionID)).status).toBe(200);
    expect(oc.stub.since(mark)).toEqual([]);
    const summary = await oc.summary(sessionID);
    expect(summary?.message.info.providerID).toBe("ledger");
    const map = summary?.text ?? "";
    expect(map.startsWith(`${MAP_START} ${sessionID}`)).toBe(true);
    expect(estimateTokens(map)).toBeLessThanOrEqual(1_000);
    transcript = /^Transcript: (\S+) \(lines 1-\d+\)\.$/m.exec(map)?.[1] ?? "";
    expect(transcript.startsWith(oc.transcriptsDir)).toBe(true);

    expect(map).toMatch(/^Task \(line \d+\): "MAP-TASK-4417: add a greeting module/m);
    expect(at(transcript, map, /^Task \(line (\d+)\)/m)).toEqual(["[text]", TASK]);
    expect(map).toContain("Requests since, newest last (3 of 3):");
    for (const request of ["yes, do it", "Now run the check.", "continue"]) {
      const line = new RegExp(`^- line (\\d+): "${request.replace(".", "\\.")}"$`, "m");
      expect(at(transcript, map, line)).toEqual(["[text]", request]);
    }
    expect(map).toMatch(/^Todo list \(todowrite at line \d+\): 1 in progress, 1 pending$/m);
    expect(map).toContain("- [in progress] Write greet.js\n- [pending] Run the check");
    expect(at(transcript, map, /todowrite at line (\d+)/)[0]).toMatch(/^\[tool todowrite · completed/);
    expect(map).toMatch(/^- greet\.js: 1 change, last at line \d+$/m);
    expect(at(transcript, map, /greet\.js: 1 change, last at line (\d+)/)[0]).toMatch(/^\[tool write · completed/);
    expect(map).toMatch(
      new RegExp(`^Last failure \\(line \\d+\\): bash: echo ${FAILURE} .* -> exit 3: ${FAILURE}$`, "m"),
    );
    expect(at(transcript, map, /^Last failure \(line (\d+)\)/m)[0]).toMatch(/^\[tool bash · completed/);
    expect(map).toContain(MAP_RULE);
  });

  it("the next turn's request carries the map, not the history", async () => {
    const mark = oc.stub.mark();
    await oc.prompt(sessionID, "What is left to do?");
    const chat = oc.stub.since(mark).filter((r) => r.kind === "chat");
    expect(chat).toHaveLength(1);
    const sent = chat[0]?.messages.map((m) => m.text).join("\n") ?? "";
    expect(sent).toContain(`${MAP_START} ${sessionID}`);
    expect(sent).toContain("- [in progress] Write greet.js");
    expect(sent).not.toContain("m1 line 19");
  });

  it("an overflow compaction maps the whole session again, at zero provider bytes", async () => {
    oc.stub.reportPromptTokensOnce(199_000);
    const mark = oc.stub.mark();
    await oc.prompt(sessionID, `After the first compaction: add a farewell too.\n${filler("m2", 20)}`);
    const during = oc.stub.since(mark);
    expect(during.filter((r) => r.kind === "compaction")).toEqual([]);
    const summaries = (await oc.messages(sessionID)).filter((m) => m.info.role === "assistant" && m.info.summary);
    expect(summaries.length).toBeGreaterThanOrEqual(2);
    const map = (await oc.summary(sessionID))?.text ?? "";
    expect(map.split(MAP_START)).toHaveLength(2);
    expect(map).toMatch(/^Task \(line \d+\): "MAP-TASK-4417/m);
    expect(map).toMatch(/^- line \d+: "After the first compaction: add a farewell too\. m2 line 0/m);
    expect(map).toMatch(/^- line \d+: "What is left to do\?"$/m);
    expect(map).toContain("- [in progress] Write greet.js");
    expect(map).toMatch(new RegExp(`^Last failure .*${FAILURE}$`, "m"));
    // The turn OpenCode continues with after the compaction sees the new map.
    const continued = during.filter((r) => r.kind === "chat").at(-1);
    expect(continued?.messages.map((m) => m.text).join("\n")).toContain(map.split("\n")[1]);
  });

  it("the earlier map stays out of the transcript: its header is there, marked, its text is not", () => {
    const content = fs.readFileSync(transcript, "utf8");
    expect(content).not.toContain(MAP_RULE);
    expect(content).toMatch(/## summary · .* · session map of \d+ chars, not copied/);
  });
});
