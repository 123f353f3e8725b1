import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { exportTranscript } from "../../../src/transcripts/export/export-transcript.js";
import { createMemorySource } from "../../../src/transcripts/source/export-file-source.js";
import { syntheticSession } from "../../helpers/synthetic-session.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { readTranscript, testDataContext } from "../../helpers/transcripts.js";

const root = path.resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const bin = path.join(root, "node_modules", ".bin", "opencode");
const worker = path.join(root, "test", "helpers", "export-worker.ts");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startWorker(args: string[]) {
  const child = spawn(bin, ["run", worker, ...args], {
    cwd: root,
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
      if (child.exitCode !== null) throw new Error(`worker exited early: ${err}`);
      await sleep(10);
    }
  })();
  const done = new Promise<{ exports: number; appending: number }>((resolve, reject) => {
    child.on("exit", (code) => {
      if (code !== 0) reject(new Error(`worker exited with ${code}: ${err}`));
      else resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "{}"));
    });
  });
  const appended = () => out.split("\n").filter((l) => l === "appended").length;
  return { ready, done, appended };
}

describe("two processes exporting one growing session", () => {
  it("write every line once: no duplicate, no gap, the same file a single export writes", async () => {
    const dir = tempDir();
    const data = testDataContext();
    const sessionFile = path.join(dir, "session.json");
    const stopFile = path.join(dir, "stop");
    const session = syntheticSession(2, "ses_concurrent00000001", 400);
    const publish = () => {
      fs.writeFileSync(`${sessionFile}.tmp`, JSON.stringify(session.data));
      fs.renameSync(`${sessionFile}.tmp`, sessionFile);
    };
    publish();
    const args = [data.options.dataDir, sessionFile, session.sessionID, stopFile];
    const workers = [startWorker(args), startWorker(args)];
    await Promise.all(workers.map((w) => w.ready));
    // Grow the session until both processes have appended to the transcript a few times (bounded).
    for (let turn = 2; turn < 300 && (turn < 40 || workers.some((w) => w.appended() < 3)); turn++) {
      session.turn(turn, 400);
      publish();
      await sleep(15);
    }
    fs.writeFileSync(stopFile, "");
    const stats = await Promise.all(workers.map((w) => w.done));
    expect(stats.every((s) => s.exports > 1 && s.appending >= 3)).toBe(true);

    const final = await exportTranscript({
      data,
      source: createMemorySource([session.data]),
      sessionID: session.sessionID,
      scope: "/projects/concurrent",
    });
    expect(final.appendedLines).toBe(0);
    const lines = readTranscript(final.path);
    expect(lines.map((l) => l.number)).toEqual(lines.map((_, i) => i + 1));
    expect(lines.filter((l) => l.text.startsWith("[note]"))).toEqual([]);
    for (const message of session.data.messages) {
      expect(lines.filter((l) => l.text.startsWith("## ") && l.text.includes(message.info.id))).toHaveLength(1);
    }

    const single = testDataContext();
    const once = await exportTranscript({
      data: single,
      source: createMemorySource([session.data]),
      sessionID: session.sessionID,
      scope: "/projects/concurrent",
    });
    expect(fs.readFileSync(final.path, "utf8")).toBe(fs.readFileSync(once.path, "utf8"));
  }, 60_000);
});
