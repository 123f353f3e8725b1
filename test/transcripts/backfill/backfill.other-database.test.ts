/**
 * Only OpenCode's own database proves a session deleted by its absence. A backfill from another database (a backup
 * that lacks sessions OpenCode still holds) exports what it finds and removes nothing; from OpenCode's own database,
 * the transcripts of sessions it no longer holds are removed as before.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runBackfill } from "../../../src/transcripts/backfill/backfill.js";
import { createDatabaseSource } from "../../../src/transcripts/backfill/database-source.js";
import { isOpencodesOwnDatabase } from "../../../src/transcripts/backfill/opencode-db.js";
import { listTranscripts } from "../../../src/transcripts/catalog.js";
import { createOpencodeDb, storedSession } from "../../helpers/opencode-db.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { testDataContext } from "../../helpers/transcripts.js";

const id = (n: number) => `ses_otherdb${String(n).padStart(7, "0")}`;

describe("backfill from a database that is not OpenCode's own", () => {
  it("removes no transcript of a session the other database lacks; OpenCode's own database still does", async () => {
    const home = tempDir();
    const env = { HOME: home, XDG_DATA_HOME: path.join(home, "share") };
    const own = await createOpencodeDb(path.join(env.XDG_DATA_HOME, "opencode"));
    for (let n = 0; n < 3; n++) own.add(storedSession(2, id(n)), { updated: 1_000 + n });
    const backup = await createOpencodeDb(path.join(home, "backup"));
    backup.add(storedSession(2, id(0)), { updated: 1_000 });
    expect(isOpencodesOwnDatabase(own.file, env)).toBe(true);
    expect(isOpencodesOwnDatabase(backup.file, env)).toBe(false);

    const data = testDataContext();
    const rows = async () => (await data.database.read((db) => listTranscripts(db), [])).map((r) => r.sessionId).sort();
    const run = async (file: string) => {
      const source = await createDatabaseSource(file);
      try {
        return await runBackfill({
          data,
          source,
          cpuShare: 1,
          maxSessionBytes: 1e9,
          authoritative: isOpencodesOwnDatabase(file, env),
        });
      } finally {
        source.close();
      }
    };
    await run(own.file);
    expect(await rows()).toEqual([0, 1, 2].map(id));
    const files = (await data.database.read((db) => listTranscripts(db), [])).map((r) =>
      path.join(data.transcriptsDir, r.path),
    );

    const fromBackup = await run(backup.file);
    expect(fromBackup).toMatchObject({ ran: true, orphaned: 0, removed: 0 });
    expect(await rows()).toEqual([0, 1, 2].map(id));
    for (const file of files) expect(fs.existsSync(file)).toBe(true);

    own.remove(id(2));
    const fromOwn = await run(own.file);
    expect(fromOwn).toMatchObject({ ran: true, orphaned: 1, removed: 1 });
    expect(await rows()).toEqual([0, 1].map(id));
    own.close();
    backup.close();
  });
});
