/**
 * Migration 0011 moves the part rows of each message into the message's row (`parts`, in the order they were
 * written) and the session's own units into the row of message "". A store written before it describes its
 * transcripts exactly as before: the next export appends nothing, and a new turn appends only what is new.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../src/log.js";
import { parseOptions } from "../../src/options.js";
import { createDataContext } from "../../src/services.js";
import { Database, knownSchemaVersion, MIGRATIONS_FOLDER } from "../../src/store/database.js";
import type { SqliteConnection } from "../../src/store/sqlite-connection.js";
import { loadLineIndex } from "../../src/transcripts/catalog.js";
import { exportTranscript } from "../../src/transcripts/export/export-transcript.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { migrationsBefore } from "../helpers/migrations.js";
import { syntheticSession } from "../helpers/synthetic-session.js";
import { tempDir } from "../helpers/temp-dir.js";
import { readTranscript, testDataContext } from "../helpers/transcripts.js";

const SCOPE = "/projects/migrated";

interface MessageRow {
  session_id: string;
  message_id: string;
  hash: string;
  line: number;
  parts: string;
}

const messageRows = (c: SqliteConnection) =>
  c.all<MessageRow>("SELECT * FROM transcript_messages ORDER BY session_id, message_id");

describe("migration 0011: each message's parts in its own row", () => {
  it("keeps what a store knew of its transcripts, so the next export appends nothing and a new turn only the new", async () => {
    // Rows the exporter writes today, for a session with a tool call, text and an error, put the old way into a
    // store made by the migrations before 0011, beside the same transcript file.
    const reference = testDataContext();
    const builder = syntheticSession(6, "ses_migrate0011aa");
    const source = createMemorySource([builder.data]);
    const first = await exportTranscript({ data: reference, source, sessionID: builder.sessionID, scope: SCOPE });
    const expected = await reference.database.read((_, c) => messageRows(c), []);
    const transcriptRows = await reference.database.read(
      (_, c) => c.all<Record<string, unknown>>("SELECT * FROM transcripts"),
      [],
    );
    const units = expected.find((r) => r.message_id === "");
    expect(JSON.parse(units?.parts ?? "[]")).toEqual([["session:title", expect.any(String), 2]]);
    expect(expected.filter((r) => JSON.parse(r.parts).length > 1).length).toBeGreaterThan(0);

    const dataDir = path.join(tempDir(), "data");
    const before = new Database({ dataDir, migrationsFolder: migrationsBefore("0011_transcript_parts_in_messages") });
    await before.write((_, c) => {
      for (const row of transcriptRows) {
        const columns = Object.keys(row);
        c.run(
          `INSERT INTO transcripts (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
          ...Object.values(row),
        );
      }
      for (const row of expected) {
        if (row.message_id !== "") {
          c.run(
            "INSERT INTO transcript_messages (session_id, message_id, hash, line) VALUES (?, ?, ?, ?)",
            row.session_id,
            row.message_id,
            row.hash,
            row.line,
          );
        }
        // Inserted last part first, then the rest: the rows' order (not their ids) is the order they were written.
        const parts = JSON.parse(row.parts) as Array<[string, string, number]>;
        for (const [partId, hash, line] of [...parts.slice(-1), ...parts.slice(0, -1)]) {
          c.run(
            "INSERT INTO transcript_parts (session_id, part_id, message_id, hash, line) VALUES (?, ?, ?, ?, ?)",
            row.session_id,
            partId,
            row.message_id,
            hash,
            line,
          );
        }
      }
    });
    expect(await before.schemaVersion()).toBe(11);
    before.close();
    fs.cpSync(reference.transcriptsDir, path.join(dataDir, "transcripts"), { recursive: true });

    const data = createDataContext(parseOptions({ dataDir }).options, createMemoryLogger());
    expect(await data.database.schemaVersion()).toBe(knownSchemaVersion(MIGRATIONS_FOLDER));
    const moved = await data.database.read((_, c) => messageRows(c), []);
    const rotated = (parts: string) => {
      const list = JSON.parse(parts) as unknown[];
      return [...list.slice(-1), ...list.slice(0, -1)];
    };
    expect(moved.map((r) => ({ ...r, parts: JSON.parse(r.parts) }))).toEqual(
      expected.map((r) => ({ ...r, parts: rotated(r.parts) })),
    );
    const index = await data.database.read((_, c) => loadLineIndex(c, builder.sessionID), undefined);
    for (const message of builder.data.messages) {
      expect(index?.message(message.info.id)).toBe(first.lines.message(message.info.id));
      for (const part of message.parts) expect(index?.part(part.id)).toBe(first.lines.part(part.id));
    }

    const again = await exportTranscript({ data, source, sessionID: builder.sessionID, scope: SCOPE });
    expect(again.appendedLines).toBe(0);
    builder.turn(6);
    const grown = await exportTranscript({ data, source, sessionID: builder.sessionID, scope: SCOPE });
    expect(grown.firstLine).toBe(first.totalLines + 1);
    const lines = readTranscript(grown.path);
    expect(lines.map((l) => l.number)).toEqual(lines.map((_, i) => i + 1));
    expect(lines.slice(first.totalLines).filter((l) => l.text.startsWith("[note"))).toEqual([]);
    data.database.close();
  });

  it("keeps part rows whose message has no row, under a row of their own with no line", async () => {
    const dataDir = path.join(tempDir(), "data");
    const before = new Database({ dataDir, migrationsFolder: migrationsBefore("0011_transcript_parts_in_messages") });
    await before.write((_, c) => {
      c.run(
        "INSERT INTO transcript_parts (session_id, part_id, message_id, hash, line) VALUES (?, ?, ?, ?, ?)",
        "ses_orphanparts01",
        "prt_lone",
        "msg_gone",
        "abc",
        7,
      );
    });
    before.close();
    const after = new Database({ dataDir });
    expect(await after.read((_, c) => messageRows(c), [])).toEqual([
      { session_id: "ses_orphanparts01", message_id: "msg_gone", hash: "", line: 0, parts: '[["prt_lone","abc",7]]' },
    ]);
    after.close();
  });
});
