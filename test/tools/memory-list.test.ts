import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { byteLength, MAX_RESULT_BYTES } from "../../src/bounded-output.js";
import { GLOBAL_SCOPE } from "../../src/scope.js";
import type { Actor } from "../../src/store/memory-types.js";
import { type MemoryFixture, memoryFixture, T0 } from "../helpers/memory.js";

const agent: Actor = { kind: "agent", agent: "build", session: "ses_1" };
const idOf = (text: unknown) => /\[([0-9a-z]{12})\]/.exec(String(text))?.[1] ?? "";

async function many(f: MemoryFixture, n: number, body = (i: number) => `body ${i}`) {
  for (let i = 0; i < n; i++) {
    f.now.value = T0 + i * 1000;
    await f.memory.save(
      { scope: f.project, kind: "fact", title: `entry ${String(i).padStart(2, "0")}`, body: body(i) },
      agent,
    );
  }
}

describe("memory_list", () => {
  it("shows at most 50 entries, newest first, and says what was left out and how to get it", async () => {
    const f = memoryFixture();
    await many(f, 60);
    const out = String(await f.tools.memory_list.execute({ limit: 50 }, f.ctx));
    const lines = out.split("\n");
    expect(lines[0]).toBe(
      "60 active or candidate entries in this project, team and global; showing 1-50, newest first:",
    );
    const shown = lines.filter((l) => /^\[[0-9a-z]{12}\] "entry \d\d"/.test(l));
    expect(shown).toHaveLength(50);
    expect(shown[0]).toContain('"entry 59"');
    expect(shown[49]).toContain('"entry 10"');
    expect(lines.at(-1)).toBe(
      "… 10 more not shown; call memory_list again with offset 50 for the next ones, or filter by kind or status.",
    );
    const rest = String(await f.tools.memory_list.execute({ limit: 50, offset: 50 }, f.ctx));
    expect(rest.split("\n").filter((l) => /^\[[0-9a-z]{12}\]/.test(l))).toHaveLength(10);
    expect(rest).not.toContain("more not shown");
    // The default page is 20.
    expect(
      String(await f.tools.memory_list.execute({}, f.ctx))
        .split("\n")
        .at(-1),
    ).toMatch(/^… 40 more not shown; call memory_list again with offset 20/);
    f.close();
  });

  it("stays within the byte budget with long bodies, previewed at 500 characters", async () => {
    const f = memoryFixture();
    await many(f, 60, (i) => `${"é".repeat(700)} ${String(i).padStart(2, "0")}`);
    const out = String(await f.tools.memory_list.execute({ limit: 50 }, f.ctx));
    expect(byteLength(out)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    const shown = out.split("\n").filter((l) => /^\[[0-9a-z]{12}\]/.test(l)).length;
    expect(shown).toBeLessThan(50);
    expect(out.split("\n").at(-1)).toBe(
      `… ${60 - shown} more not shown (output limit ${MAX_RESULT_BYTES} bytes); call memory_list again with offset ${shown} for the next ones, or filter by kind or status.`,
    );
    expect(out).toContain(`${"é".repeat(500)}… [203 more chars]`);
    expect(out).toMatch(/\(memory_history with id "[0-9a-z]{12}" shows the whole body\)/);
    f.close();
  });

  it("reads another project's entries only when asked by path or with all", async () => {
    const f = memoryFixture();
    await f.tools.memory_save.execute({ kind: "fact", title: "Beta thing", body: "b" }, f.otherCtx);
    await f.tools.memory_save.execute({ kind: "fact", title: "Shared", body: "g", scope: "global" }, f.otherCtx);
    const mine = String(await f.tools.memory_list.execute({}, f.ctx));
    expect(mine).not.toContain("Beta thing");
    expect(mine).toContain("Shared");
    expect(String(await f.tools.memory_list.execute({ scope: f.other }, f.ctx))).toContain(
      `"Beta thing" (fact, active, ${f.other})`,
    );
    expect(String(await f.tools.memory_list.execute({ scope: "all" }, f.ctx))).toMatch(
      /2 active or candidate entries in every project and global/,
    );
    expect(String(await f.tools.memory_list.execute({ scope: "global" }, f.ctx))).toMatch(
      /^1 active or candidate entry in global/,
    );
    f.close();
  });

  it("answers an empty or absent store without creating it", async () => {
    const f = memoryFixture();
    expect(await f.tools.memory_list.execute({}, f.ctx)).toBe(
      "No active or candidate entries in this project, team and global.",
    );
    expect(await f.tools.memory_list.execute({ trashed: true }, f.ctx)).toBe(
      "No entries in the trash in this project, team and global.",
    );
    expect(String(await f.tools.memory_search.execute({ query: "x" }, f.ctx))).toMatch(
      /^No active or candidate entries/,
    );
    expect(String(await f.tools.memory_stats.execute({}, f.ctx))).toMatch(/0 live entries .* 0 in the trash, 0 in all/);
    expect(await f.tools.memory_history.execute({}, f.ctx)).toBe(
      "No memory changes yet in this project, team and global.",
    );
    const unknown = [
      f.tools.memory_forget.execute({ id: "nosuchid0000" }, f.ctx),
      f.tools.memory_forget.execute({ query: "anything" }, f.ctx),
      f.tools.memory_restore.execute({ id: "nosuchid0000" }, f.ctx),
      f.tools.memory_review.execute({ id: "nosuchid0000", status: "rejected" }, f.ctx),
      f.tools.memory_history.execute({ id: "nosuchid0000" }, f.ctx),
    ];
    const answers = (await Promise.all(unknown)).map(String);
    for (const answer of answers.filter((_, i) => i !== 1))
      expect(answer).toMatch(/^Error: .*no memory entry with id "nosuchid0000"/);
    expect(answers[1]).toMatch(
      /^No entry in this project, team and global matches every word of "anything"; nothing was trashed/,
    );
    expect(fs.existsSync(f.dataDir)).toBe(false);
  });
});

describe("memory_search", () => {
  it("lists matches best first with how each matched, this project above global", async () => {
    const f = memoryFixture();
    await f.tools.memory_save.execute(
      { kind: "fact", title: "Staging deploys", body: "deployments go to staging", scope: "global" },
      f.ctx,
    );
    await f.tools.memory_save.execute(
      { kind: "fact", title: "Deploy to staging", body: "deploy staging with make" },
      f.ctx,
    );
    await f.tools.memory_save.execute({ kind: "fact", title: "Deploy rules", body: "never on fridays" }, f.ctx);
    const out = String(await f.tools.memory_search.execute({ query: "deploy staging" }, f.ctx));
    const lines = out.split("\n");
    expect(lines[0]).toBe(
      '3 active or candidate entries in this project, team and global match "deploy staging"; showing 1-3, best first:',
    );
    const order = lines.filter((l) => /^\[/.test(l)).map((l) => l.replace(/^\[[0-9a-z]{12}\] /, ""));
    expect(order).toEqual([
      '"Deploy to staging" (fact, active, this project)',
      '"Staging deploys" (fact, active, global)',
      '"Deploy rules" (fact, active, this project)',
    ]);
    expect(lines.filter((l) => l.startsWith("  match: "))).toEqual([
      "  match: all words",
      "  match: word starts",
      "  match: some words",
    ]);
    f.close();
  });

  it("answers an empty or punctuation-only query with a clear error", async () => {
    const f = memoryFixture();
    for (const query of ["", "   ", '"', "*", "-- ( ) :"]) {
      expect(await f.tools.memory_search.execute({ query }, f.ctx)).toBe(
        'Error: [opencode-ledger] query: has no words to search for (letters or digits); give a few keywords (or browse with "opencode-ledger list", or memory_list, offered with the option tools: "all")',
      );
    }
    f.close();
  });

  it("takes hostile text through the tool without an FTS error", async () => {
    const f = memoryFixture();
    await f.tools.memory_save.execute({ kind: "fact", title: "Near the OR gate", body: "col foo and a star" }, f.ctx);
    for (const query of ['"unterminated', "NEAR(", "a OR", "-x", "col:foo", "star*", "x".repeat(10_000)]) {
      const out = String(await f.tools.memory_search.execute({ query }, f.ctx));
      expect(out, query).not.toMatch(/^Error/);
      expect(byteLength(out)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    }
    expect(String(await f.tools.memory_search.execute({ query: "col:foo" }, f.ctx))).toMatch(/matches "col foo"/);
    f.close();
  });

  it("shows superseded, rejected and trashed entries only when asked", async () => {
    const f = memoryFixture();
    const id = idOf(await f.tools.memory_save.execute({ kind: "fact", title: "Old port", body: "port 8080" }, f.ctx));
    await f.tools.memory_review.execute({ id, status: "rejected", reason: "wrong" }, f.ctx);
    expect(String(await f.tools.memory_search.execute({ query: "port" }, f.ctx))).toMatch(
      /^No active or candidate entries/,
    );
    expect(String(await f.tools.memory_search.execute({ query: "port", status: "rejected" }, f.ctx))).toMatch(
      /^1 rejected entry in this project, team and global matches "port"/,
    );
    await f.tools.memory_forget.execute({ id }, f.ctx);
    expect(String(await f.tools.memory_search.execute({ query: "port", status: "all" }, f.ctx))).toMatch(/^No entries/);
    expect(String(await f.tools.memory_search.execute({ query: "port", trashed: true }, f.ctx))).toMatch(
      /^1 entry in the trash .*\n.*in the trash since/,
    );
    f.close();
  });
});

describe("memory_history and memory_stats", () => {
  it("shows one entry in full with its trail, oldest first", async () => {
    const f = memoryFixture();
    const body = "z".repeat(7000);
    const id = idOf(await f.tools.memory_save.execute({ kind: "fact", title: "Long", body, tags: ["a"] }, f.ctx));
    f.now.value = T0 + 60_000;
    await f.tools.memory_review.execute({ id, status: "rejected", reason: "superfluous" }, f.ctx);
    const out = String(await f.tools.memory_history.execute({ id }, f.ctx));
    expect(out).toContain(body);
    expect(out).toContain("History, oldest first:");
    expect(out).toContain(
      `2025-01-15T12:00Z create by agent build (session ses_test0001): kind: "fact"; title: "Long"; body: 7000 chars; tags: [a]; status: "active"`,
    );
    expect(out).toContain(
      `2025-01-15T12:01Z status by agent build (session ses_test0001): status: "active" → "rejected"; reason: superfluous`,
    );
    expect(byteLength(out)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    f.close();
  });

  it("keeps the trail of a purged entry without its content", async () => {
    const f = memoryFixture();
    const id = idOf(
      await f.tools.memory_save.execute({ kind: "fact", title: "Oops", body: "pasted by mistake" }, f.ctx),
    );
    await f.memory.purge(id, { kind: "person" });
    const out = String(await f.tools.memory_history.execute({ id }, f.ctx));
    expect(out).toMatch(new RegExp(`^\\[${id}\\] no longer exists \\(purged\\)`));
    expect(out).toContain("create by agent build (session ses_test0001): content removed by a purge");
    expect(out).toContain("purge by a person");
    expect(out).not.toContain("Oops");
    expect(String(await f.tools.memory_history.execute({ id: "nosuchid0000" }, f.ctx))).toMatch(
      /^Error: \[opencode-ledger\] no memory entry with id "nosuchid0000"/,
    );
    f.close();
  });

  it("counts one change in the singular", async () => {
    const f = memoryFixture();
    await f.tools.memory_save.execute({ kind: "fact", title: "Mine", body: "m" }, f.ctx);
    const out = String(await f.tools.memory_history.execute({}, f.ctx));
    expect(out.split("\n")[0]).toBe("1 change in this project, team and global; the newest 1, newest first:");
    f.close();
  });

  it("lists recent changes in this project and global, never another project's", async () => {
    const f = memoryFixture();
    await f.tools.memory_save.execute({ kind: "fact", title: "Mine", body: "m" }, f.ctx);
    await f.tools.memory_save.execute({ kind: "fact", title: "Theirs", body: "t" }, f.otherCtx);
    await f.tools.memory_save.execute({ kind: "fact", title: "Everyone", body: "e", scope: "global" }, f.otherCtx);
    const out = String(await f.tools.memory_history.execute({ limit: 1 }, f.ctx));
    expect(out.split("\n")[0]).toBe("2 changes in this project, team and global; the newest 1, newest first:");
    expect(out).toMatch(
      /create \[[0-9a-z]{12}\] by agent build \(session ses_test0002\): kind: "fact"; title: "Everyone".*\(global\)/,
    );
    expect(out.split("\n").at(-1)).toMatch(/^… 1 more not shown; raise limit/);
    expect(out).not.toContain("Theirs");
    f.close();
  });

  it("summarises counts, trash, size and the oldest live entry", async () => {
    const f = memoryFixture();
    const first = idOf(await f.tools.memory_save.execute({ kind: "decision", title: "First", body: "1" }, f.ctx));
    f.now.value = T0 + 1000;
    await f.tools.memory_save.execute({ kind: "lesson", title: "Second", body: "2", status: "candidate" }, f.ctx);
    const third = idOf(
      await f.tools.memory_save.execute({ kind: "lesson", title: "Third", body: "3", scope: GLOBAL_SCOPE }, f.ctx),
    );
    await f.tools.memory_forget.execute({ id: third }, f.ctx);
    await f.tools.memory_save.execute({ kind: "fact", title: "Elsewhere", body: "x" }, f.otherCtx);
    const out = String(await f.tools.memory_stats.execute({}, f.ctx));
    expect(out.split("\n")).toEqual([
      "Memory in this project, team and global: 2 live entries (1 candidate, 1 active, 0 superseded, 0 rejected), 1 in the trash, 3 in all.",
      "By kind: decision 1, lesson 1.",
      `Oldest live entry: [${first}] "First", created 2025-01-15T12:00Z.`,
      expect.stringMatching(/^Store on disk: \d+\.\d kB \(ledger\.db and its WAL, every scope\)\.$/),
    ]);
    expect(String(await f.tools.memory_stats.execute({ scope: "all" }, f.ctx))).toMatch(
      /^Memory in every project and global: 3 live entries/,
    );
    f.close();
  });
});
