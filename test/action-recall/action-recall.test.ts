/**
 * The recall at the point of action over a real store in a temp folder: what an edit or a command gets appended,
 * once per session, within the turn's budget, and what it never shows.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLOSE, createActionRecall, OPEN } from "../../src/action-recall/action-recall.js";
import { createActionRecallHooks } from "../../src/action-recall/action-recall-hooks.js";
import { teamScope } from "../../src/scope.js";
import { createMentionLookup } from "../../src/store/memory-mentions.js";
import type { Actor } from "../../src/store/memory-types.js";
import { entries } from "../../src/store/schema.js";
import { DAY, type MemoryFixture, memoryFixture } from "../helpers/memory.js";
import { SAMPLES, seeded } from "../helpers/secret-samples.js";

const AGENT: Actor = { kind: "agent", agent: "build", session: "ses_writer0001" };
const SESSION = "ses_recall0001";

let fx: MemoryFixture;
afterEach(() => fx?.close());

function recallFor(f: MemoryFixture, more: { maxChars?: number; optedOut?: Set<string> } = {}) {
  return createActionRecall({
    lookup: createMentionLookup(f.database, () => f.now.value),
    project: f.project,
    directory: f.project,
    maxChars: more.maxChars ?? 600,
    isOptedOut: async (id) => more.optedOut?.has(id) ?? false,
  });
}

const save = (
  f: MemoryFixture,
  title: string,
  body: string,
  more: Partial<{
    kind: string;
    scope: string;
    tags: string[];
    status: "candidate" | "active";
    expiresAt: number;
  }> = {},
) => f.memory.save({ kind: more.kind ?? "gotcha", title, body, scope: more.scope ?? f.project, ...more }, AGENT);

const edit = (f: MemoryFixture, file: string, sessionID = SESSION) => ({
  tool: "edit",
  sessionID,
  args: { filePath: path.join(f.project, file), oldString: "a", newString: "b" },
});

describe("recall at the point of action", () => {
  it("appends the gotcha about an edited file with its id and a search hint, once per session", async () => {
    fx = memoryFixture();
    const gotcha = await save(
      fx,
      "Migrations must be idempotent",
      "Every statement in src/db/migrate.ts may run twice.",
    );
    const recall = recallFor(fx);
    const text = (await recall.recall(edit(fx, "src/db/migrate.ts"))) ?? "";
    expect(text.startsWith(`\n\n${OPEN}\n`)).toBe(true);
    expect(text.endsWith(CLOSE)).toBe(true);
    expect(text).toContain("Saved memory about src/db/migrate.ts");
    expect(text).toContain(`- gotcha: Migrations must be idempotent: Every statement in src/db/migrate.ts`);
    expect(text).toContain(`[${gotcha.entry.id}]`);
    expect(text).toContain('memory_search "migrate.ts"');
    expect(await recall.recall(edit(fx, "src/db/migrate.ts"))).toBeUndefined();
    // another session sees it once too
    expect(await recall.recall(edit(fx, "src/db/migrate.ts", "ses_recall0002"))).toContain(gotcha.entry.id);
  });

  it("shows an entry again after it changed", async () => {
    fx = memoryFixture();
    const gotcha = await save(fx, "Migrations must be idempotent", "About src/db/migrate.ts.");
    const recall = recallFor(fx);
    expect(await recall.recall(edit(fx, "src/db/migrate.ts"))).toContain(gotcha.entry.id);
    fx.now.value += 1_000;
    await fx.memory.edit(gotcha.entry.id, { body: "About src/db/migrate.ts: wrap it in a transaction." }, AGENT);
    expect(await recall.recall(edit(fx, "src/db/migrate.ts"))).toContain("wrap it in a transaction");
  });

  it("appends nothing for an unrelated edit, another tool, or a store that does not exist (and creates none)", async () => {
    fx = memoryFixture();
    const recall = recallFor(fx);
    expect(await recall.recall(edit(fx, "src/db/migrate.ts"))).toBeUndefined();
    expect(fs.existsSync(fx.dataDir)).toBe(false);
    await save(fx, "Migrations must be idempotent", "About src/db/migrate.ts.");
    expect(await recall.recall(edit(fx, "src/ui/button.tsx"))).toBeUndefined();
    expect(
      await recall.recall({ tool: "read", sessionID: SESSION, args: { filePath: "src/db/migrate.ts" } }),
    ).toBeUndefined();
  });

  it("finds a command's notes by program and subcommand", async () => {
    fx = memoryFixture();
    const push = await save(fx, "Never force-push main", "git push --force rewrote the release tag once.");
    await save(fx, "Pull with rebase", "git pull --rebase keeps the history straight.");
    const text = await recallFor(fx).recall({
      tool: "bash",
      sessionID: SESSION,
      args: { command: "git push origin main" },
    });
    expect(text).toContain(`[${push.entry.id}]`);
    expect(text).toContain("Saved memory about git push");
    expect(text).not.toContain("Pull with rebase");
  });

  it("shows the project's, its team's and global entries, never another project's or a non-active one", async () => {
    fx = memoryFixture();
    const own = await save(fx, "Own note", "src/db/migrate.ts: own.");
    const team = await save(fx, "Team note", "src/db/migrate.ts: team.", { scope: teamScope(fx.project) });
    const global = await save(fx, "Global note", "src/db/migrate.ts: global.", { scope: "global" });
    await save(fx, "Other project's note", "src/db/migrate.ts: other.", { scope: fx.other });
    await save(fx, "Other team's note", "src/db/migrate.ts: other team.", { scope: teamScope(fx.other) });
    await save(fx, "A candidate", "src/db/migrate.ts: candidate.", { status: "candidate" });
    const rejected = await save(fx, "A rejected one", "src/db/migrate.ts: rejected.");
    await fx.memory.setStatus(rejected.entry.id, { status: "rejected", reason: "wrong" }, { kind: "person" });
    const old = await save(fx, "An old one", "src/db/migrate.ts: superseded.");
    await fx.memory.supersede(old.entry.id, global.entry.id, AGENT);
    const trashed = await save(fx, "A trashed one", "src/db/migrate.ts: trashed.");
    await fx.memory.trash(trashed.entry.id, AGENT);
    await save(fx, "An expiring one", "src/db/migrate.ts: expired.", { expiresAt: fx.now.value + DAY });
    fx.now.value += 2 * DAY;
    const text = (await recallFor(fx, { maxChars: 4_000 }).recall(edit(fx, "src/db/migrate.ts"))) ?? "";
    const shown = text.split("\n").filter((line) => line.startsWith("- "));
    expect(shown).toEqual([
      `- gotcha: Own note: src/db/migrate.ts: own. [${own.entry.id}]`,
      `- gotcha: Team note (team): src/db/migrate.ts: team. [${team.entry.id}]`,
      `- gotcha: Global note (global): src/db/migrate.ts: global. [${global.entry.id}]`,
    ]);
  });

  it("puts the notes naming the file's path before those naming its folder or module, at most three", async () => {
    fx = memoryFixture();
    await save(fx, "About the folder", "Nothing in src/db/ imports the driver.");
    await save(fx, "Module note", "x", { tags: ["migrate"] });
    await save(fx, "Name note", "migrate.ts runs at open.");
    await save(fx, "Path note", "src/db/migrate.ts keeps a journal.");
    await save(fx, "Another file", "src/cli/migrate.ts is the command.");
    const text = (await recallFor(fx, { maxChars: 4_000 }).recall(edit(fx, "src/db/migrate.ts"))) ?? "";
    const titles = text
      .split("\n")
      .filter((l) => l.startsWith("- "))
      .map((l) => l.split(":")[1]?.trim());
    expect(titles).toEqual(["Path note", "Name note", "About the folder"]);
  });

  it("finds the note about a file whose name the notes of many other folders hold too", async () => {
    fx = memoryFixture();
    for (let i = 0; i < 20; i++) await save(fx, `Other ${i}`, `src/m${i}/migrate.ts is another file.`);
    const mine = await save(fx, "Mine", "db/migrate.ts keeps a journal.");
    const text = (await recallFor(fx).recall(edit(fx, "src/db/migrate.ts"))) ?? "";
    expect(text).toContain(`[${mine.entry.id}]`);
    expect(text).not.toContain("Other");
  });

  it("redacts a secret an entry holds", async () => {
    fx = memoryFixture();
    const token = (SAMPLES.find((s) => s.kind === "GitHub token")?.build ?? String)(seeded(7));
    await save(fx, "Deploy script", "scripts/deploy.sh needs the token in the environment.");
    // A store written by an older version, or by hand, may hold what a save would refuse today.
    await fx.database.write((db) =>
      db
        .update(entries)
        .set({ body: `scripts/deploy.sh reads ${token} from .env` })
        .run(),
    );
    const text = (await recallFor(fx).recall(edit(fx, "scripts/deploy.sh"))) ?? "";
    expect(text).toContain("[redacted: GitHub token]");
    expect(text).not.toContain(token);
  });

  it("keeps within the turn's budget over its calls, and starts again with the next turn", async () => {
    fx = memoryFixture();
    for (const name of ["one", "two", "three"]) await save(fx, `Note ${name}`, `src/db/${name}.ts: ${"x".repeat(60)}`);
    const recall = recallFor(fx, { maxChars: 400 });
    const first = (await recall.recall(edit(fx, "src/db/one.ts"))) ?? "";
    const second = (await recall.recall(edit(fx, "src/db/two.ts"))) ?? "";
    expect(first).toContain("Note one");
    expect(first.length + second.length).toBeLessThanOrEqual(400);
    expect(second).toBe("");
    recall.startTurn(SESSION);
    expect(await recall.recall(edit(fx, "src/db/two.ts"))).toContain("Note two");
    // a budget too small for even one line shows nothing
    expect(await recallFor(fx, { maxChars: 200 }).recall(edit(fx, "src/db/three.ts"))).toBeUndefined();
  });

  it("does not repeat an entry the memory block shows in full this turn", async () => {
    fx = memoryFixture();
    const inBlock = await save(fx, "Migrations must be idempotent", "About src/db/migrate.ts.");
    const other = await save(fx, "Migration journal", "migrate.ts reads the journal.");
    const recall = createActionRecall({
      lookup: createMentionLookup(fx.database, () => fx.now.value),
      project: fx.project,
      directory: fx.project,
      maxChars: 600,
      isOptedOut: async () => false,
      shownThisTurn: (id) => (id === SESSION ? new Set([inBlock.entry.id]) : undefined),
    });
    const text = (await recall.recall(edit(fx, "src/db/migrate.ts"))) ?? "";
    expect(text).toContain(`[${other.entry.id}]`);
    expect(text).not.toContain(inBlock.entry.id);
    // not marked as shown by the recall: another session, whose block does not hold it, gets it
    expect(await recall.recall(edit(fx, "src/db/migrate.ts", "ses_recall0002"))).toContain(inBlock.entry.id);
  });

  it("shows nothing in a session the person switched memory off for", async () => {
    fx = memoryFixture();
    await save(fx, "Migrations must be idempotent", "About src/db/migrate.ts.");
    const recall = recallFor(fx, { optedOut: new Set([SESSION]) });
    expect(await recall.recall(edit(fx, "src/db/migrate.ts"))).toBeUndefined();
  });

  it("appends to the tool's result text through the hook, and leaves a result that is not text alone", async () => {
    fx = memoryFixture();
    await save(fx, "Migrations must be idempotent", "About src/db/migrate.ts.");
    const hooks = createActionRecallHooks({
      lookup: createMentionLookup(fx.database, () => fx.now.value),
      project: fx.project,
      directory: fx.project,
      maxChars: 600,
      isOptedOut: async () => false,
    });
    const other = { output: { lines: 3 } as unknown };
    await hooks.afterTool(edit(fx, "src/db/migrate.ts"), other);
    expect(other.output).toEqual({ lines: 3 });
    const result = { title: "", output: "Edit applied successfully.", metadata: {} };
    await hooks.afterTool(edit(fx, "src/db/migrate.ts"), result);
    expect(result.output.startsWith("Edit applied successfully.\n\n<memory")).toBe(true);
    expect(result.output).toContain("Migrations must be idempotent");
  });
});
