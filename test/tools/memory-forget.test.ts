import { describe, expect, it } from "vitest";
import { memoryFixture } from "../helpers/memory.js";

const idOf = (text: unknown) => /\[([0-9a-z]{12})\]/.exec(String(text))?.[1] ?? "";

describe("memory_forget and memory_restore", () => {
  it("forgets by id into the trash, reports it, and restores it where it lived", async () => {
    const f = memoryFixture();
    const id = idOf(await f.tools.memory_save.execute({ kind: "fact", title: "Old CI", body: "travis" }, f.ctx));
    const out = await f.tools.memory_forget.execute({ id, reason: "moved to actions" }, f.ctx);
    expect(out).toBe(
      `Moved 1 entry to the trash (restorable for 30 days with "opencode-ledger restore <id>" (or memory_restore, offered with the option tools: "all"), then deleted):\n- [${id}] "Old CI" (fact, this project)`,
    );
    expect((await f.memory.history(id)).rows.at(-1)).toMatchObject({ action: "trash", reason: "moved to actions" });
    expect(await f.tools.memory_restore.execute({ id }, f.ctx)).toBe(
      `Restored [${id}] "Old CI" to this project (fact, active).`,
    );
    expect(String(await f.tools.memory_restore.execute({ id }, f.ctx))).toBe(
      `Error: [opencode-ledger] entry ${id} ("Old CI") is not in the trash`,
    );
    f.close();
  });

  it("forgets by id in any project (ids are unique), by query only in this project and global", async () => {
    const f = memoryFixture();
    const theirs = idOf(
      await f.tools.memory_save.execute({ kind: "fact", title: "Beta cache", body: "redis cache" }, f.otherCtx),
    );
    const mine = idOf(
      await f.tools.memory_save.execute({ kind: "fact", title: "Alpha cache", body: "redis cache" }, f.ctx),
    );
    const global = idOf(
      await f.tools.memory_save.execute(
        { kind: "fact", title: "Cache rule", body: "redis cache", scope: "global" },
        f.ctx,
      ),
    );
    const out = String(await f.tools.memory_forget.execute({ query: "redis cache" }, f.ctx));
    expect(out).toMatch(/^Moved 2 entries to the trash/);
    expect(out).toContain(`[${mine}] "Alpha cache" (fact, this project)`);
    expect(out).toContain(`[${global}] "Cache rule" (fact, global)`);
    expect((await f.memory.get(theirs))?.trashedAt).toBeNull();
    expect(await f.tools.memory_forget.execute({ query: "nothing like this" }, f.ctx)).toBe(
      'No entry in this project, team and global matches every word of "nothing like this"; nothing was trashed. Check with memory_search.',
    );
    expect(String(await f.tools.memory_forget.execute({ id: theirs }, f.ctx))).toContain(
      `[${theirs}] "Beta cache" (fact, ${f.other})`,
    );
    f.close();
  });

  it.each([
    [{}, /id: give either id or query \(exactly one of them\)/],
    [{ id: "abc", query: "x" }, /id: give either id or query/],
    [{ id: "nosuchid0000" }, /no memory entry with id "nosuchid0000"/],
    [{ query: '"*' }, /query: has no words/],
  ])("refuses %j with an error result, trashing nothing", async (args, message) => {
    const f = memoryFixture();
    await f.tools.memory_save.execute({ kind: "fact", title: "Keep", body: "x" }, f.ctx);
    const out = String(await f.tools.memory_forget.execute(args, f.ctx));
    expect(out).toMatch(/^Error: \[opencode-ledger\] /);
    expect(out).toMatch(message);
    expect((await f.memory.list({ trashed: true })).total).toBe(0);
    f.close();
  });

  it("refuses a restore when a live entry took the title, and an unknown id", async () => {
    const f = memoryFixture();
    const id = idOf(await f.tools.memory_save.execute({ kind: "fact", title: "Port", body: "8080" }, f.ctx));
    await f.tools.memory_forget.execute({ id }, f.ctx);
    const holder = idOf(await f.tools.memory_save.execute({ kind: "fact", title: "Port", body: "9090" }, f.ctx));
    expect(await f.tools.memory_restore.execute({ id }, f.ctx)).toBe(
      `Error: [opencode-ledger] cannot restore ${id}: entry ${holder} now holds the title "Port" in the same scope. Trash ${holder} first, or keep it and leave ${id} in the trash.`,
    );
    expect((await f.memory.get(id))?.trashedAt).not.toBeNull();
    expect(String(await f.tools.memory_restore.execute({ id: "nosuchid0000" }, f.ctx))).toMatch(
      /^Error: .*no memory entry with id/,
    );
    f.close();
  });

  it("names the configured trash retention", async () => {
    const f = memoryFixture({ retention: { trashDays: 7 } });
    const id = idOf(await f.tools.memory_save.execute({ kind: "fact", title: "T", body: "b" }, f.ctx));
    expect(await f.tools.memory_forget.execute({ id }, f.ctx)).toMatch(
      /restorable for 7 days with "opencode-ledger restore <id>"/,
    );
    f.close();
  });
});

