import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  SecretFoundError,
  StoreTooNewError,
} from "../../src/errors.js";
import { GLOBAL_SCOPE } from "../../src/scope.js";
import { Database, knownSchemaVersion, MIGRATIONS_FOLDER } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import type { Actor } from "../../src/store/memory-types.js";
import { DAY, memoryFixture, storeBytes, T0 } from "../helpers/memory.js";
import { tempDir } from "../helpers/temp-dir.js";

const agent: Actor = { kind: "agent", agent: "build", session: "ses_1" };
const person: Actor = { kind: "person", agent: "ana" };

describe("memory store: save, edit, status", () => {
  it("creates an entry with every field, its source and times", async () => {
    const f = memoryFixture();
    const result = await f.memory.save(
      {
        scope: f.project,
        kind: " Decision ",
        title: "  Use pnpm  ",
        body: "All installs go through pnpm.",
        tags: ["build", "Build", "ci"],
        validFrom: T0 - DAY,
        expiresAt: T0 + 10 * DAY,
      },
      agent,
    );
    expect(result.action).toBe("created");
    expect(result.entry).toMatchObject({
      scope: f.project,
      kind: "decision",
      title: "Use pnpm",
      body: "All installs go through pnpm.",
      tags: ["build", "ci"],
      status: "active",
      source: { agent: "build", session: "ses_1" },
      createdAt: T0,
      updatedAt: T0,
      validFrom: T0 - DAY,
      validUntil: null,
      expiresAt: T0 + 10 * DAY,
      trashedAt: null,
      supersededBy: null,
      supersedes: [],
    });
    expect(result.entry.id).toMatch(/^[0-9a-z]{12}$/);
    expect(await f.memory.get(result.entry.id)).toEqual(result.entry);
    f.close();
  });

  it("rewrites by scope and title, case-insensitively, and reports what changed", async () => {
    const f = memoryFixture();
    const first = await f.memory.save(
      { scope: f.project, kind: "fact", title: "CI runner", body: "ubuntu-22.04", tags: ["ci"] },
      agent,
    );
    f.now.value = T0 + 1000;
    const second = await f.memory.save(
      { scope: f.project, kind: "fact", title: "ci RUNNER", body: "ubuntu-24.04" },
      person,
    );
    expect(second.action).toBe("updated");
    expect(second.entry.id).toBe(first.entry.id);
    expect(second.changes).toEqual({ title: ["CI runner", "ci RUNNER"], body: ["ubuntu-22.04", "ubuntu-24.04"] });
    // Tags left out of a rewrite stay; the source stays the creator; updated_at moves.
    expect(second.entry).toMatchObject({
      tags: ["ci"],
      source: { agent: "build" },
      createdAt: T0,
      updatedAt: T0 + 1000,
    });
    const same = await f.memory.save(
      { scope: f.project, kind: "fact", title: "ci RUNNER", body: "ubuntu-24.04" },
      agent,
    );
    expect(same.action).toBe("unchanged");
    expect(same.changes).toEqual({});
    expect((await f.memory.history(first.entry.id)).rows.map((r) => r.action)).toEqual(["create", "update"]);
    // The same title in another scope is another entry.
    const global = await f.memory.save({ scope: GLOBAL_SCOPE, kind: "fact", title: "CI runner", body: "x" }, agent);
    expect(global.action).toBe("created");
    expect(global.entry.id).not.toBe(first.entry.id);
    f.close();
  });

  it("supersedes: marks the old entry, links both ways, closes its valid_until", async () => {
    const f = memoryFixture();
    const old = await f.memory.save(
      { scope: f.project, kind: "decision", title: "Node 18", body: "we target node 18" },
      agent,
    );
    f.now.value = T0 + DAY;
    const next = await f.memory.save(
      {
        scope: f.project,
        kind: "decision",
        title: "Node 20",
        body: "we target node 20",
        supersedes: old.entry.id,
        validFrom: T0 + DAY / 2,
      },
      agent,
    );
    expect(next.superseded).toMatchObject({
      id: old.entry.id,
      status: "superseded",
      supersededBy: next.entry.id,
      validUntil: T0 + DAY / 2,
    });
    expect(next.entry.supersedes).toEqual([old.entry.id]);
    expect(next.changes.supersedes).toEqual([null, old.entry.id]);
    const oldHistory = await f.memory.history(old.entry.id);
    expect(oldHistory.rows.at(-1)).toMatchObject({
      action: "supersede",
      changes: {
        status: ["active", "superseded"],
        superseded_by: [null, next.entry.id],
        valid_until: [null, T0 + DAY / 2],
      },
    });
    // Superseding an already superseded entry is refused, and so is superseding itself.
    await expect(
      f.memory.save(
        { scope: f.project, kind: "decision", title: "Node 22", body: "b", supersedes: old.entry.id },
        agent,
      ),
    ).rejects.toThrow(ConflictError);
    await expect(
      f.memory.save(
        { scope: f.project, kind: "decision", title: "Node 20", body: "b", supersedes: next.entry.id },
        agent,
      ),
    ).rejects.toThrow(/cannot supersede itself/);
    await expect(
      f.memory.save(
        { scope: f.project, kind: "decision", title: "Node 24", body: "b", supersedes: "nosuchid0000" },
        agent,
      ),
    ).rejects.toThrow(NotFoundError);
    expect((await f.memory.list({ scopes: [f.project], status: "all" })).total).toBe(2);
    f.close();
  });

  it("supersede without a date closes valid_until at the time of superseding", async () => {
    const f = memoryFixture();
    const a = await f.memory.save({ scope: f.project, kind: "fact", title: "A", body: "a" }, agent);
    const b = await f.memory.save({ scope: f.project, kind: "fact", title: "B", body: "b" }, agent);
    f.now.value = T0 + 5000;
    const { entry } = await f.memory.supersede(a.entry.id, b.entry.id, person, "B replaces A");
    expect(entry).toMatchObject({ status: "superseded", supersededBy: b.entry.id, validUntil: T0 + 5000 });
    expect((await f.memory.get(b.entry.id))?.supersedes).toEqual([a.entry.id]);
    f.close();
  });

  it("sets status with a reason; leaving superseded unlinks and reopens the entry", async () => {
    const f = memoryFixture();
    const a = await f.memory.save(
      { scope: f.project, kind: "fact", title: "A", body: "a", status: "candidate" },
      agent,
    );
    const b = await f.memory.save({ scope: f.project, kind: "fact", title: "B", body: "b" }, agent);
    expect(a.entry.status).toBe("candidate");
    const active = await f.memory.setStatus(a.entry.id, { status: "active", reason: "checked it" }, person);
    expect(active.changes).toEqual({ status: ["candidate", "active"] });
    await f.memory.setStatus(a.entry.id, { status: "superseded", supersededBy: b.entry.id }, person);
    const back = await f.memory.setStatus(a.entry.id, { status: "active", reason: "B was wrong" }, person);
    expect(back.entry).toMatchObject({ status: "active", supersededBy: null, validUntil: null });
    const rows = (await f.memory.history(a.entry.id)).rows;
    expect(rows.map((r) => r.action)).toEqual(["create", "status", "supersede", "status"]);
    expect(rows[1]).toMatchObject({ reason: "checked it", actor: { kind: "person", agent: "ana" } });
    expect(rows[3]?.changes).toEqual({
      status: ["superseded", "active"],
      superseded_by: [b.entry.id, null],
      valid_until: [T0, null],
    });
    // The same status again changes nothing and writes no audit row.
    expect((await f.memory.setStatus(a.entry.id, { status: "active" }, person)).changes).toEqual({});
    expect((await f.memory.history(a.entry.id)).rows).toHaveLength(4);
    await expect(f.memory.setStatus(a.entry.id, { status: "superseded" }, person)).rejects.toThrow(
      /superseded_by: is required/,
    );
    await expect(
      f.memory.setStatus(a.entry.id, { status: "rejected", supersededBy: b.entry.id }, person),
    ).rejects.toThrow(/only goes with status superseded/);
    await expect(f.memory.setStatus("unknown00000", { status: "rejected" }, person)).rejects.toThrow(NotFoundError);
    f.close();
  });

  it("edits by id, refuses a rename onto a live title, and refuses edits in the trash", async () => {
    const f = memoryFixture();
    const a = await f.memory.save({ scope: f.project, kind: "fact", title: "A", body: "a", tags: ["x"] }, agent);
    await f.memory.save({ scope: f.project, kind: "fact", title: "B", body: "b" }, agent);
    const edited = await f.memory.edit(a.entry.id, { body: "a2", tags: ["y"] }, { kind: "cli" });
    expect(edited.changes).toEqual({ body: ["a", "a2"], tags: [["x"], ["y"]] });
    expect(edited.entry.title).toBe("A");
    await expect(f.memory.edit(a.entry.id, { title: "b" }, { kind: "cli" })).rejects.toThrow(ConflictError);
    await f.memory.trash(a.entry.id, { kind: "cli" });
    await expect(f.memory.edit(a.entry.id, { body: "a3" }, { kind: "cli" })).rejects.toThrow(
      /in the trash; restore it first/,
    );
    f.close();
  });
});

