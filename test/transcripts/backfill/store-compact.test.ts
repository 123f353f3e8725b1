/**
 * A backfill leaves no large share of empty pages in ledger.db: after it, one VACUUM gives them back when a fifth or
 * more of the file is empty; a store with few empty pages is left as it is.
 */
import { describe, expect, it } from "vitest";
import { runBackfill } from "../../../src/transcripts/backfill/backfill.js";
import { createDatabaseSource } from "../../../src/transcripts/backfill/database-source.js";
import { compactStore, EMPTY_SHARE } from "../../../src/transcripts/backfill/store-compact.js";
import { createOpencodeDb, storedSession } from "../../helpers/opencode-db.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { testDataContext } from "../../helpers/transcripts.js";

const emptyShare = async (data: ReturnType<typeof testDataContext>) => {
  const c = await data.database.raw();
  const pages = c.get<{ page_count: number }>("PRAGMA page_count")?.page_count ?? 1;
  const free = c.get<{ freelist_count: number }>("PRAGMA freelist_count")?.freelist_count ?? 0;
  return free / pages;
};

describe("the store after a backfill", () => {
  it("gives back the empty pages when a fifth of the file or more is empty, and leaves a tight store alone", async () => {
    const data = testDataContext();
    await data.database.write((_, c) => {
      c.exec("CREATE TABLE filler (x BLOB)");
      for (let i = 0; i < 400; i++) c.run("INSERT INTO filler VALUES (randomblob(4000))");
    });
    await data.database.write((_, c) => c.exec("DELETE FROM filler"));
    expect(await emptyShare(data)).toBeGreaterThan(EMPTY_SHARE);
    const outcome = await compactStore(data.database);
    expect(outcome?.compacted).toBe(true);
    expect(outcome?.after).toBeLessThan((outcome?.before ?? 0) / 2);
    expect(await emptyShare(data)).toBe(0);
    const again = await compactStore(data.database);
    expect(again).toMatchObject({ compacted: false, emptyShare: 0 });
  });

  it("a backfill of 120 sessions ends with less than a fifth of ledger.db empty", async () => {
    const fake = await createOpencodeDb(tempDir());
    for (let n = 0; n < 120; n++)
      fake.add(storedSession(3, `ses_compact${String(n).padStart(6, "0")}`), { updated: n });
    const data = testDataContext();
    const outcome = await runBackfill({
      data,
      source: await createDatabaseSource(fake.file),
      cpuShare: 1,
      maxSessionBytes: 1e9,
    });
    expect(outcome.ran).toBe(true);
    expect(await emptyShare(data)).toBeLessThan(EMPTY_SHARE);
  }, 60_000);
});
