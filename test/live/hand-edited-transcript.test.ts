/**
 * A transcript changed by hand, in the real OpenCode: a session prints a secret, compacts, the user deletes the
 * secret's line from the transcript in an editor, the session grows and compacts again. The secret does not come
 * back, no number is written twice, one note says what was found, and memory_session_read's header names the lines
 * it shows.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveServer, startOpencode } from "./harness.js";

const SECRET = "deploy password is Corvid-Lantern-7731-Quartz";

describe("a transcript changed by hand, live", () => {
  let oc: LiveServer;
  let sessionID: string;
  let transcript: string;

  beforeAll(async () => {
    oc = await startOpencode({ plugin: {} });
    fs.writeFileSync(path.join(oc.project, "notes.txt"), `before the secret\n${SECRET}\nafter the secret\n`);
    sessionID = await oc.createSession("Deploy notes");
    const shell = await oc.api("POST", `/session/${sessionID}/shell`, { agent: "build", command: "cat notes.txt" });
    expect(shell.status).toBe(200);
  });
  afterAll(async () => {
    await oc?.stop();
  });

  const numbers = () =>
    fs
      .readFileSync(transcript, "utf8")
      .slice(0, -1)
      .split("\n")
      .flatMap((line) => {
        const match = /^ *(\d+)\t/.exec(line);
        return match ? [Number(match[1])] : [];
      });

  it("the edit is kept through the next compaction: no number twice, one true note, the secret stays out", async () => {
    expect((await oc.summarize(sessionID)).status).toBe(200);
    transcript = /Transcript: (\S+) \(lines/.exec((await oc.summary(sessionID))?.text ?? "")?.[1] ?? "";
    const before = fs.readFileSync(transcript, "utf8").slice(0, -1).split("\n");
    const at = before.findIndex((line) => line.endsWith(`\t${SECRET}`));
    expect(at).toBeGreaterThan(0);
    const removed = Number(/^ *(\d+)\t/.exec(before[at] ?? "")?.[1]);
    const last = Number(/^ *(\d+)\t/.exec(before.at(-1) ?? "")?.[1]);
    fs.writeFileSync(transcript, `${before.filter((_, i) => i !== at).join("\n")}\n`);

    await oc.prompt(sessionID, "Now write the release checklist.");
    expect((await oc.summarize(sessionID)).status).toBe(200);
    const text = fs.readFileSync(transcript, "utf8");
    expect(text).not.toContain(SECRET);
    const written = numbers();
    expect(new Set(written).size).toBe(written.length);
    expect(written).toEqual([...written].sort((a, b) => a - b));
    const notes = text.split("\n").filter((line) => line.includes("changed outside opencode-ledger"));
    expect(notes).toEqual([
      `${String(last + 1).padStart(6)}\t[note] the file was changed outside opencode-ledger (line ${removed} was removed); it is kept as it is, nothing in it is written again, and numbering continues from ${last + 1}`,
    ]);
    expect(text).toContain("Now write the release checklist.");
  }, 120_000);

  it("memory_session_read's header names the numbers of the lines it prints", async () => {
    const lines = fs.readFileSync(transcript, "utf8").slice(0, -1).split("\n");
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: "memory_session_read", args: { sessionID, offset: 1, limit: lines.length } });
    await oc.prompt(sessionID, "Use memory_session_read.");
    const result =
      oc.stub
        .since(mark)
        .find((r) => r.messages.at(-1)?.role === "tool")
        ?.messages.at(-1)?.text ?? "";
    const [head, ...rest] = result.split("\n");
    const printed = rest.flatMap((line) => {
      const match = /^ *(\d+)\t/.exec(line);
      return match ? [Number(match[1])] : [];
    });
    expect(printed.length).toBeGreaterThan(10);
    expect(head).toContain(
      `: lines numbered 1-${printed.at(-1)}, 1 number missing (the file's lines 1-${printed.length}:`,
    );
  }, 120_000);
});
