/**
 * The catalog's row of a transcript: written and read back with plain SQL built from the table's own columns, so it
 * must be the row the ORM reads, and an update must leave alone what it does not give.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Database } from "../../src/store/database.js";
import { isBun } from "../../src/store/driver.js";
import { transcripts } from "../../src/store/schema.js";
import { getTranscript, saveTranscript } from "../../src/transcripts/catalog.js";
import { tempDir } from "../helpers/temp-dir.js";

const row = {
  sessionId: "ses_catalogrow0001",
  scope: "/projects/demo",
  path: "demo/ses_catalogrow0001.md",
  title: "First",
  lastMessageId: "msg_1",
  lastMessageAt: 5,
  lines: 10,
  bytes: 100,
  tailHash: "ab".repeat(32),
  repairs: 0,
  messageCount: 3,
  exportedAt: 7,
  createdAt: 7,
  updatedAt: 7,
};

describe(`the catalog's transcript row (${isBun ? "bun:sqlite" : "better-sqlite3"})`, () => {
  it("reads back what the ORM reads, defaults included, and nothing for a session it does not hold", async () => {
    const db = new Database({ dataDir: tempDir() });
    await db.write((_, c) =>
      saveTranscript(c, { sessionId: "ses_catalogrow0002", scope: "/p", path: "p/x.md", createdAt: 1, updatedAt: 1 }),
    );
    await db.write((_, c) => saveTranscript(c, row));
    for (const id of [row.sessionId, "ses_catalogrow0002"]) {
      const ours = await db.read((_, c) => getTranscript(c, id), undefined);
      const orm = await db.read(
        (d) => d.select().from(transcripts).where(eq(transcripts.sessionId, id)).get(),
        undefined,
      );
      expect(ours).toEqual(orm);
    }
    expect(await db.read((_, c) => getTranscript(c, "ses_catalogrow0002"), undefined)).toMatchObject({
      lines: 0,
      repairs: 0,
      exportedAt: 0,
      title: null,
      orphanedAt: null,
    });
    expect(await db.read((_, c) => getTranscript(c, "ses_catalogrowgone"), undefined)).toBeUndefined();
    db.close();
  });

  it("updates the fields it is given and keeps the others (a transcript marked orphaned stays so)", async () => {
    const db = new Database({ dataDir: tempDir() });
    await db.write((_, c) => saveTranscript(c, row));
    await db.write((d) =>
      d.update(transcripts).set({ orphanedAt: 99 }).where(eq(transcripts.sessionId, row.sessionId)).run(),
    );
    // A value with quotes and a null go in as values, never as SQL.
    await db.write((_, c) =>
      saveTranscript(c, { ...row, title: `it's "quoted"; DROP TABLE transcripts`, lastMessageId: null, lines: 12 }),
    );
    expect(await db.read((_, c) => getTranscript(c, row.sessionId), undefined)).toEqual({
      ...row,
      title: `it's "quoted"; DROP TABLE transcripts`,
      lastMessageId: null,
      lines: 12,
      orphanedAt: 99,
    });
    db.close();
  });
});
