/**
 * OpenCode with a store the plugin cannot use, live: one from a newer version, and a file that is not a store. The
 * server starts, the model's tool calls get a clear message naming what is wrong, the session goes on, a compaction
 * still ends with a summary, and the file is left as it was. (Every tool, hook and `doctor` against these faults:
 * test/store/database.faults.test.ts.)
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Database, knownSchemaVersion, MIGRATIONS_FOLDER } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import { tempDir } from "../helpers/temp-dir.js";
import { type LiveServer, startOpencode } from "./harness.js";
import { filler } from "./live-home.js";
import { STUB_SUMMARY } from "./stub-model.js";

let current: LiveServer | undefined;
afterEach(async () => {
  await current?.stop();
  current = undefined;
});

/** A store of one entry whose schema version is newer than this plugin knows. */
async function newerStore(): Promise<Buffer> {
  const dataDir = tempDir();
  const database = new Database({ dataDir });
  const memory = createMemoryStore({ database, clock: Date.now });
  await memory.save(
    { scope: "global", kind: "fact", title: "Written by a newer version", body: "kept" },
    { kind: "cli" },
  );
  const raw = await database.raw();
  raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  raw.exec(`PRAGMA user_version = ${knownSchemaVersion(MIGRATIONS_FOLDER) + 1}`);
  database.close();
  return fs.readFileSync(path.join(dataDir, "ledger.db"));
}

async function withStore(bytes: Buffer, message: RegExp) {
  const oc = await startOpencode({
    plugin: {},
    prepare: (paths) => {
      fs.mkdirSync(paths.dataDir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(paths.dataDir, "ledger.db"), bytes, { mode: 0o600 });
    },
  });
  current = oc;
  const sessionID = await oc.createSession();
  const mark = oc.stub.mark();
  oc.stub.script({ callTool: "memory_save", args: { kind: "fact", title: "Try to save", body: "now" } });
  const first = await oc.prompt(sessionID, `Save this: the flag is CORAL-5521.\n${filler("s1", 20)}`);
  expect(first.info.error).toBeUndefined();
  const toolAnswer =
    oc.stub
      .since(mark)
      .find((r) => r.messages.at(-1)?.role === "tool")
      ?.messages.at(-1)?.text ?? "";
  expect(toolAnswer).toMatch(message);

  // The session goes on, and a compaction still ends with a summary the model can continue from.
  const reply = await oc.prompt(sessionID, "Carry on.");
  expect(reply.info.error).toBeUndefined();
  expect((await oc.summarize(sessionID)).status).toBe(200);
  const summary = await oc.summary(sessionID);
  expect(summary?.text).toBeTruthy();
  const after = await oc.prompt(sessionID, "And on.");
  expect(after.info.error).toBeUndefined();
  expect(fs.readFileSync(path.join(oc.dataDir, "ledger.db")).equals(bytes)).toBe(true);
  return { oc, summary: summary?.text ?? "" };
}

describe("a store the plugin cannot use, live", () => {
  it("a store from a newer version: the save is refused saying so, the session and compaction go on", async () => {
    const { summary } = await withStore(
      await newerStore(),
      /\[opencode-ledger\] the store .*ledger\.db has schema version \d+, newer than this plugin knows \(\d+\); it is left untouched and writes are refused\. Upgrade opencode-ledger\./,
    );
    // The transcript's index is in the store, so the export cannot record it: OpenCode's model summarises instead.
    expect(summary).toBe(STUB_SUMMARY);
  }, 120_000);

  it("a file that is not a store: the save says so and points at doctor, the session and compaction go on", async () => {
    const { oc, summary } = await withStore(
      Buffer.alloc(8_192, 0x5a),
      /\[opencode-ledger\] the store .*ledger\.db cannot be used: file is not a database\. Run "opencode-ledger doctor" to see what is wrong\./,
    );
    expect(summary).toBe(STUB_SUMMARY);
    expect(oc.pluginLog().join("\n")).toContain("file is not a database");
  }, 120_000);
});
