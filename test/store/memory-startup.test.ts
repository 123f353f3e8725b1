/**
 * The memory purge after start-up has its own switch, `retention.autoPurge`: the transcript sweep's `autoSweep` does
 * not turn it off, and with `autoPurge: false` nothing is scheduled and old trash stays.
 */
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../src/log.js";
import { parseOptions } from "../../src/options.js";
import { scheduleStartupPurge } from "../../src/store/memory-startup.js";
import { DAY, memoryFixture, T0 } from "../helpers/memory.js";

const settle = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A store with one entry trashed longer ago than `trashDays`. */
async function oldTrash() {
  const f = memoryFixture();
  const { entry } = await f.memory.save({ scope: f.project, kind: "fact", title: "Old", body: "b" }, { kind: "cli" });
  await f.memory.trash(entry.id, { kind: "cli" });
  f.now.value = T0 + 31 * DAY;
  return { f, id: entry.id };
}

function retention(raw: Record<string, unknown>) {
  const { options, problems } = parseOptions({ dataDir: "/tmp/unused", retention: raw });
  expect(problems).toEqual([]);
  return options.retention;
}

describe("the start-up memory purge", () => {
  it("runs with the transcript sweep turned off", async () => {
    const { f, id } = await oldTrash();
    const log = createMemoryLogger();
    const cancel = scheduleStartupPurge(f.memory, log, retention({ autoSweep: false }), 0);
    expect(cancel).toBeTypeOf("function");
    await settle(100);
    expect(log.lines).toEqual([
      { level: "info", message: "memory purge: 0 expired and 1 old trashed entries removed" },
    ]);
    expect(await f.memory.get(id)).toBeUndefined();
    f.close();
  });

  it("is not scheduled with autoPurge off, and the trash stays", async () => {
    const { f, id } = await oldTrash();
    const log = createMemoryLogger();
    expect(scheduleStartupPurge(f.memory, log, retention({ autoPurge: false }), 0)).toBeUndefined();
    await settle(100);
    expect(log.lines).toEqual([]);
    expect((await f.memory.get(id))?.trashedAt).not.toBeNull();
    f.close();
  });

  it("is on by default, and a wrong value is refused naming the option", () => {
    expect(retention({}).autoPurge).toBe(true);
    const { options, problems } = parseOptions({ dataDir: "/tmp/unused", retention: { autoPurge: "no" } });
    expect(problems.map((p) => p.message).join("\n")).toContain("retention.autoPurge");
    // A retention section that does not validate turns removals off rather than guess.
    expect(options.retention.autoPurge).toBe(false);
  });
});
