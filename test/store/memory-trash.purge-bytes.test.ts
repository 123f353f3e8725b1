import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../src/store/memory-types.js";
import { DAY, memoryFixture, storeBytes, T0 } from "../helpers/memory.js";

const agent: Actor = { kind: "agent", agent: "build", session: "ses_1" };

// Distinctive words: their original casing is in the row and the audit log, their lower case in the FTS index.
const TITLE = "Quokkaflamingo rotation";
const BODY = "The Xylophonequartz passphrase moved to the vault; ask Zebracrumpet for access.";
const TAG = "Wombatlantern";
const MARKERS = [
  "Quokkaflamingo",
  "quokkaflamingo",
  "Xylophonequartz",
  "xylophonequartz",
  "Zebracrumpet",
  "zebracrumpet",
  "Wombatlantern",
  "wombatlantern",
];

function found(dbFile: string): string[] {
  const bytes = storeBytes(dbFile);
  return MARKERS.filter((m) => bytes.includes(Buffer.from(m)));
}

describe("purge leaves no trace on disk", () => {
  it("removes the content from ledger.db and its WAL (entry, FTS index, audit rows)", async () => {
    const f = memoryFixture();
    // Neighbours, so the purged content shares pages with rows that stay.
    for (let i = 0; i < 30; i++) {
      await f.memory.save(
        { scope: f.project, kind: "fact", title: `neighbour ${i}`, body: `body text number ${i}` },
        agent,
      );
    }
    const { entry } = await f.memory.save(
      { scope: f.project, kind: "gotcha", title: TITLE, body: BODY, tags: [TAG] },
      agent,
    );
    await f.memory.save(
      { scope: f.project, kind: "gotcha", title: TITLE, body: `${BODY} Updated.`, tags: [TAG, "x"] },
      agent,
    );
    await f.memory.setStatus(entry.id, { status: "rejected", reason: "Xylophonequartz was wrong" }, agent);
    // Before: every marker is on disk, in its original case (rows, audit) and in lower case (the FTS index).
    expect(found(f.dbFile)).toEqual(MARKERS);

    const result = await f.memory.purge(entry.id, { kind: "person" });
    expect(result.checkpointed).toBe(true);
    expect(fs.existsSync(`${f.dbFile}-wal`) ? fs.statSync(`${f.dbFile}-wal`).size : 0).toBe(0);
    expect(found(f.dbFile)).toEqual([]);
    // The neighbours are intact and still searchable.
    expect((await f.memory.search({ query: "neighbour", scopes: [f.project], limit: 50 })).total).toBe(30);
    f.close();
    expect(found(f.dbFile)).toEqual([]);
  });

  it("the due purge of old trash leaves no trace either", async () => {
    const f = memoryFixture();
    await f.memory.save({ scope: f.project, kind: "fact", title: "stays", body: "stays" }, agent);
    const { entry } = await f.memory.save(
      { scope: f.project, kind: "gotcha", title: TITLE, body: BODY, tags: [TAG] },
      agent,
    );
    await f.memory.trash(entry.id, agent);
    expect(found(f.dbFile)).toEqual(MARKERS);
    f.now.value = T0 + 31 * DAY;
    expect(await f.memory.purgeDueIfAny()).toEqual({ expired: 0, purged: 1 });
    expect(found(f.dbFile)).toEqual([]);
    f.close();
    expect(found(f.dbFile)).toEqual([]);
  });
});