describe("memory_review", () => {
  it("marks active, superseded or rejected, with the reason in the audit log", async () => {
    const f = memoryFixture();
    const a = idOf(
      await f.tools.memory_save.execute({ kind: "fact", title: "A", body: "a", status: "candidate" }, f.ctx),
    );
    const b = idOf(await f.tools.memory_save.execute({ kind: "fact", title: "B", body: "b" }, f.ctx));
    expect(await f.tools.memory_review.execute({ id: a, status: "active", reason: "confirmed in CI" }, f.ctx)).toBe(
      `Marked [${a}] "A" in this project active. Changed: status: "candidate" → "active".`,
    );
    expect(await f.tools.memory_review.execute({ id: a, status: "superseded", superseded_by: b }, f.ctx)).toBe(
      `Marked [${a}] "A" in this project superseded. Changed: status: "active" → "superseded"; superseded_by: none → "${b}"; valid_until: none → 2025-01-15T12:00Z.`,
    );
    expect(await f.tools.memory_review.execute({ id: b, status: "rejected" }, f.ctx)).toMatch(/Marked .* rejected/);
    expect(await f.tools.memory_review.execute({ id: b, status: "rejected" }, f.ctx)).toBe(
      `[${b}] "B" in this project is already rejected; nothing changed.`,
    );
    const rows = (await f.memory.history(a)).rows;
    expect(rows.map((r) => [r.action, r.reason, r.actor.agent])).toEqual([
      ["create", null, "build"],
      ["status", "confirmed in CI", "build"],
      ["supersede", null, "build"],
    ]);
    f.close();
  });

  it.each([
    [{ status: "superseded" }, /superseded_by: is required with status superseded/],
    [{ status: "rejected", superseded_by: "x" }, /superseded_by: only goes with status superseded/],
    [
      { status: "rejected", reason: "key sk-ant-api03-Zq7Xv2Lm9Pw4Rt8Yb3Nc6Kd1Hf5Gj0Sx" },
      /refused: reason looks like it holds a secret/,
    ],
  ])("refuses %j, changing nothing", async (args, message) => {
    const f = memoryFixture();
    const id = idOf(await f.tools.memory_save.execute({ kind: "fact", title: "A", body: "a" }, f.ctx));
    const out = String(
      await f.tools.memory_review.execute({ id, ...(args as { status: "rejected"; id?: string }) }, f.ctx),
    );
    expect(out).toMatch(/^Error: \[opencode-ledger\] /);
    expect(out).toMatch(message);
    expect((await f.memory.get(id))?.status).toBe("active");
    expect((await f.memory.history(id)).rows).toHaveLength(1);
    f.close();
  });

  it("refuses to review an entry in the trash", async () => {
    const f = memoryFixture();
    const id = idOf(await f.tools.memory_save.execute({ kind: "fact", title: "A", body: "a" }, f.ctx));
    await f.tools.memory_forget.execute({ id }, f.ctx);
    expect(await f.tools.memory_review.execute({ id, status: "rejected" }, f.ctx)).toBe(
      `Error: [opencode-ledger] entry ${id} ("A") is in the trash; restore it first ("opencode-ledger restore ${id}", or memory_restore, offered with the option tools: "all")`,
    );
    f.close();
  });
});
