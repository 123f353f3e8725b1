import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TranscriptError } from "../../../src/errors.js";
import { lockFile, processAlive, withExportLock } from "../../../src/transcripts/export/lock.js";
import { type TestLedger, testLedger } from "../../helpers/transcripts.js";

const SESSION = "ses_locktest00000001";

function plant(ledger: TestLedger, pid: number, acquiredAt: number) {
  const file = lockFile(ledger.transcriptsDir, SESSION);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${pid} ${acquiredAt} planted`);
}

const locks = (ledger: TestLedger) => {
  const dir = path.dirname(lockFile(ledger.transcriptsDir, SESSION));
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "0"], { env: { ...process.env, BUN_BE_BUN: "1" } });
  if (child.pid === undefined || processAlive(child.pid)) throw new Error("could not find a finished process id");
  return child.pid;
}

describe("the export lock", () => {
  it("runs one holder at a time in one process and removes its lock file", async () => {
    const ledger = testLedger();
    const order: string[] = [];
    const run = (name: string) =>
      withExportLock(ledger, SESSION, async () => {
        order.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push(`${name} out`);
      });
    await Promise.all([run("a"), run("b")]);
    expect(order).toEqual(expect.arrayContaining(["a in", "a out", "b in", "b out"]));
    expect(order[1]).toBe(`${order[0]?.[0]} out`);
    expect(locks(ledger)).toEqual([]);
    expect(fs.statSync(path.dirname(lockFile(ledger.transcriptsDir, SESSION))).mode & 0o777).toBe(0o700);
  });

  it("releases the lock when the work fails", async () => {
    const ledger = testLedger();
    const failing = withExportLock(ledger, SESSION, async () => {
      throw new Error("boom");
    });
    await expect(failing).rejects.toThrow("boom");
    expect(locks(ledger)).toEqual([]);
  });

  it("takes over the lock of a process that is gone, and says so in the log", async () => {
    const ledger = testLedger();
    const pid = deadPid();
    plant(ledger, pid, Date.now());
    expect(await withExportLock(ledger, SESSION, async () => "ran")).toBe("ran");
    expect(ledger.log.lines.some((l) => l.message.includes(`stale export lock of pid ${pid}`))).toBe(true);
    expect(locks(ledger)).toEqual([]);
  });

  it("takes over a lock held too long even by a live process", async () => {
    const ledger = testLedger();
    plant(ledger, process.ppid, Date.now() - 60_000);
    expect(await withExportLock(ledger, SESSION, async () => "ran", { staleMs: 30_000 })).toBe("ran");
  });

  it("waits for a live holder and then refuses with who holds it", async () => {
    const ledger = testLedger();
    plant(ledger, process.ppid, Date.now());
    const error = await withExportLock(ledger, SESSION, async () => "ran", { waitMs: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranscriptError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^\\[opencode-ledger\\] another export of session ${SESSION} is running \\(pid ${process.ppid}, since `,
      ),
    );
    expect(locks(ledger)).toEqual([`${SESSION}.lock`]);
    expect(fs.readFileSync(lockFile(ledger.transcriptsDir, SESSION), "utf8")).toContain("planted");
  });

  it("refuses a malformed session id before creating a lock", async () => {
    const ledger = testLedger();
    await expect(withExportLock(ledger, "../../x", async () => 1)).rejects.toThrow(/is not a session id/);
    expect(fs.existsSync(ledger.options.dataDir)).toBe(false);
  });
});
