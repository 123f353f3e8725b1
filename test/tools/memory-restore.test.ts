/**
 * memory_restore acts by id only on this project's and global entries.
 */
import { describe, expect, it } from "vitest";
import type { Actor } from "../../src/store/memory-types.js";
import { memoryFixture } from "../helpers/memory.js";

const person: Actor = { kind: "person" };

describe("memory_restore by id", () => {
  it("restores this project's and global entries, and refuses another project's", async () => {
    const f = memoryFixture();
    const mine = await f.memory.save({ scope: f.project, kind: "fact", title: "Mine", body: "here" }, person);
    const global = await f.memory.save({ scope: "global", kind: "fact", title: "Shared", body: "all" }, person);
    const theirs = await f.memory.save({ scope: f.other, kind: "fact", title: "Theirs", body: "there" }, person);
    for (const e of [mine, global, theirs]) await f.memory.trash(e.entry.id, person);
    expect(await f.tools.memory_restore.execute({ id: mine.entry.id }, f.ctx)).toMatch(/^Restored .* to this project/);
    expect(await f.tools.memory_restore.execute({ id: global.entry.id }, f.ctx)).toMatch(/^Restored .* to global/);
    expect(await f.tools.memory_restore.execute({ id: theirs.entry.id }, f.ctx)).toBe(
      `Error: [opencode-ledger] entry ${theirs.entry.id} belongs to another project (${f.other}); from here only this project's and global entries can be changed by id. Change it from a session of that project, or with the opencode-ledger command line.`,
    );
    expect((await f.memory.get(theirs.entry.id))?.trashedAt).not.toBeNull();
    expect(await f.tools.memory_restore.execute({ id: theirs.entry.id }, f.otherCtx)).toMatch(
      /^Restored .* to this project/,
    );
    f.close();
  });
});
