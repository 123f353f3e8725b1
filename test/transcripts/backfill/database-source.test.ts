/**
 * Sessions read from a database shaped like OpenCode's own, opened read-only: the same messages and parts as the
 * source held, children naming their parent, the file never written, and hostile rows refused with a reason.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createDatabaseSource } from "../../../src/transcripts/backfill/database-source.js";
import type { V2StoredMessage } from "../../../src/transcripts/source/v2-messages.js";
import { createOpencodeDb, type FakeOpencodeDb, storedSession } from "../../helpers/opencode-db.js";

import { tempDir } from "../../helpers/temp-dir.js";
import { storedV2Session } from "../../helpers/v2-session.js";

describe("OpenCode's database as a session source", () => {
  it("lists every session newest first and reads its messages back as they were stored", async () => {
    const fake = await createOpencodeDb(tempDir());
    const older = storedSession(3, "ses_dbsrc000000older");
    // Text of more than one byte a character.
    const first = older.messages[0]?.parts[0];
    if (first?.type === "text") first.text = "Déployer vers l'étape « staging » — 部署 🚀";
    const newer = storedSession(2, "ses_dbsrc000000newer");
    fake.add(older, { updated: 1_000, worktree: "/projects/a" });
    fake.add(newer, { updated: 2_000, parentID: older.info.id });
    const source = await createDatabaseSource(fake.file);
    const { sessions, unreadable } = await source.list();
    expect(unreadable).toEqual([]);
    expect(sessions.map((s) => s.id)).toEqual([newer.info.id, older.info.id]);
    expect(sessions[0]?.parentID).toBe(older.info.id);
    expect(sessions[1]?.worktree).toBe("/projects/a");
    // The bytes of the stored JSON (not its characters): what a session holds, in MB, against backfill.maxSessionMB.
    const stored = (session: typeof older) =>
      session.messages
        .flatMap((m) => m.parts)
        .reduce(
          (sum, { id: _i, sessionID: _s, messageID: _m, ...data }) => sum + Buffer.byteLength(JSON.stringify(data)),
          0,
        );
    expect(sessions[1]?.bytes).toBe(stored(older));
    const messages = await source.messages(older.info.id);
    expect(messages.map((m) => m.info.id)).toEqual(older.messages.map((m) => m.info.id));
    expect(messages.flatMap((m) => m.parts)).toEqual(older.messages.flatMap((m) => m.parts));
    expect((await source.session(newer.info.id))?.parentID).toBe(older.info.id);
    expect(await source.session("ses_dbsrc00000absent")).toBeUndefined();
    expect(await source.messages("ses_dbsrc00000absent")).toEqual([]);
    source.close();
    fake.close();
  });

  it("never writes the file: the driver refuses a write, and the bytes are unchanged after reading", async () => {
    const fake = await createOpencodeDb(tempDir());
    fake.add(storedSession(2, "ses_dbsrc0000000ro01"));
    fake.connection.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const before = fs.readFileSync(fake.file);
    const source = await createDatabaseSource(fake.file);
    await source.list();
    await source.messages("ses_dbsrc0000000ro01");
    source.close();
    expect(fs.readFileSync(fake.file).equals(before)).toBe(true);
    const { openReadOnly } = await import("../../../src/store/driver.js");
    const raw = await openReadOnly(fake.file);
    expect(() => raw.all("DELETE FROM session")).toThrow();
    raw.close();
    fake.close();
  });

  it("refuses a missing file with its path", async () => {
    const file = `${tempDir()}/none/opencode.db`;
    await expect(createDatabaseSource(file)).rejects.toThrow(`OpenCode's database ${file} does not exist`);
  });

  it("refuses hostile rows with their reason instead of crashing", async () => {
    const fake = await createOpencodeDb(tempDir());
    const good = storedSession(1, "ses_dbsrc000000good1");
    fake.add(good);
    fake.run("INSERT INTO project (id, worktree, time_created, time_updated, sandboxes) VALUES ('p', '/', 0, 0, '[]')");
    const session = (id: string, created: unknown) =>
      fake.run(
        "INSERT INTO session (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES (?, 'p', 's', '/x', 't', '1', ?, ?)",
        id,
        created,
        created,
      );
    session("ses_dbsrc00badtimes1", "yesterday");
    session("ses_dbsrc000badjson1", 5);
    fake.run(
      "INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES ('msg_1', 'ses_dbsrc000badjson1', 1, 1, '{not json')",
    );
    session("ses_dbsrc000badrole1", 6);
    fake.run(
      `INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES ('msg_2', 'ses_dbsrc000badrole1', 1, 1, '{"role":"robot","time":{"created":1}}')`,
    );
    session("ses_dbsrc000badpart1", 7);
    fake.run(
      `INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES ('msg_3', 'ses_dbsrc000badpart1', 1, 1, '{"role":"user","time":{"created":1}}')`,
    );
    fake.run(
      "INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES ('prt_3', 'msg_3', 'ses_dbsrc000badpart1', 1, 1, '[1,2]')",
    );
    // An empty message id: the store keeps the session's own units under message "".
    session("ses_dbsrc000emptyid1", 5);
    fake.run(
      `INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES ('', 'ses_dbsrc000emptyid1', 1, 1, '{"role":"user","time":{"created":1}}')`,
    );
    const source = await createDatabaseSource(fake.file);
    const { sessions, unreadable } = await source.list();
    expect(unreadable).toEqual([{ id: "ses_dbsrc00badtimes1", reason: "it has no valid times" }]);
    expect(sessions.map((s) => s.id)).toContain(good.info.id);
    await expect(source.messages("ses_dbsrc000badjson1")).rejects.toThrow(/message msg_1: its data is not JSON/);
    await expect(source.messages("ses_dbsrc000badrole1")).rejects.toThrow(/has no id or role/);
    await expect(source.messages("ses_dbsrc000emptyid1")).rejects.toThrow(/message 0 has no id or role/);
    await expect(source.messages("ses_dbsrc000badpart1")).rejects.toThrow(/part prt_3: its data is not a JSON object/);
    source.close();
    fake.close();
  });
});

describe("OpenCode 2.x's database as a session source", () => {
  /** Stores a 2.x session as 2.x does: one `session_message` row a message, `data` without its id and type. */
  function addStored(fake: FakeOpencodeDb, sessionID: string, messages: readonly V2StoredMessage[], updated: number) {
    fake.run(
      "INSERT OR IGNORE INTO project (id, worktree, time_created, time_updated, sandboxes) VALUES ('prj_2', '/projects/two', 0, 0, '[]')",
    );
    fake.run(
      `INSERT INTO session_v2 (id, project_id, slug, directory, title, version, time_created, time_updated)
       VALUES (?, 'prj_2', 's', '/projects/two', 'Tokenizer', '2.0.26', 1, ?)`,
      sessionID,
      updated,
    );
    messages.forEach(({ id, type, ...data }, seq) => {
      fake.run(
        "INSERT INTO session_message (id, session_id, type, seq, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?, ?)",
        id,
        sessionID,
        type,
        seq,
        data.time.created,
        data.time.created,
        JSON.stringify(data),
      );
    });
  }

  it("reads session_v2 and session_message: users, assistants with 2.x's tools, the compaction as a summary", async () => {
    const fake = await createOpencodeDb(tempDir(), { schema: "2.0" });
    const older = storedV2Session("ses_dbsrcv2000older", 1);
    older.compaction("What happened so far.");
    older.synthetic("A background job finished.");
    addStored(fake, older.sessionID, older.messages, 1_000);
    addStored(fake, "ses_dbsrcv2000newer", storedV2Session("ses_dbsrcv2000newer", 0).messages, 2_000);
    const source = await createDatabaseSource(fake.file);
    const { sessions, unreadable } = await source.list();
    expect(unreadable).toEqual([]);
    expect(sessions.map((s) => s.id)).toEqual(["ses_dbsrcv2000newer", "ses_dbsrcv2000older"]);
    expect(sessions[1]?.worktree).toBe("/projects/two");
    expect(sessions[1]?.bytes).toBeGreaterThan(1_000);
    const messages = await source.messages(older.sessionID);
    // The model switch and the idle marker are not messages of the conversation.
    const kept = older.messages.filter((m) => m.type !== "model-switched" && m.type !== "idle");
    expect(messages.map((m) => m.info.id)).toEqual(kept.map((m) => m.id));
    expect(messages.map((m) => m.info.role)).toEqual(["user", "assistant", "user", "assistant", "assistant", "user"]);
    const tools = messages.flatMap((m) => m.parts).flatMap((p) => (p.type === "tool" ? [p] : []));
    expect(tools.map((t) => t.tool)).toEqual(["read", "edit", "patch", "shell"]);
    expect(tools[0]?.state.input).toEqual({ path: "src/lexer0.ts" });
    expect(tools[3]?.state.status === "completed" && tools[3].state.output).toBe("ok 0\n(end)");
    const summary = messages[4];
    expect(summary?.info.role === "assistant" && summary.info.summary).toBe(true);
    const synthetic = messages[5]?.parts[0];
    expect(synthetic?.type === "text" && synthetic.synthetic).toBe(true);
    expect((await source.session(older.sessionID))?.title).toBe("Tokenizer");
    expect(await source.messages("ses_dbsrcv200absent")).toEqual([]);
    source.close();
    fake.close();
  });

  it("refuses hostile rows with their reason instead of crashing", async () => {
    const fake = await createOpencodeDb(tempDir(), { schema: "2.0" });
    addStored(fake, "ses_dbsrcv2000good1", storedV2Session("ses_dbsrcv2000good1", 0).messages, 1);
    fake.run(
      "INSERT INTO session_v2 (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES ('ses_dbsrcv2badtimes', 'prj_2', 's', '/x', 't', '2', 'yesterday', 1)",
    );
    fake.run(
      "INSERT INTO session_v2 (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES ('ses_dbsrcv2badjson1', 'prj_2', 's', '/x', 't', '2', 1, 1)",
    );
    fake.run(
      "INSERT INTO session_message (id, session_id, type, seq, time_created, time_updated, data) VALUES ('msg_b1', 'ses_dbsrcv2badjson1', 'user', 0, 1, 1, '{not json')",
    );
    fake.run(
      "INSERT INTO session_v2 (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES ('ses_dbsrcv2emptyid1', 'prj_2', 's', '/x', 't', '2', 1, 1)",
    );
    fake.run(
      `INSERT INTO session_message (id, session_id, type, seq, time_created, time_updated, data) VALUES ('', 'ses_dbsrcv2emptyid1', 'user', 0, 1, 1, '{"text":"x","time":{"created":1}}')`,
    );
    const source = await createDatabaseSource(fake.file);
    const { sessions, unreadable } = await source.list();
    expect(unreadable).toEqual([{ id: "ses_dbsrcv2badtimes", reason: "it has no valid times" }]);
    expect(sessions.map((s) => s.id)).toContain("ses_dbsrcv2000good1");
    await expect(source.messages("ses_dbsrcv2badjson1")).rejects.toThrow(/message msg_b1: its data is not JSON/);
    await expect(source.messages("ses_dbsrcv2emptyid1")).rejects.toThrow(/has no id or role/);
    source.close();
    fake.close();
  });
});
