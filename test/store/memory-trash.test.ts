import { describe, expect, it } from "vitest";
import { ConflictError, InvalidInputError, NotFoundError } from "../../src/errors.js";
import { GLOBAL_SCOPE } from "../../src/scope.js";
import type { Actor } from "../../src/store/memory-types.js";
import { DAY, memoryFixture, T0 } from "../helpers/memory.js";

const agent: Actor = { kind: "agent", agent: "build", session: "ses_1" };
const person: Actor = { kind: "person" };

describe("memory store: trash, restore, purge", () => {
  it("trashes by id (restorable), hides the entry from reads, and restores it where it lived", async () => {
    const f = memoryFixture();
    const { entry } = await f.memory.save({ scope: f.project, kind: "fact", title: "A", body: "alpha" }, agent);
    f.now.value = T0 + 1000;
    const trashed = await f.memory.trash(entry.id, agent, "outdated");
    expect(trashed.entry.trashedAt).toBe(T0 + 1000);
    expect((await f.memory.list({ scopes: [f.project], status: "all" })).total).toBe(0);
    expect((await f.memory.search({ query: "alpha", scopes: [f.project] })).total).toBe(0);
    expect((await f.memory.list({ scopes: [f.project], trashed: true })).items.map((e) => e.id)).toEqual([entry.id]);
    await expect(f.memory.trash(entry.id, agent)).rejects.toThrow(/already in the trash since/);
    const restored = await f.memory.restore(entry.id, person);
    expect(restored.entry).toMatchObject({ scope: f.project, trashedAt: null, status: "active" });
    await expect(f.memory.restore(entry.id, person)).rejects.toThrow(/is not in the trash/);
    await expect(f.memory.trash("nosuchentry0", agent)).rejects.toThrow(NotFoundError);
    f.close();
  });

  it("refuses a restore when a live entry now holds the title, and changes nothing", async () => {
    const f = memoryFixture();
    const first = await f.memory.save({ scope: f.project, kind: "fact", title: "Deploy", body: "old way" }, agent);
    await f.memory.trash(first.entry.id, agent);
    const second = await f.memory.save({ scope: f.project, kind: "fact", title: "DEPLOY", body: "new way" }, agent);
    expect(second.action).toBe("created");
    const error = await f.memory.restore(first.entry.id, person).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toContain(`entry ${second.entry.id} now holds the title "DEPLOY"`);
    expect((await f.memory.get(first.entry.id))?.trashedAt).not.toBeNull();
    expect((await f.memory.history(first.entry.id)).rows.map((r) => r.action)).toEqual(["create", "trash"]);
    f.close();
  });

  it("trashes by query only inside the given scopes, only entries matching every word", async () => {
    const f = memoryFixture();
    const mine = await f.memory.save(
      { scope: f.project, kind: "fact", title: "Redis cache TTL", body: "ttl is 60s" },
      agent,
    );
    const global = await f.memory.save(
      { scope: GLOBAL_SCOPE, kind: "fact", title: "Redis cache keys", body: "prefix" },
      agent,
    );
    const theirs = await f.memory.save(
      { scope: f.other, kind: "fact", title: "Redis cache TTL", body: "ttl is 5s" },
      agent,
    );
    await f.memory.save({ scope: f.project, kind: "fact", title: "Redis only", body: "no other word" }, agent);
    const trashed = await f.memory.trashByQuery("redis cache", [f.project, GLOBAL_SCOPE], agent, "moved to memcached");
    expect(trashed.map((e) => e.id).sort()).toEqual([mine.entry.id, global.entry.id].sort());
    expect((await f.memory.get(theirs.entry.id))?.trashedAt).toBeNull();
    expect(await f.memory.trashByQuery("nothing matches this", [f.project], agent)).toEqual([]);
    await expect(f.memory.trashByQuery(' "* ', [f.project], agent)).rejects.toThrow(InvalidInputError);
    f.close();
  });

  it("refuses a forget-by-query that matches too many entries, trashing none", async () => {
    const f = memoryFixture();
    for (let i = 0; i < 21; i++) {
      await f.memory.save({ scope: f.project, kind: "fact", title: `note ${i}`, body: "common word" }, agent);
    }
    await expect(f.memory.trashByQuery("common", [f.project], agent)).rejects.toThrow(
      /matches 21 entries, more than 20/,
    );
    expect((await f.memory.list({ scopes: [f.project], trashed: true })).total).toBe(0);
    f.close();
  });

  it("purges: the entry is gone, its audit rows are redacted, a tombstone remains", async () => {
    const f = memoryFixture();
    const { entry } = await f.memory.save({ scope: f.project, kind: "fact", title: "A", body: "alpha" }, agent);
    await f.memory.setStatus(entry.id, { status: "rejected", reason: "wrong" }, person);
    const result = await f.memory.purge(entry.id, { kind: "cli" });
    expect(result).toEqual({ id: entry.id, checkpointed: true });
    expect(await f.memory.get(entry.id)).toBeUndefined();
    const { entry: gone, rows } = await f.memory.history(entry.id);
    expect(gone).toBeUndefined();
    expect(rows.map((r) => [r.action, r.redacted, r.changes, r.reason])).toEqual([
      ["create", true, null, null],
      ["status", true, null, null],
      ["purge", false, null, null],
    ]);
    expect(rows[2]?.actor).toEqual({ kind: "cli" });
    await expect(f.memory.purge(entry.id, { kind: "cli" })).rejects.toThrow(NotFoundError);
    f.close();
  });
});

