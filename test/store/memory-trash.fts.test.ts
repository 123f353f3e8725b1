/**
 * A purge leaves no term of the purged entry in any shadow table of the full-text index: FTS5's secure-delete takes a
 * deleted row's terms off the index's leaves, but the segment index (`entries_fts_idx`) keeps each leaf's first term
 * as a separator. Raw bytes of the store and its WAL are scanned after the sequences that left one behind.
 */
import { describe, expect, it } from "vitest";
import type { Database } from "../../src/store/database.js";
import { importEntries } from "../../src/store/memory-transfer.js";
import { memoryFixture, storeBytes, transferEntry } from "../helpers/memory.js";

// Every word of the purged body starts with this stem, which no other entry holds.
const STEM = "zqvorn";

function bigBody(chars: number): string {
  const words: string[] = [];
  for (let i = 0; words.join(" ").length < chars; i++) words.push(`${STEM}${i.toString(36)}pelt`);
  return words.join(" ");
}

// The stem's first four characters are a term of the index's longest prefix index: gone with the stem itself.
const PREFIX = STEM.slice(0, 4);

function onDisk(dbFile: string): boolean {
  return storeBytes(dbFile).toString("latin1").toLowerCase().includes(PREFIX);
}

async function separators(database: Database): Promise<number> {
  const raw = await database.raw();
  return (
    raw.get<{ n: number }>("SELECT count(*) AS n FROM entries_fts_idx WHERE instr(CAST(term AS TEXT), ?) > 0", STEM)
      ?.n ?? 0
  );
}

describe("purge and the full-text index's segment table", () => {
  it("a 7,000-character body followed by 20 small imports, then purged: no term left", async () => {
    const f = memoryFixture();
    const { entry } = await f.memory.save(
      { scope: "global", kind: "fact", title: "big", body: bigBody(7_000) },
      {
        kind: "person",
      },
    );
    for (let i = 0; i < 20; i++) {
      const now = f.now.value;
      const line = transferEntry({
        id: `imported${i}`,
        title: `small import ${i}`,
        body: `tiny body ${i}`,
        createdAt: now,
        updatedAt: now,
      });
      await importEntries(f.database, [{ line: i + 1, entry: line }], { kind: "cli" }, now);
    }
    // Positive control: the stem is on disk and among the segment separators.
    expect(onDisk(f.dbFile)).toBe(true);
    expect(await separators(f.database)).toBeGreaterThan(0);
    expect((await f.memory.purge(entry.id, { kind: "person" })).checkpointed).toBe(true);
    expect(await separators(f.database)).toBe(0);
    expect(onDisk(f.dbFile)).toBe(false);
    expect((await f.memory.search({ query: "tiny", scopes: ["global"], limit: 50 })).total).toBe(20);
    f.close();
    expect(onDisk(f.dbFile)).toBe(false);
  });

  it("memory_save with a rewrite and 120 more saves, then purged: no term left", async () => {
    const f = memoryFixture();
    await f.tools.memory_save.execute({ kind: "fact", title: "big", body: bigBody(3_000) }, f.ctx);
    await f.tools.memory_save.execute({ kind: "fact", title: "big", body: `${bigBody(3_500)} rewritten` }, f.ctx);
    for (let i = 0; i < 120; i++) {
      await f.tools.memory_save.execute({ kind: "fact", title: `save ${i}`, body: `plain words ${i}` }, f.ctx);
    }
    const id = (await f.memory.list({ scopes: [f.project], limit: 200 })).items.find((e) => e.title === "big")?.id;
    expect(id).toBeDefined();
    expect(onDisk(f.dbFile)).toBe(true);
    expect((await f.memory.purge(id ?? "", { kind: "person" })).checkpointed).toBe(true);
    expect(await separators(f.database)).toBe(0);
    expect(onDisk(f.dbFile)).toBe(false);
    expect((await f.memory.search({ query: "plain", scopes: [f.project], limit: 5 })).total).toBe(120);
    f.close();
    expect(onDisk(f.dbFile)).toBe(false);
  });
});
