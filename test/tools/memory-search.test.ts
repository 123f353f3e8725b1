import { describe, expect, it } from "vitest";
import { LIMITS } from "../../src/store/memory-types.js";
import { entries } from "../../src/store/schema.js";
import { type MemoryFixture, memoryFixture, T0 } from "../helpers/memory.js";

/** `n` entries of this project holding "alpha", inserted as rows: a save per entry would take a while at this size. */
async function rows(f: MemoryFixture, n: number) {
  await f.database.write((db) => {
    for (let i = 0; i < n; i++) {
      db.insert(entries)
        .values({
          id: `mem_${String(i).padStart(8, "0")}`,
          scope: f.project,
          kind: "fact",
          title: `entry ${i}`,
          body: "alpha notes",
          status: "active",
          createdAt: T0 + i,
          updatedAt: T0 + i,
        })
        .run();
    }
  });
}

const shown = (out: string) => out.split("\n").filter((l) => /^\[mem_\d{8}\]/.test(l)).length;
const HEADER_END = 'in this project, team and global match "alpha"';

describe("memory_search", () => {
  it("gives the exact count under the cap", async () => {
    const f = memoryFixture();
    await rows(f, 12);
    const out = String(await f.tools.memory_search.execute({ query: "alpha" }, f.ctx));
    const lines = out.split("\n");
    expect(lines[0]).toBe(`12 active or candidate entries ${HEADER_END}; showing 1-10, best first:`);
    expect(shown(out)).toBe(10);
    expect(lines.at(-1)).toBe(
      "… 2 more not shown; call memory_search again with offset 10 for the next ones, or use more precise words.",
    );
    f.close();
  });

  it("says 'at least' past the cap, and the exact count on the last page", async () => {
    const f = memoryFixture();
    const n = LIMITS.searchCount + 15;
    await rows(f, n);
    const first = String(await f.tools.memory_search.execute({ query: "alpha" }, f.ctx));
    const lines = first.split("\n");
    expect(lines[0]).toBe(
      `at least ${LIMITS.searchCount} active or candidate entries ${HEADER_END}; showing 1-10, best first:`,
    );
    expect(lines.at(-1)).toBe(
      `… at least ${LIMITS.searchCount - 10} more not shown; call memory_search again with offset 10 for the next ones, or use more precise words.`,
    );
    // Past the cap the count is unknown, and the answer still says there is more.
    const past = String(await f.tools.memory_search.execute({ query: "alpha", offset: LIMITS.searchCount }, f.ctx));
    expect(past.split("\n")[0]).toBe(
      `at least ${LIMITS.searchCount} active or candidate entries ${HEADER_END}; showing ${LIMITS.searchCount + 1}-${LIMITS.searchCount + 10}, best first:`,
    );
    expect(past.split("\n").at(-1)).toBe(
      `… more not shown; call memory_search again with offset ${LIMITS.searchCount + 10} for the next ones, or use more precise words.`,
    );
    const last = String(await f.tools.memory_search.execute({ query: "alpha", offset: n - 5 }, f.ctx));
    expect(last.split("\n")[0]).toBe(
      `${n} active or candidate entries ${HEADER_END}; showing ${n - 4}-${n}, best first:`,
    );
    expect(shown(last)).toBe(5);
    expect(last).not.toContain("more not shown");
    const beyond = String(await f.tools.memory_search.execute({ query: "alpha", offset: n + 5 }, f.ctx));
    expect(beyond).toBe(
      `at least ${LIMITS.searchCount} active or candidate entries ${HEADER_END}, but offset ${n + 5} is past the last of them.`,
    );
    f.close();
  });
});
