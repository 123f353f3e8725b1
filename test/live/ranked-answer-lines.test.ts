/**
 * What a ranked hit shows, live in the real OpenCode binary: a session runs a command that fails after a page of
 * progress lines (the error is in the tool's output, not in its command, and past what the model echoed of it), the
 * session is compacted (its transcript exported and indexed), and the model, in another session, asks what went
 * wrong: the error line is shown, under the call it came from (the output holds none of the question's words).
 * Asked again, the first search's own call and result, now in the asking session's transcript, never come back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveServer, startOpencode } from "./harness.js";

const ERROR = "ERROR 1062 (23000): Duplicate entry 'alice@example.com' for key 'users.email'";
// The error is written from base64, so the command the transcript records does not hold its words.
const COMMAND = `for i in 1 2 3 4 5 6 7 8 9 10; do echo "applying step $i of 10 to the local schema"; done; echo ${Buffer.from(ERROR).toString("base64")} | base64 -d >&2; exit 1`;

describe("ranked search shows the answering line, live", () => {
  let oc: LiveServer;
  let asker: string;

  const search = async (args: Record<string, unknown>) => {
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: "memory_session_search", args });
    await oc.prompt(asker, "Search the transcripts, please.");
    return (
      oc.stub
        .since(mark)
        .find((r) => r.messages.at(-1)?.role === "tool")
        ?.messages.at(-1)?.text ?? ""
    );
  };

  beforeAll(async () => {
    oc = await startOpencode({ plugin: {} });
    const failing = await oc.createSession("Schema upgrade");
    await oc.prompt(failing, "Please bring the local schema up to date.");
    oc.stub.script({ callTool: "bash", args: { command: COMMAND, description: "Run the database migration" } });
    await oc.prompt(failing, "Run the database migration now.");
    expect((await oc.summarize(failing)).status).toBe(200);
    asker = await oc.createSession("Asking");
  }, 120_000);
  afterAll(async () => {
    await oc?.stop();
  });

  it("answers a question about an earlier failing command with its error line", async () => {
    const result = await search({ query: "what went wrong with the database migration?", limit: 5 });
    const shown = result.split("\n").filter((l) => /^\d+[:-] /.test(l));
    expect(
      shown.some((l) => l.endsWith(ERROR)),
      result,
    ).toBe(true);
    expect(result).toMatch(/^## \d · tool-(?:input|output) \(bash\) · /m);
    expect(result).toMatch(/^# ses_\w+/m);
  });

  it("never shows the plugin's own earlier search among the hits", async () => {
    await search({ query: "duplicate entry alice schema migration" });
    const again = await search({ query: "duplicate entry alice schema migration" });
    expect(again).not.toMatch(/\(memory_session_search\)/);
    expect(again.split("\n").some((l) => l.endsWith(ERROR))).toBe(true);
  });
});
