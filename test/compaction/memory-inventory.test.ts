import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryInventory } from "../../src/compaction/memory-inventory.js";
import { buildPointer, POINTER_MAX_CHARS } from "../../src/compaction/pointer.js";
import { type MemoryFixture, memoryFixture } from "../helpers/memory.js";

let fixture: MemoryFixture | undefined;
afterEach(() => fixture?.close());

describe("memory inventory line", () => {
  it("is empty while nothing is saved (and creates no store)", async () => {
    fixture = memoryFixture();
    expect(await createMemoryInventory(fixture.memory, fixture.project)()).toBe("");
    expect(fs.existsSync(fixture.dbFile)).toBe(false);
  });

  it("counts this project's and global entries, lessons and candidates, not another project's", async () => {
    fixture = memoryFixture({ agentSaves: "candidate" });
    const { tools, ctx, otherCtx } = fixture;
    await tools.memory_save.execute({ kind: "lesson", title: "Run migrations first", body: "Always." }, ctx);
    await tools.memory_save.execute({ kind: "fact", title: "Port", body: "The API listens on 8080." }, ctx);
    await tools.memory_save.execute({ kind: "fact", title: "Elsewhere", body: "Another project." }, otherCtx);
    const line = await createMemoryInventory(fixture.memory, fixture.project)();
    expect(line).toBe("Curated memory: 0 active entries, 1 lesson, 2 awaiting review (memory_search).");
    const pointer = buildPointer({
      sessionID: "ses_0123456789abcdefABCDEF",
      path: "/t/x.md",
      firstLine: 1,
      lastLine: 9,
      lastUserRequest: "go",
      inventory: line,
    });
    expect(pointer).toContain(line);
    expect(pointer.length).toBeLessThanOrEqual(POINTER_MAX_CHARS);
  });
});
