import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { TranscriptError } from "../../src/errors.js";
import { transcriptLocks } from "../../src/store/schema.js";
import { processAlive, withExportLock } from "../../src/transcripts/export-lock.js";
import { type TestLedger, testLedger } from "../helpers/transcripts.js";

const SESSION = "ses_locktest00000001";

async function plant(ledger: TestLedger, pid: number, acquiredAt: number) {
  await ledger.database.write((db) =>
    db
      .insert(transcriptLocks)
      .values({ sessionId: SESSION, owner: `${pid}:planted`, pid, acquiredAt })
      .run(),
  );
}

const locks = (ledger: TestLedger) => ledger.database.read((db) => db.select().from(transcriptLocks).all(), []);

function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "0"], { env: { ...process.env, BUN_BE_BUN: "1" } });
  if (child.pid === undefined || processAlive(child.pid)) throw new Error("could not find a finished process id");
  return child.pid;
}

describe("the export lock", () => {
  it("runs one holder at a time in one process and releases the row", async () => {
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
    expect(await locks(ledger)).toEqual([]);
  });

  it("releases the lock when the work fails", async () => {
    const ledger = testLedger();
    const failing = withExportLock(ledger, SESSION, async () => {
      throw new Error("boom");
    });
    await expect(failing).rejects.toThrow("boom");
    expect(await locks(ledger)).toEqual([]);
  });

  it("takes over the lock of a process that is gone, and says so in the log", async () => {
    const ledger = testLedger();
    const pid = deadPid();
    await plant(ledger, pid, Date.now());
    expect(await withExportLock(ledger, SESSION, async () => "ran")).toBe("ran");
    expect(ledger.log.lines.some((l) => l.message.includes(`stale export lock of pid ${pid}`))).toBe(true);
  });

  it("takes over a lock held too long even by a live process", async () => {
    const ledger = testLedger();
    await plant(ledger, process.ppid, Date.now() - 60_000);
    expect(await withExportLock(ledger, SESSION, async () => "ran", { staleMs: 30_000 })).toBe("ran");
  });

  it("waits for a live holder and then refuses with who holds it", async () => {
    const ledger = testLedger();
    await plant(ledger, process.ppid, Date.now());
    const error = await withExportLock(ledger, SESSION, async () => "ran", { waitMs: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranscriptError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^\\[opencode-ledger\\] another export of session ${SESSION} is running \\(pid ${process.ppid}, since `,
      ),
    );
    expect(await locks(ledger)).toHaveLength(1);
  });
});
