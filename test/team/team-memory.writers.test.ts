/**
 * Three processes of one store saving team entries into one project at once, each reading its team memory between
 * saves (a read brings the index in line with the file when the file changed). Every save answered "Saved" must end
 * live in the store and as a line of the team file; a save is refused only when its entry is truly in neither.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { teamScope } from "../../src/scope.js";
import { Database } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import { teamFilePath } from "../../src/team/team-path.js";
import { OPENCODE_BIN, REPO_ROOT } from "../helpers/runtime-child.js";
import { tempDir } from "../helpers/temp-dir.js";

const WRITER = path.join(REPO_ROOT, "test", "helpers", "team-writer.ts");
const SAVES = 30;

interface WriterResult {
  saved: string[];
  refused: string[];
}

function startWriter(args: string[]) {
  const child = spawn(OPENCODE_BIN, ["run", WRITER, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, BUN_BE_BUN: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const ready = (async () => {
    while (!out.includes("ready")) {
      if (child.exitCode !== null) throw new Error(`writer exited early: ${err}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const done = new Promise<WriterResult>((resolve, reject) => {
    child.on("exit", (code) => {
      if (code !== 0) reject(new Error(`writer exited with ${code}: ${err}`));
      else resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as WriterResult);
    });
  });
  return { ready, done };
}

describe("team saves from several processes of one store", () => {
  it("every save answered Saved is live in the store and a line of the file; a refused one is in neither", async () => {
    const root = tempDir("ledger-team-writers-");
    const dataDir = path.join(root, "data");
    const project = path.join(root, "project");
    fs.mkdirSync(project);
    const start = path.join(root, "start");
    const writers = ["A", "B", "C"].map((tag) => startWriter([dataDir, project, tag, String(SAVES), start]));
    await Promise.all(writers.map((w) => w.ready));
    fs.writeFileSync(start, "");
    const results = await Promise.all(writers.map((w) => w.done));

    const saved = results.flatMap((r) => r.saved);
    const refused = results.flatMap((r) => r.refused);
    // Under the lock no save meets a file another process changed: none is refused.
    expect(refused).toEqual([]);
    expect(saved).toHaveLength(3 * SAVES);
    const lines = fs
      .readFileSync(teamFilePath(project), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { id: string; title: string });
    const database = new Database({ dataDir });
    const store = createMemoryStore({ database, clock: () => Date.now() });
    const live = await store.list({ scopes: [teamScope(project)], limit: 1_000 });
    database.close();
    const liveIds = new Set(live.items.map((e) => e.id));
    const fileIds = new Set(lines.map((l) => l.id));
    for (const id of saved) {
      expect(fileIds.has(id), `saved ${id} is in the file`).toBe(true);
      expect(liveIds.has(id), `saved ${id} is live`).toBe(true);
    }
    // Nothing but what was answered Saved: a refused save left no line and no live entry behind.
    expect([...fileIds].sort()).toEqual([...saved].sort());
    expect([...liveIds].sort()).toEqual([...saved].sort());
  }, 120_000);
});
