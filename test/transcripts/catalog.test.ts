/**
 * The catalog's row of a transcript: written and read back with plain SQL built from the table's own columns, so it
 * must be the row the ORM reads, and an update must leave alone what it does not give. And its message rows, each
 * holding the parts written of its message.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Database } from "../../src/store/database.js";
import { isBun } from "../../src/store/driver.js";
import { transcripts } from "../../src/store/schema.js";
import {
  forgetLines,
  getTranscript,
  LINE_REMOVED,
  loadLineIndex,
  loadMessageRows,
  loadPartRows,
  REMOVED,
  SESSION_UNITS,
  saveTranscript,
  saveUnits,
} from "../../src/transcripts/catalog.js";
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

describe(`the catalog's message rows and their parts (${isBun ? "bun:sqlite" : "better-sqlite3"})`, () => {
  const S = "ses_catalogunits01";
  const part = (partId: string, messageId: string, hash: string, line: number) => ({ partId, messageId, hash, line });

  it("merges an export's parts into those a message held, in the order written, and keeps the session's units apart", async () => {
    const db = new Database({ dataDir: tempDir() });
    await db.write((_, c) =>
      saveUnits(
        c,
        S,
        {
          messages: [{ messageId: "msg_a", hash: "h1", line: 3 }],
          parts: [part("session:title", "", "t1", 2), part("prt_1", "msg_a", "p1", 4), part("prt_2", "msg_a", "p2", 6)],
        },
        true,
      ),
    );
    // A later export: prt_1 changed, prt_3 added, prt_2 untouched; msg_b new; the revert unit joins the title.
    await db.write((_, c) =>
      saveUnits(
        c,
        S,
        {
          messages: [
            { messageId: "msg_a", hash: "h2", line: 3 },
            { messageId: "msg_b", hash: "hb", line: 20 },
          ],
          parts: [
            part("session:revert", "", "r1", 9),
            part("prt_1", "msg_a", "p1b", 10),
            part("prt_3", "msg_a", "p3", 12),
            part("prt_4", "msg_b", "p4", 21),
          ],
        },
        false,
      ),
    );
    await db.read((_, c) => {
      expect([...loadMessageRows(c, S)]).toEqual([
        ["msg_a", { hash: "h2", line: 3 }],
        ["msg_b", { hash: "hb", line: 20 }],
      ]);
      expect([...loadPartRows(c, S, "msg_a")]).toEqual([
        ["prt_1", { hash: "p1b", line: 10 }],
        ["prt_2", { hash: "p2", line: 6 }],
        ["prt_3", { hash: "p3", line: 12 }],
      ]);
      expect([...loadPartRows(c, S, SESSION_UNITS)].map(([id]) => id)).toEqual(["session:title", "session:revert"]);
      expect(loadPartRows(c, S, "msg_none").size).toBe(0);
      const index = loadLineIndex(c, S);
      expect([index.message("msg_a"), index.message("msg_b"), index.message(SESSION_UNITS)]).toEqual([
        3,
        20,
        undefined,
      ]);
      expect([index.part("prt_1"), index.part("prt_2"), index.part("prt_4"), index.part("session:title")]).toEqual([
        10, 6, 21, 2,
      ]);
    }, undefined);
    db.close();
  });

  it("a message named twice in one export keeps every part given for it; removed ones are not pointed at", async () => {
    const db = new Database({ dataDir: tempDir() });
    const messages = [
      { messageId: "msg_a", hash: "h1", line: 3 },
      { messageId: "msg_a", hash: "h2", line: 8 },
    ];
    const parts = [part("prt_1", "msg_a", "p1", 4), part("prt_2", "msg_a", REMOVED, 9)];
    await db.write((_, c) => saveUnits(c, S, { messages, parts }, true));
    await db.read((_, c) => {
      expect([...loadMessageRows(c, S)]).toEqual([["msg_a", { hash: "h2", line: 8 }]]);
      expect(loadPartRows(c, S, "msg_a").size).toBe(2);
      expect(loadLineIndex(c, S).part("prt_2")).toBeUndefined();
    }, undefined);
    db.close();
  });

  it("lines removed by hand: the rows that started on them keep their hash and name no line", async () => {
    const db = new Database({ dataDir: tempDir() });
    await db.write((_, c) =>
      saveUnits(
        c,
        S,
        {
          messages: [
            { messageId: "msg_a", hash: "h1", line: 3 },
            { messageId: "msg_b", hash: "hb", line: 30 },
          ],
          parts: [part("prt_1", "msg_a", "p1", 4), part("prt_2", "msg_a", "p2", 12), part("prt_3", "msg_b", "p3", 31)],
        },
        true,
      ),
    );
    await db.write((_, c) =>
      forgetLines(c, S, [
        [1, 3],
        [10, 20],
      ]),
    );
    await db.read((_, c) => {
      expect([...loadMessageRows(c, S)]).toEqual([
        ["msg_a", { hash: "h1", line: LINE_REMOVED }],
        ["msg_b", { hash: "hb", line: 30 }],
      ]);
      expect([...loadPartRows(c, S, "msg_a")]).toEqual([
        ["prt_1", { hash: "p1", line: 4 }],
        ["prt_2", { hash: "p2", line: LINE_REMOVED }],
      ]);
      const index = loadLineIndex(c, S);
      expect([index.message("msg_a"), index.part("prt_2"), index.part("prt_3")]).toEqual([undefined, undefined, 31]);
    }, undefined);
    db.close();
  });
});
