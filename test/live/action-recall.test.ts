/**
 * Recall at the point of action, live: a gotcha saved about `src/db/migrate.ts` through memory_save, then the stub
 * model edits that file; the next model request carries the gotcha in the edit's result, once in the whole
 * conversation; an unrelated edit and a second edit of the same file carry nothing. A user message that names what
 * the gotcha is about gets it at the top of the memory block, and an edit in that turn does not repeat it.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveServer, startOpencode } from "./harness.js";

const GOTCHA_TITLE = "Migrations must stay idempotent";
const GOTCHA_BODY = "Every statement in src/db/migrate.ts may run twice after a crash: guard each one.";
const BLOCK = '<memory source="opencode-ledger">';

const count = (text: string, part: string) => text.split(part).length - 1;

describe("recall at the point of action, live", () => {
  let oc: LiveServer;
  let session: string;
  beforeAll(async () => {
    oc = await startOpencode({ plugin: {}, config: { permission: { edit: "allow", bash: "allow" } } });
    for (const file of ["src/db/migrate.ts", "src/ui/button.ts"]) {
      fs.mkdirSync(path.join(oc.project, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(oc.project, file), "export const value = 1;\n");
    }
    const writer = await oc.createSession();
    oc.stub.script({
      callTool: "memory_save",
      args: { kind: "gotcha", title: GOTCHA_TITLE, body: GOTCHA_BODY, tags: ["migrations"] },
    });
    await oc.prompt(writer, "Remember this gotcha.");
    session = await oc.createSession();
  }, 120_000);
  afterAll(async () => {
    await oc?.stop();
  });

  /** The stub reads then edits `file` (OpenCode refuses an edit of a file not read first); the request after the edit. */
  async function editByModel(file: string, from: string, to: string, request = "Make the change.") {
    const filePath = path.join(oc.project, file);
    oc.stub.script({ callTool: "read", args: { filePath } });
    await oc.prompt(session, "Read the file.");
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: "edit", args: { filePath, oldString: from, newString: to } });
    await oc.prompt(session, request);
    const after = oc.stub.since(mark).filter((r) => r.kind === "chat");
    const toolTurn = after.find((r) => r.messages.at(-1)?.role === "tool");
    expect(toolTurn, "the request that carries the edit's result").toBeDefined();
    return {
      toolResult: toolTurn?.messages.at(-1)?.text ?? "",
      body: toolTurn?.body ?? "",
      system: toolTurn?.system ?? "",
    };
  }

  it("carries the gotcha once after an edit of the file it names, and nothing after an unrelated edit", async () => {
    const first = await editByModel("src/db/migrate.ts", "value = 1", "value = 2");
    expect(fs.readFileSync(path.join(oc.project, "src/db/migrate.ts"), "utf8")).toContain("value = 2");
    expect(first.toolResult).toContain(BLOCK);
    expect(first.toolResult).toContain(`- gotcha: ${GOTCHA_TITLE}: ${GOTCHA_BODY}`);
    expect(first.toolResult).toMatch(/\[[\w-]+\]\nMore: memory_search "migrate\.ts"/);
    // once in the whole request: the system prompt's block lists titles only, the edit's result the body
    expect(count(first.body, GOTCHA_BODY)).toBe(1);

    const unrelated = await editByModel("src/ui/button.ts", "value = 1", "value = 3");
    expect(unrelated.toolResult).not.toContain(BLOCK);

    const again = await editByModel("src/db/migrate.ts", "value = 2", "value = 4");
    expect(again.toolResult).not.toContain(BLOCK);
    expect(count(again.body, GOTCHA_BODY)).toBe(1);
    expect(oc.pluginLog().filter((line) => line.includes("error"))).toEqual([]);
  }, 60_000);

  it("puts the gotcha at the top of the memory block when the message names it, and the edit does not repeat it", async () => {
    session = await oc.createSession();
    const turn = await editByModel("src/db/migrate.ts", "value = 4", "value = 5", "Are the migrations idempotent?");
    expect(turn.system).toContain(`Saved memory that matches this message:\n- gotcha: ${GOTCHA_TITLE}: ${GOTCHA_BODY}`);
    expect(turn.toolResult).not.toContain(BLOCK);
    expect(count(turn.body, GOTCHA_BODY)).toBe(1);
  }, 60_000);
});

describe("recall at the point of action switched off, live", () => {
  let oc: LiveServer;
  afterAll(async () => {
    await oc?.stop();
  });

  it("leaves the edit's result as OpenCode made it", async () => {
    oc = await startOpencode({
      plugin: { actionRecall: { enabled: false } },
      config: { permission: { edit: "allow" } },
    });
    const filePath = path.join(oc.project, "src/db/migrate.ts");
    fs.mkdirSync(path.dirname(filePath), { recursive: true });
    fs.writeFileSync(filePath, "export const value = 1;\n");
    const session = await oc.createSession();
    oc.stub.script(
      { callTool: "memory_save", args: { kind: "gotcha", title: GOTCHA_TITLE, body: GOTCHA_BODY } },
      { callTool: "read", args: { filePath } },
      { callTool: "edit", args: { filePath, oldString: "value = 1", newString: "value = 2" } },
    );
    await oc.prompt(session, "Remember this gotcha.");
    await oc.prompt(session, "Read it.");
    const mark = oc.stub.mark();
    await oc.prompt(session, "Edit it.");
    const toolTurn = oc.stub.since(mark).find((r) => r.kind === "chat" && r.messages.at(-1)?.role === "tool");
    expect(toolTurn?.messages.at(-1)?.text).toContain("Edit applied");
    expect(toolTurn?.messages.at(-1)?.text).not.toContain(BLOCK);
    expect(fs.readFileSync(filePath, "utf8")).toContain("value = 2");
  }, 120_000);
});
