/**
 * Sessions read from a database shaped like OpenCode's own, opened read-only: the same messages and parts as the
 * source held, children naming their parent, the file never written, and hostile rows refused with a reason.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createDatabaseSource } from "../../../src/transcripts/backfill/database-source.js";
import { createOpencodeDb, storedSession } from "../../helpers/opencode-db.js";

import { tempDir } from "../../helpers/temp-dir.js";

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
