/**
 * memory_review acts by id only on this project's and global entries, and never links two entries into a supersede
 * loop (where both are superseded and neither is injected). Each refusal follows a control that the same call works
 * where it should.
 */
import { describe, expect, it } from "vitest";
import type { Actor } from "../../src/store/memory-types.js";
import { memoryFixture } from "../helpers/memory.js";

const person: Actor = { kind: "person" };

describe("memory_review by id", () => {
  it("changes this project's and global entries, and refuses another project's for every status", async () => {
    const f = memoryFixture();
    const mine = await f.memory.save({ scope: f.project, kind: "fact", title: "Mine", body: "here" }, person);
    const global = await f.memory.save({ scope: "global", kind: "fact", title: "Shared", body: "all" }, person);
    const theirs = await f.memory.save({ scope: f.other, kind: "fact", title: "Theirs", body: "there" }, person);
    const theirsToo = await f.memory.save({ scope: f.other, kind: "fact", title: "Theirs too", body: "b" }, person);
    expect(await f.tools.memory_review.execute({ id: mine.entry.id, status: "rejected" }, f.ctx)).toMatch(
      /^Marked .* in this project rejected/,
    );
    expect(await f.tools.memory_review.execute({ id: global.entry.id, status: "rejected" }, f.ctx)).toMatch(
      /^Marked .* in global rejected/,
    );
    for (const args of [
      { id: theirs.entry.id, status: "rejected" as const },
      { id: theirs.entry.id, status: "active" as const },
      { id: theirs.entry.id, status: "superseded" as const, superseded_by: mine.entry.id },
      { id: theirs.entry.id, status: "superseded" as const, superseded_by: theirsToo.entry.id },
    ]) {
      const out = await f.tools.memory_review.execute(args, f.ctx);
      expect(out).toBe(
        `Error: [opencode-ledger] entry ${theirs.entry.id} belongs to another project (${f.other}); from here only this project's and global entries can be changed by id. Change it from a session of that project, or with the opencode-ledger command line.`,
      );
    }
    // Unchanged, and no audit row was added.
    expect((await f.memory.get(theirs.entry.id))?.status).toBe("active");
    expect((await f.memory.history(theirs.entry.id)).rows).toHaveLength(1);
    // From its own project the same call works.
    expect(await f.tools.memory_review.execute({ id: theirs.entry.id, status: "rejected" }, f.otherCtx)).toMatch(
      /^Marked .* in this project rejected/,
    );
    f.close();
  });

  it("refuses a supersede that closes a loop, directly or through a chain", async () => {
    const f = memoryFixture();
    const ids: string[] = [];
    for (const title of ["A", "B", "C"]) {
      ids.push((await f.memory.save({ scope: f.project, kind: "fact", title, body: title }, person)).entry.id);
    }
    const [a, b, c] = ids as [string, string, string];
    // Control: B superseded by A, then C superseded by B's replacement chain is fine.
    expect(await f.tools.memory_review.execute({ id: b, status: "superseded", superseded_by: a }, f.ctx)).toMatch(
      /^Marked .* superseded/,
    );
    const direct = await f.tools.memory_review.execute({ id: a, status: "superseded", superseded_by: b }, f.ctx);
    expect(direct).toMatch(/^Error: \[opencode-ledger\] entry \w+ \("B"\) is itself superseded by \w+/);
    expect(await f.tools.memory_review.execute({ id: c, status: "superseded", superseded_by: b }, f.ctx)).toMatch(
      /^Marked .* superseded/,
    );
    // C -> B -> A: A superseded by C would close the loop through B.
    const chained = await f.tools.memory_review.execute({ id: a, status: "superseded", superseded_by: c }, f.ctx);
    expect(chained).toMatch(
      /^Error: \[opencode-ledger\] entry \w+ \("C"\) is itself superseded by \w+, directly or through others/,
    );
    expect((await f.memory.get(a))?.status).toBe("active");
    // At least one entry of the three is not superseded, so something is still injected.
    const statuses = await Promise.all(ids.map(async (id) => (await f.memory.get(id))?.status));
    expect(statuses).toEqual(["active", "superseded", "superseded"]);
    f.close();
  });
});
