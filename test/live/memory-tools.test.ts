/**
 * Curated memory through real tool calls of the model: save, search finds it, a save carrying a secret is refused
 * and never reaches the store file; the compaction map then counts what is saved and names what this session saved.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveServer, startOpencode } from "./harness.js";

const SECRET = "ghp_Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz9Xc8V";

describe("memory tools called by the model, live", () => {
  let oc: LiveServer;
  let sessionID: string;

  /** The stub model calls `tool` with `args`; resolves with the tool result OpenCode handed back to the model. */
  const call = async (tool: string, args: Record<string, unknown>) => {
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: tool, args });
    await oc.prompt(sessionID, `Please use ${tool}.`);
    const answer = oc.stub.since(mark).find((r) => r.messages.at(-1)?.role === "tool");
    return answer?.messages.at(-1)?.text ?? "";
  };

  beforeAll(async () => {
    oc = await startOpencode({ plugin: {} });
    sessionID = await oc.createSession();
  });
  afterAll(async () => {
    await oc?.stop();
  });

  it("memory_save stores an entry that memory_search then finds", async () => {
    const saved = await call("memory_save", {
      kind: "decision",
      title: "Deploys pass the staging gate",
      body: "Every deploy goes through staging first; the gate is owned by the platform team.",
    });
    expect(saved).toContain("Saved decision");
    const found = await call("memory_search", { query: "staging gate" });
    expect(found).toContain("Deploys pass the staging gate");
  });

  it("a save carrying a secret is refused, and the secret is not in the store file", async () => {
    const refused = await call("memory_save", { kind: "fact", title: "CI token", body: `the token is ${SECRET}` });
    expect(refused).toContain("refused");
    expect(refused).toContain("GitHub token");
    expect(refused).not.toContain(SECRET);
    const files = fs.readdirSync(oc.dataDir).filter((f) => f.startsWith("ledger.db"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(fs.readFileSync(path.join(oc.dataDir, file)).includes(SECRET)).toBe(false);
    expect(await call("memory_search", { query: "CI token" })).not.toContain(SECRET);
  });

  it("the compaction map names what memory holds and the entry this session saved, with its line", async () => {
    expect((await oc.summarize(sessionID)).status).toBe(200);
    const map = (await oc.summary(sessionID))?.text ?? "";
    expect(map).toContain("Curated memory: 1 active entry (memory_search).");
    expect(map).toMatch(/^- \[[0-9a-z]{12}\] "Deploys pass the staging gate": saved at line \d+$/m);
    // The refused save changed nothing: it is not named.
    expect(map).not.toContain("CI token");
  });
});
