/**
 * The command-line tool on the store of a running `opencode serve` whose (stub) model saves through memory_save: the
 * tool imports and trashes/restores while the plugin writes, and every write of both sides lands, with no
 * SQLITE_BUSY reaching either side.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EntryView } from "../../src/store/memory-types.js";
import { CLI, type CliResult, finished } from "../helpers/cli.js";
import { type LiveServer, startOpencode } from "./harness.js";

const SAVES = 12;
const CHUNKS = 6;
const PER_CHUNK = 100;
const BUSY = /SQLITE_BUSY|database is locked/i;

const entryLine = (i: number) =>
  JSON.stringify({
    id: `live${String(i).padStart(8, "0")}`,
    scope: "global",
    kind: "fact",
    title: `Imported while serving ${i}`,
    body: `imported by the command line while OpenCode runs, number ${i}`,
    tags: [],
    status: "active",
    supersededBy: null,
    source: { agent: null, session: null },
    createdAt: 1_700_000_000_000 + i,
    updatedAt: 1_700_000_000_000 + i,
    validFrom: null,
    validUntil: null,
    expiresAt: null,
    trashedAt: null,
  });

describe("opencode-ledger while opencode serve writes the same store", () => {
  let oc: LiveServer;
  beforeAll(async () => {
    oc = await startOpencode({ plugin: {} });
  });
  afterAll(async () => {
    await oc?.stop();
  });

  const cli = (args: string[]): Promise<CliResult> =>
    finished(spawn(process.execPath, [CLI, "--data-dir", oc.dataDir, ...args], { cwd: oc.project }));

  it("both sides' writes all land, and no SQLITE_BUSY reaches the user", async () => {
    const sessionID = await oc.createSession();
    // The model's first save creates the store, as in a real first session.
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: "memory_save", args: { kind: "fact", title: "Live save 0", body: "first" } });
    await oc.prompt(sessionID, "Save this.");
    expect(oc.stub.since(mark).some((r) => r.messages.at(-1)?.text.includes("Saved"))).toBe(true);

    let serving = true;
    const results: CliResult[] = [];
    const cliSide = (async () => {
      for (let c = 0; c < CHUNKS || serving; c++) {
        const file = path.join(oc.root, `chunk-${c}.jsonl`);
        const lines = Array.from({ length: PER_CHUNK }, (_, i) => entryLine(c * PER_CHUNK + i));
        fs.writeFileSync(file, lines.join("\n"));
        results.push(await cli(["import", file]));
        const id = `live${String(c * PER_CHUNK).padStart(8, "0")}`;
        results.push(await cli(["forget", id, "--reason", "cycle"]));
        results.push(await cli(["restore", id]));
        if (c >= CHUNKS * 3) break;
      }
    })();
    const toolAnswers: string[] = [];
    for (let i = 1; i <= SAVES; i++) {
      const m = oc.stub.mark();
      oc.stub.script({
        callTool: "memory_save",
        args: { kind: "fact", title: `Live save ${i}`, body: `saved by the model while the CLI writes, ${i}` },
      });
      await oc.prompt(sessionID, `Save number ${i}.`);
      toolAnswers.push(
        oc.stub
          .since(m)
          .find((r) => r.messages.at(-1)?.role === "tool")
          ?.messages.at(-1)?.text ?? "",
      );
    }
    serving = false;
    await cliSide;

    for (const answer of toolAnswers) expect(answer).toContain("Saved fact");
    for (const r of results) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(BUSY);
    }
    const chunks = results.filter((r) => r.stdout.startsWith("Imported")).length;
    expect(chunks).toBeGreaterThanOrEqual(CHUNKS);
    const all = (await cli(["export", "--scope", "all"])).stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as EntryView);
    expect(all.filter((e) => e.title.startsWith("Live save "))).toHaveLength(SAVES + 1);
    expect(all.filter((e) => e.title.startsWith("Imported while serving "))).toHaveLength(chunks * PER_CHUNK);
    expect(oc.pluginLog().join("\n")).not.toMatch(BUSY);
    expect((await cli(["doctor"])).code).toBe(0);
  }, 300_000);
});