describe("memory store: refusals save nothing", () => {
  const base = (scope: string) => ({ scope, kind: "fact", title: "ok", body: "ok" });

  it.each([
    ["empty title", { title: "   " }, /title: must not be empty/],
    ["title of 121 characters", { title: "t".repeat(121) }, /title: is 121 characters; the limit is 120/],
    ["title on two lines", { title: "a\nb" }, /title: must be one line/],
    ["body of 8001 characters", { body: "b".repeat(8001) }, /body: is 8001 characters; the limit is 8000/],
    ["13 tags", { tags: Array.from({ length: 13 }, (_, i) => `t${i}`) }, /tags: 13 tags given; the limit is 12/],
    ["an empty tag", { tags: ["ok", " "] }, /tags: must not be empty/],
    ["an empty kind", { kind: "" }, /kind: must not be empty/],
    ["expiry in the past", { expiresAt: T0 - 1 }, /expires_at: is in the past/],
    ["valid_until before valid_from", { validFrom: T0, validUntil: T0 - 1 }, /valid_until: is before valid_from/],
    ["a relative scope", { scope: "some/project" }, /scope: must be "global" or a project's absolute path/],
    ["an empty scope", { scope: "" }, /scope: must be "global" or a project's absolute path/],
  ])("refuses %s", async (_name, patch, message) => {
    const f = memoryFixture();
    await f.memory.save({ ...base(f.project), title: "existing" }, agent);
    const error = await f.memory.save({ ...base(f.project), ...patch }, agent).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/^\[opencode-ledger\] /);
    expect((await f.memory.list({ scopes: [f.project], status: "all" })).items.map((e) => e.title)).toEqual([
      "existing",
    ]);
    f.close();
  });

  const SECRETS = {
    kind: "AKIAZQ7XV2LM9PW4RT8Y",
    title: "key sk-ant-api03-Zq7Xv2Lm9Pw4Rt8Yb3Nc6Kd1Hf5Gj0Sx",
    body: "deploy with -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----",
    tags: ["AKIAZQ7XV2LM9PW4RT8Y"],
    reason: "rotated sk-ant-api03-Zq7Xv2Lm9Pw4Rt8Yb3Nc6Kd1Hf5Gj0Sx",
  } as const;
  const MARKERS: Record<string, string> = {
    kind: "AKIAZQ7XV2LM9PW4RT8Y",
    title: "Zq7Xv2Lm9Pw4Rt8Yb3Nc6Kd1Hf5Gj0Sx",
    body: "b3BlbnNzaC1rZXktdjEAAAAA",
    tags: "AKIAZQ7XV2LM9PW4RT8Y",
    reason: "Zq7Xv2Lm9Pw4Rt8Yb3Nc6Kd1Hf5Gj0Sx",
  };

  it.each(["kind", "title", "body", "tags", "reason"] as const)(
    "refuses a secret in %s: nothing saved, not a byte of it in the file",
    async (field) => {
      const f = memoryFixture();
      const kept = await f.memory.save({ ...base(f.project), title: "kept" }, agent);
      const attempts =
        field === "reason"
          ? [
              () => f.memory.setStatus(kept.entry.id, { status: "rejected", reason: SECRETS.reason }, agent),
              () =>
                f.memory.save({ ...base(f.project), title: "kept", body: "changed" }, agent, {
                  reason: SECRETS.reason,
                }),
              () => f.memory.trash(kept.entry.id, agent, SECRETS.reason),
              () => f.memory.trashByQuery("kept", [f.project], agent, SECRETS.reason),
            ]
          : [() => f.memory.save({ ...base(f.project), [field]: SECRETS[field] }, agent)];
      for (const attempt of attempts) {
        const error = await attempt().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(SecretFoundError);
        expect((error as SecretFoundError).field).toBe(field);
        expect((error as Error).message).not.toContain(MARKERS[field]);
      }
      const entries = await f.memory.list({ scopes: [f.project], status: "all" });
      expect(entries.items).toHaveLength(1);
      expect(entries.items[0]).toMatchObject({ title: "kept", body: "ok", status: "active" });
      expect((await f.memory.history(kept.entry.id)).rows).toHaveLength(1);
      f.close();
      expect(storeBytes(f.dbFile).includes(Buffer.from(MARKERS[field] as string))).toBe(false);
    },
  );
});

describe("memory store: absent and too-new stores", () => {
  it("reads an absent store as empty without creating anything", async () => {
    const dataDir = path.join(tempDir(), "none");
    const memory = createMemoryStore({ database: new Database({ dataDir }), clock: () => T0 });
    expect(await memory.list({})).toEqual({ items: [], total: 0, offset: 0 });
    expect((await memory.search({ query: "anything" })).items).toEqual([]);
    expect(await memory.get("abc")).toBeUndefined();
    expect(await memory.stats(undefined)).toMatchObject({
      live: 0,
      trash: 0,
      total: 0,
      storeBytes: 0,
      oldestLive: null,
    });
    expect(await memory.recentChanges(undefined, 10)).toEqual({ rows: [], total: 0 });
    expect(await memory.purgeDueIfAny()).toEqual({ purged: 0, expired: 0 });
    expect(await memory.trashByQuery("anything", ["global"], agent)).toEqual([]);
    await expect(memory.history("abc")).rejects.toThrow(NotFoundError);
    await expect(memory.restore("abc", agent)).rejects.toThrow(NotFoundError);
    await expect(memory.purge("abc", agent)).rejects.toThrow(NotFoundError);
    await expect(memory.trash("abc", agent)).rejects.toThrow(NotFoundError);
    await expect(memory.setStatus("abc", { status: "rejected" }, agent)).rejects.toThrow(NotFoundError);
    await expect(memory.supersede("abc", "def", agent)).rejects.toThrow(NotFoundError);
    await expect(memory.edit("abc", { body: "x" }, agent)).rejects.toThrow(NotFoundError);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("refuses every write to a store stamped by a newer version, and still reads it", async () => {
    const f = memoryFixture();
    const saved = await f.memory.save({ scope: f.project, kind: "fact", title: "A", body: "a" }, agent);
    (await f.database.raw()).exec(`PRAGMA user_version = ${knownSchemaVersion(MIGRATIONS_FOLDER) + 1}`);
    f.close();
    const memory = createMemoryStore({ database: new Database({ dataDir: f.dataDir }), clock: () => T0 });
    const writes = [
      () => memory.save({ scope: f.project, kind: "fact", title: "B", body: "b" }, agent),
      () => memory.trash(saved.entry.id, agent),
      () => memory.setStatus(saved.entry.id, { status: "rejected" }, agent),
      () => memory.purge(saved.entry.id, agent),
      () => memory.purgeDue(),
    ];
    for (const write of writes) await expect(write()).rejects.toThrow(StoreTooNewError);
    expect((await memory.list({ scopes: [f.project] })).items.map((e) => e.title)).toEqual(["A"]);
    memory.database.close();
  });
});