describe("memory store: due purge and expiry", () => {
  it("purges trash older than trashDays and expired entries, audited as purge and expire by the due purge", async () => {
    const f = memoryFixture();
    const old = await f.memory.save({ scope: f.project, kind: "fact", title: "old", body: "o" }, agent);
    const recent = await f.memory.save({ scope: f.project, kind: "fact", title: "recent", body: "r" }, agent);
    const expiring = await f.memory.save(
      { scope: f.project, kind: "fact", title: "expiring", body: "e", expiresAt: T0 + 2 * DAY },
      agent,
    );
    const keeper = await f.memory.save({ scope: f.project, kind: "fact", title: "keeper", body: "k" }, agent);
    await f.memory.trash(old.entry.id, agent);
    f.now.value = T0 + 10 * DAY;
    await f.memory.trash(recent.entry.id, agent);
    // Past its expiry the entry is hidden at once, before any purge.
    expect((await f.memory.list({ scopes: [f.project] })).items.map((e) => e.title)).toEqual(["keeper"]);
    expect(await f.memory.purgeDue()).toEqual({ expired: 1, purged: 0 });
    f.now.value = T0 + 30 * DAY;
    expect(await f.memory.purgeDue()).toEqual({ expired: 0, purged: 1 });
    expect(await f.memory.get(old.entry.id)).toBeUndefined();
    expect(await f.memory.get(recent.entry.id)).toBeDefined();
    expect(await f.memory.get(keeper.entry.id)).toBeDefined();
    const expiredTrail = (await f.memory.history(expiring.entry.id)).rows;
    expect(expiredTrail.at(-1)).toMatchObject({ action: "expire", actor: { kind: "sweep" }, redacted: false });
    expect(expiredTrail[0]).toMatchObject({ action: "create", redacted: true, changes: null });
    const oldTrail = (await f.memory.history(old.entry.id)).rows;
    expect(oldTrail.map((r) => r.action)).toEqual(["create", "trash", "purge"]);
    expect(oldTrail.at(-1)?.actor).toEqual({ kind: "sweep" });
    f.close();
  });

  it("honours retention.trashDays", async () => {
    const f = memoryFixture({ retention: { trashDays: 2 } });
    const a = await f.memory.save({ scope: f.project, kind: "fact", title: "A", body: "a" }, agent);
    await f.memory.trash(a.entry.id, agent);
    f.now.value = T0 + DAY;
    expect(await f.memory.purgeDueIfAny()).toEqual({ expired: 0, purged: 0 });
    f.now.value = T0 + 2 * DAY;
    expect(await f.memory.purgeDueIfAny()).toEqual({ expired: 0, purged: 1 });
    f.close();
  });

  it("purges on save: expired entries are purged by the next save", async () => {
    const f = memoryFixture();
    const e = await f.memory.save(
      { scope: f.project, kind: "fact", title: "E", body: "e", expiresAt: T0 + DAY },
      agent,
    );
    f.now.value = T0 + 2 * DAY;
    const next = await f.memory.save({ scope: GLOBAL_SCOPE, kind: "fact", title: "N", body: "n" }, agent);
    expect(next.purgedDue).toEqual({ expired: 1, purged: 0 });
    expect(await f.memory.get(e.entry.id)).toBeUndefined();
    // A new entry may take the title of an expired one.
    const again = await f.memory.save({ scope: f.project, kind: "fact", title: "E", body: "again" }, agent);
    expect(again.action).toBe("created");
    f.close();
  });
});

describe("memory store: stats and history across scopes", () => {
  it("counts by kind and status, trash, total, store size and the oldest live entry, per scope", async () => {
    const f = memoryFixture();
    const first = await f.memory.save({ scope: f.project, kind: "decision", title: "D1", body: "d" }, agent);
    f.now.value = T0 + 1;
    await f.memory.save({ scope: f.project, kind: "lesson", title: "L1", body: "l", status: "candidate" }, agent);
    const gone = await f.memory.save({ scope: GLOBAL_SCOPE, kind: "lesson", title: "L2", body: "l" }, agent);
    await f.memory.save({ scope: f.other, kind: "fact", title: "F1", body: "f" }, agent);
    await f.memory.trash(gone.entry.id, agent);
    const stats = await f.memory.stats([f.project, GLOBAL_SCOPE]);
    expect(stats).toMatchObject({
      byKind: { decision: 1, lesson: 1 },
      byStatus: { active: 1, candidate: 1, superseded: 0, rejected: 0 },
      live: 2,
      trash: 1,
      total: 3,
      oldestLive: { id: first.entry.id, title: "D1", createdAt: T0 },
    });
    expect(stats.storeBytes).toBeGreaterThan(4096);
    expect((await f.memory.stats(undefined)).total).toBe(4);
    const recent = await f.memory.recentChanges([f.project, GLOBAL_SCOPE], 3);
    expect(recent.total).toBe(4);
    expect(recent.rows.map((r) => r.action)).toEqual(["trash", "create", "create"]);
    f.close();
  });
});
