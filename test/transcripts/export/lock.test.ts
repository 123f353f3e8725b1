import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TranscriptError } from "../../../src/errors.js";
import { lockFile, processAlive, withExportLock } from "../../../src/transcripts/export/lock.js";
import { type TestDataContext, testDataContext } from "../../helpers/transcripts.js";

const SESSION = "ses_locktest00000001";

function plant(data: TestDataContext, pid: number, acquiredAt: number) {
  const file = lockFile(data.transcriptsDir, SESSION);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${pid} ${acquiredAt} planted`);
}

const locks = (data: TestDataContext) => {
  const dir = path.dirname(lockFile(data.transcriptsDir, SESSION));
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "0"], { env: { ...process.env, BUN_BE_BUN: "1" } });
  if (child.pid === undefined || processAlive(child.pid)) throw new Error("could not find a finished process id");
  return child.pid;
}

describe("the export lock", () => {
  it("runs one holder at a time in one process and removes its lock file", async () => {
    const data = testDataContext();
    const order: string[] = [];
    const run = (name: string) =>
      withExportLock(data, SESSION, async () => {
        order.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push(`${name} out`);
      });
    await Promise.all([run("a"), run("b")]);
    expect(order).toEqual(expect.arrayContaining(["a in", "a out", "b in", "b out"]));
    expect(order[1]).toBe(`${order[0]?.[0]} out`);
    expect(locks(data)).toEqual([]);
    expect(fs.statSync(path.dirname(lockFile(data.transcriptsDir, SESSION))).mode & 0o777).toBe(0o700);
  });

  it("releases the lock when the work fails", async () => {
    const data = testDataContext();
    const failing = withExportLock(data, SESSION, async () => {
      throw new Error("boom");
    });
    await expect(failing).rejects.toThrow("boom");
    expect(locks(data)).toEqual([]);
  });

  it("takes over the lock of a process that is gone, and says so in the log", async () => {
    const data = testDataContext();
    const pid = deadPid();
    plant(data, pid, Date.now());
    expect(await withExportLock(data, SESSION, async () => "ran")).toBe("ran");
    expect(data.log.lines.some((l) => l.message.includes(`stale export lock of pid ${pid}`))).toBe(true);
    expect(locks(data)).toEqual([]);
  });

  it("takes over a lock held too long even by a live process", async () => {
    const data = testDataContext();
    plant(data, process.ppid, Date.now() - 60_000);
    expect(await withExportLock(data, SESSION, async () => "ran", { staleMs: 30_000 })).toBe("ran");
  });

  it("waits for a live holder and then refuses with who holds it", async () => {
    const data = testDataContext();
    plant(data, process.ppid, Date.now());
    const error = await withExportLock(data, SESSION, async () => "ran", { waitMs: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranscriptError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^\\[opencode-ledger\\] another export of session ${SESSION} is running \\(pid ${process.ppid}, since `,
      ),
    );
    expect(locks(data)).toEqual([`${SESSION}.lock`]);
    expect(fs.readFileSync(lockFile(data.transcriptsDir, SESSION), "utf8")).toContain("planted");
  });

  it("refuses a malformed session id before creating a lock", async () => {
    const data = testDataContext();
    await expect(withExportLock(data, "../../x", async () => 1)).rejects.toThrow(/is not a session id/);
    expect(fs.existsSync(data.options.dataDir)).toBe(false);
  });
});
