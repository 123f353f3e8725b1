import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../src/store/memory-types.js";
import { memoryFixture, T0 } from "../helpers/memory.js";

const agent: Actor = { kind: "agent", agent: "build", session: "ses_1" };

describe("audit log", () => {
  it("appends one row per change with the actor and the old and new values", async () => {
    const f = memoryFixture();
    const a = await f.memory.save(
      { scope: f.project, kind: "fact", title: "A", body: "one", tags: ["x"], expiresAt: T0 + 1e9 },
      agent,
    );
    const b = await f.memory.save({ scope: f.project, kind: "fact", title: "B", body: "b" }, agent);
    f.now.value = T0 + 1;
    await f.memory.save({ scope: f.project, kind: "fact", title: "A", body: "two", tags: ["x", "y"] }, { kind: "cli" });
    await f.memory.setStatus(
      a.entry.id,
      { status: "rejected", reason: "no longer true" },
      { kind: "person", agent: "ana" },
    );
    await f.memory.supersede(a.entry.id, b.entry.id, { kind: "person" });
    await f.memory.trash(a.entry.id, agent, "cleanup");
    await f.memory.restore(a.entry.id, agent);
    const rows = (await f.memory.history(a.entry.id)).rows;
    expect(
      rows.map((r) => ({ action: r.action, actor: r.actor, changes: r.changes, reason: r.reason, at: r.at })),
    ).toEqual([
      {
        action: "create",
        actor: agent,
        at: T0,
        reason: null,
        changes: {
          scope: [null, f.project],
          kind: [null, "fact"],
          title: [null, "A"],
          body: [null, "one"],
          tags: [null, ["x"]],
          status: [null, "active"],
          expires_at: [null, T0 + 1e9],
        },
      },
      {
        action: "update",
        actor: { kind: "cli" },
        at: T0 + 1,
        reason: null,
        changes: { body: ["one", "two"], tags: [["x"], ["x", "y"]] },
      },
      {
        action: "status",
        actor: { kind: "person", agent: "ana" },
        at: T0 + 1,
        reason: "no longer true",
        changes: { status: ["active", "rejected"] },
      },
      {
        action: "supersede",
        actor: { kind: "person" },
        at: T0 + 1,
        reason: null,
        changes: { status: ["rejected", "superseded"], superseded_by: [null, b.entry.id], valid_until: [null, T0 + 1] },
      },
      { action: "trash", actor: agent, at: T0 + 1, reason: "cleanup", changes: { trashed_at: [null, T0 + 1] } },
      { action: "restore", actor: agent, at: T0 + 1, reason: null, changes: { trashed_at: [T0 + 1, null] } },
    ]);
    f.close();
  });

  it("refuses UPDATE and DELETE on the log; allows only a purge's redaction", async () => {
    const f = memoryFixture();
    const { entry } = await f.memory.save({ scope: f.project, kind: "fact", title: "A", body: "a" }, agent);
    const raw = await f.database.raw();
    const attempts = [
      "DELETE FROM audit_log",
      "UPDATE audit_log SET action = 'update'",
      "UPDATE audit_log SET actor_kind = 'cli'",
      "UPDATE audit_log SET at = 0",
      "UPDATE audit_log SET changes = '{}'",
      "UPDATE audit_log SET reason = 'rewritten'",
      // Redacting content while changing anything else, or without setting the flag, is refused too.
      "UPDATE audit_log SET changes = NULL, reason = NULL, redacted = 1, scope = 'global'",
      "UPDATE audit_log SET changes = NULL, reason = NULL",
      "UPDATE audit_log SET redacted = 1",
    ];
    for (const statement of attempts) expect(() => raw.exec(statement), statement).toThrow(/audit_log is append-only/);
    const before = raw.db.all(sql`SELECT * FROM audit_log`);
    expect(before).toHaveLength(1);
    raw.exec("UPDATE audit_log SET changes = NULL, reason = NULL, redacted = 1");
    expect(raw.db.all(sql`SELECT redacted, changes, reason, action FROM audit_log`)).toEqual([
      { redacted: 1, changes: null, reason: null, action: "create" },
    ]);
    expect((await f.memory.history(entry.id)).rows[0]?.redacted).toBe(true);
    f.close();
  });

  it("keeps the log when the entry is gone, and writes nothing for a save that changes nothing", async () => {
    const f = memoryFixture();
    const { entry } = await f.memory.save({ scope: f.project, kind: "fact", title: "A", body: "a" }, agent);
    await f.memory.save({ scope: f.project, kind: "fact", title: "A", body: "a" }, agent);
    await f.memory.purge(entry.id, { kind: "cli" });
    const raw = await f.database.raw();
    expect(raw.db.all(sql`SELECT action, redacted FROM audit_log ORDER BY seq`)).toEqual([
      { action: "create", redacted: 1 },
      { action: "purge", redacted: 0 },
    ]);
    f.close();
  });
});
