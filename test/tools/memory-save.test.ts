import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { GLOBAL_SCOPE } from "../../src/scope.js";
import { Database, knownSchemaVersion, MIGRATIONS_FOLDER } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import { createMemoryTools } from "../../src/tools/memory-tools.js";
import { toolBoundaries } from "../../src/tools/tool-boundary.js";
import { DAY, memoryFixture, storeBytes, T0, toolContext } from "../helpers/memory.js";

const idOf = (text: unknown) => /\[([0-9a-z]{12})\]/.exec(String(text))?.[1] ?? "";

describe("memory_save", () => {
  it("saves in the session's project by default, and in global when asked", async () => {
    const f = memoryFixture();
    const out = await f.tools.memory_save.execute({ kind: "decision", title: "Use pnpm", body: "pnpm only" }, f.ctx);
    expect(out).toMatch(/^Saved decision \[[0-9a-z]{12}\] "Use pnpm" as active in this project\.$/);
    const global = await f.tools.memory_save.execute(
      { kind: "preference", title: "Short commits", body: "one line", scope: "global", tags: ["git"] },
      f.ctx,
    );
    expect(global).toMatch(/as active in global/);
    expect((await f.memory.get(idOf(out)))?.scope).toBe(f.project);
    expect(await f.memory.get(idOf(global))).toMatchObject({
      scope: GLOBAL_SCOPE,
      tags: ["git"],
      source: { agent: "build", session: "ses_test0001" },
    });
    // "project" and the project's own path name the same scope.
    const byPath = await f.tools.memory_save.execute(
      { kind: "fact", title: "By path", body: "b", scope: f.project },
      f.ctx,
    );
    expect(byPath).toMatch(/in this project/);
    f.close();
  });

  it("uses the directory as the project when OpenCode reports the worktree as /", async () => {
    const f = memoryFixture();
    const ctx = toolContext(f.ctx.directory, { worktree: "/" });
    const out = await f.tools.memory_save.execute({ kind: "fact", title: "No git", body: "b" }, ctx);
    expect((await f.memory.get(idOf(out)))?.scope).toBe(f.project);
    f.close();
  });

  it("refuses another project's scope, saving nothing", async () => {
    const f = memoryFixture();
    for (const scope of [f.other, "relative/path", "all"]) {
      const out = String(await f.tools.memory_save.execute({ kind: "fact", title: "Sneaky", body: "b", scope }, f.ctx));
      expect(out).toMatch(/^Error: \[opencode-ledger\] /);
    }
    expect(
      String(await f.tools.memory_save.execute({ kind: "fact", title: "Sneaky", body: "b", scope: f.other }, f.ctx)),
    ).toContain(`scope "${f.other}" is not this project's; use one of: "${f.project}", "team:${f.project}", "global"`);
    expect(await f.memory.list({ status: "all" })).toMatchObject({ total: 0 });
    expect(fs.existsSync(f.dbFile)).toBe(false);
    f.close();
  });

  it("rewrites an existing title and says what changed", async () => {
    const f = memoryFixture();
    await f.tools.memory_save.execute(
      { kind: "fact", title: "Node version", body: "node 20", tags: ["runtime"] },
      f.ctx,
    );
    const out = await f.tools.memory_save.execute(
      { kind: "fact", title: "node VERSION", body: "node 22 since March" },
      f.ctx,
    );
    expect(out).toMatch(
      /^Rewrote \[[0-9a-z]{12}\] "node VERSION" in this project: an entry with this title already existed/,
    );
    expect(out).toContain('title: "Node version" → "node VERSION"; body: "node 20" → "node 22 since March"');
    const same = await f.tools.memory_save.execute(
      { kind: "fact", title: "node VERSION", body: "node 22 since March" },
      f.ctx,
    );
    expect(same).toMatch(/already says exactly this; nothing changed/);
    f.close();
  });

  it.each([
    [{ title: "" }, /title: must not be empty/],
    [{ title: "x".repeat(121) }, /title: is 121 characters; the limit is 120/],
    [{ body: "x".repeat(8001) }, /body: is 8001 characters; the limit is 8000/],
    [{ tags: Array.from({ length: 13 }, (_, i) => `t${i}`) }, /tags: 13 tags given; the limit is 12/],
    [{ valid_from: "2025-02-30" }, /valid_from: "2025-02-30" has no such day; use ISO 8601/],
    [{ valid_from: "yesterday" }, /valid_from: "yesterday" is not a date/],
    [{ expires_at: "2025-13-01" }, /expires_at: "2025-13-01" has no such day/],
    [{ expires_at: "2025-01-01T25:00Z" }, /expires_at: "2025-01-01T25:00Z" has no such time of day/],
    [{ expires_at: "2024-12-31" }, /expires_at: is in the past/],
    [{ supersedes: "nosuchid0000" }, /no memory entry with id "nosuchid0000"/],
  ])("refuses bad input %j with a short error, saving nothing", async (patch, message) => {
    const f = memoryFixture();
    const out = String(await f.tools.memory_save.execute({ kind: "fact", title: "T", body: "b", ...patch }, f.ctx));
    expect(out).toMatch(/^Error: \[opencode-ledger\] /);
    expect(out).toMatch(message);
    expect(await f.memory.list({ status: "all" })).toMatchObject({ total: 0 });
    f.close();
  });

  it.each([
    ["kind", { kind: "AKIAZQ7XV2LM9PW4RT8Y" }, "AKIAZQ7XV2LM9PW4RT8Y"],
    ["title", { title: "token sk-ant-api03-Zq7Xv2Lm9Pw4Rt8Yb3Nc6Kd1Hf5Gj0Sx" }, "Zq7Xv2Lm9Pw4Rt8Yb3Nc6Kd1Hf5Gj0Sx"],
    [
      "body",
      { body: "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAq1w2e3r4t5y6\n" },
      "MIIEpAIBAAKCAQEAq1w2e3r4t5y6",
    ],
    ["tags", { tags: ["ok", "AKIAZQ7XV2LM9PW4RT8Y"] }, "AKIAZQ7XV2LM9PW4RT8Y"],
  ])("refuses a secret in %s: an error result, nothing saved, no byte of it on disk", async (field, patch, marker) => {
    const f = memoryFixture();
    await f.tools.memory_save.execute({ kind: "fact", title: "Existing", body: "b" }, f.ctx);
    const out = String(await f.tools.memory_save.execute({ kind: "fact", title: "T", body: "b", ...patch }, f.ctx));
    expect(out).toMatch(new RegExp(`^Error: \\[opencode-ledger\\] refused: ${field} looks like it holds a secret`));
    expect(out).not.toContain(marker);
    expect((await f.memory.list({ status: "all" })).items.map((e) => e.title)).toEqual(["Existing"]);
    f.close();
    expect(storeBytes(f.dbFile).includes(Buffer.from(marker))).toBe(false);
  });

  it("takes ISO dates with or without time and zone", async () => {
    const f = memoryFixture();
    const out = await f.tools.memory_save.execute(
      { kind: "fact", title: "Dated", body: "b", valid_from: "2024-06-30", expires_at: "2025-02-01T10:30:00+02:00" },
      f.ctx,
    );
    const entry = await f.memory.get(idOf(out));
    expect(entry?.validFrom).toBe(Date.UTC(2024, 5, 30));
    expect(entry?.expiresAt).toBe(Date.UTC(2025, 1, 1, 8, 30));
    f.close();
  });

  it("supersedes an entry of this project or global, never another project's", async () => {
    const f = memoryFixture();
    const old = idOf(await f.tools.memory_save.execute({ kind: "decision", title: "Old way", body: "a" }, f.ctx));
    const out = await f.tools.memory_save.execute(
      { kind: "decision", title: "New way", body: "b", supersedes: old },
      f.ctx,
    );
    expect(out).toMatch(
      new RegExp(`It supersedes \\[${old}\\] "Old way", now marked superseded, valid until 2025-01-15T12:00Z\\.`),
    );
    const theirs = idOf(
      await f.tools.memory_save.execute({ kind: "decision", title: "Their way", body: "a" }, f.otherCtx),
    );
    const refused = String(
      await f.tools.memory_save.execute({ kind: "decision", title: "Mine", body: "b", supersedes: theirs }, f.ctx),
    );
    expect(refused).toMatch(/^Error: \[opencode-ledger\] scope ".*beta" is not this project's/);
    expect((await f.memory.get(theirs))?.status).toBe("active");
    expect((await f.memory.list({ scopes: [f.project], status: "all" })).items.map((e) => e.title)).not.toContain(
      "Mine",
    );
    f.close();
  });

  it("reports the purge that ran with the save", async () => {
    const f = memoryFixture();
    await f.tools.memory_save.execute(
      { kind: "fact", title: "Short-lived", body: "b", expires_at: "2025-01-16" },
      f.ctx,
    );
    f.now.value = T0 + 2 * DAY;
    const out = await f.tools.memory_save.execute({ kind: "fact", title: "Next", body: "b" }, f.ctx);
    expect(out).toContain("Purged with the save: 1 expired and 0 long-trashed entries.");
    f.close();
  });

  it("refuses to write a store made by a newer version, with the upgrade hint", async () => {
    const f = memoryFixture();
    await f.tools.memory_save.execute({ kind: "fact", title: "A", body: "a" }, f.ctx);
    (await f.database.raw()).exec(`PRAGMA user_version = ${knownSchemaVersion(MIGRATIONS_FOLDER) + 1}`);
    f.close();
    const database = new Database({ dataDir: f.dataDir });
    const tools = toolBoundaries(
      createMemoryTools({ memory: createMemoryStore({ database, clock: () => T0 }), options: f.options }),
    );
    const out = String(await tools.memory_save.execute({ kind: "fact", title: "B", body: "b" }, f.ctx));
    expect(out).toMatch(
      /^Error: \[opencode-ledger\] the store .* has schema version \d+, newer than this plugin knows .* Upgrade opencode-ledger\.$/,
    );
    expect(String(await tools.memory_list.execute({}, f.ctx))).toMatch(
      /^1 active or candidate entry in this project, team and global/,
    );
    database.close();
  });
});

describe("candidate mode (agentSaves: candidate)", () => {
  it("saves what the agent writes as candidates, downgrading an explicit active with a note", async () => {
    const f = memoryFixture({ agentSaves: "candidate" });
    const out = await f.tools.memory_save.execute({ kind: "lesson", title: "Flaky test", body: "retry once" }, f.ctx);
    expect(out).toMatch(/as candidate in this project\.\nIt is a candidate awaiting a person's review/);
    const forced = await f.tools.memory_save.execute(
      { kind: "lesson", title: "Other", body: "b", status: "active" },
      f.ctx,
    );
    expect(forced).toMatch(/as candidate/);
    expect(forced).toContain(
      'Note: saved as a candidate, not active: this memory takes agent saves as candidates for a person to review (option agentSaves = "candidate").',
    );
    expect((await f.memory.get(idOf(forced)))?.status).toBe("candidate");
    f.close();
  });

  it("turns an agent's change to an active entry back into a candidate; an unchanged save leaves it", async () => {
    const f = memoryFixture({ agentSaves: "candidate" });
    const id = idOf(await f.tools.memory_save.execute({ kind: "fact", title: "Port", body: "8080" }, f.ctx));
    await f.memory.setStatus(id, { status: "active", reason: "verified" }, { kind: "person" });
    const same = await f.tools.memory_save.execute({ kind: "fact", title: "Port", body: "8080" }, f.ctx);
    expect(same).toMatch(/nothing changed \(active\)/);
    const changed = await f.tools.memory_save.execute({ kind: "fact", title: "Port", body: "9090" }, f.ctx);
    expect(changed).toMatch(/now candidate\)\. Changed: body: "8080" → "9090"; status: "active" → "candidate"/);
    f.close();
  });

  it("re-proposes a superseded entry the agent rewrites as an unlinked candidate", async () => {
    const f = memoryFixture({ agentSaves: "candidate" });
    const old = idOf(await f.tools.memory_save.execute({ kind: "fact", title: "Port", body: "8080" }, f.ctx));
    const next = idOf(
      await f.tools.memory_save.execute({ kind: "fact", title: "Port v2", body: "9090", supersedes: old }, f.ctx),
    );
    expect((await f.memory.get(old))?.supersededBy).toBe(next);
    await f.tools.memory_save.execute({ kind: "fact", title: "Port", body: "8080 again" }, f.ctx);
    expect(await f.memory.get(old)).toMatchObject({ status: "candidate", supersededBy: null, validUntil: null });
    expect((await f.memory.get(next))?.supersedes).toEqual([]);
    f.close();
  });

  it("says how a rejected entry is proposed again, with no tool that would refuse it", async () => {
    const f = memoryFixture({ agentSaves: "candidate", tools: "all" });
    const id = idOf(await f.tools.memory_save.execute({ kind: "fact", title: "Port", body: "8080" }, f.ctx));
    await f.tools.memory_review.execute({ id, status: "rejected", reason: "wrong port" }, f.ctx);
    const again = String(await f.tools.memory_save.execute({ kind: "fact", title: "Port", body: "8080" }, f.ctx));
    expect(again).toContain(
      "Note: this entry is rejected; if it holds again, a rewrite that changes it makes it a candidate for a person's review.",
    );
    expect(again).not.toContain("memory_review");
    f.close();
  });

  it("refuses an agent's review to active, and allows a rejection", async () => {
    const f = memoryFixture({ agentSaves: "candidate" });
    const id = idOf(await f.tools.memory_save.execute({ kind: "fact", title: "Port", body: "8080" }, f.ctx));
    const refused = String(await f.tools.memory_review.execute({ id, status: "active" }, f.ctx));
    expect(refused).toMatch(/^Error: \[opencode-ledger\] status: an agent cannot make entries active here/);
    expect((await f.memory.get(id))?.status).toBe("candidate");
    expect(await f.tools.memory_review.execute({ id, status: "rejected", reason: "wrong port" }, f.ctx)).toMatch(
      /rejected/,
    );
    f.close();
  });
});
