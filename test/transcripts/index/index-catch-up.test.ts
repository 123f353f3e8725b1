/**
 * The catch-up before a ranked search: transcripts the index does not cover are indexed in batches, one transaction
 * each; a transcript that fails is reported and the rest of its batch is still indexed.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catchUp } from "../../../src/transcripts/index/index-catch-up.js";
import type { TranscriptFile } from "../../../src/transcripts/listing.js";
import { dumpAndRebuild } from "../../helpers/index-rows.js";
import { exportAll } from "../../helpers/indexed-sessions.js";
import { syntheticSession } from "../../helpers/synthetic-session.js";
import { testDataContext } from "../../helpers/transcripts.js";

/** Transcripts exported with their index removed afterwards, as the catch-up finds them. */
async function unindexed(count: number) {
  const data = testDataContext();
  const sessions = Array.from({ length: count }, (_, n) => syntheticSession(3, `ses_catchup00000${n}`, 300));
  const results = await exportAll(
    data,
    sessions.map((s) => s.data),
  );
  data.searchIndex.remove();
  const files: TranscriptFile[] = results.map((r) => {
    const stat = fs.statSync(r.path);
    return {
      sessionID: r.sessionID,
      path: r.path,
      relative: path.relative(data.transcriptsDir, r.path),
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      ino: stat.ino,
    };
  });
  const health = await data.searchIndex.forWriting();
  if (!health.usable) throw new Error(health.reason);
  return { data, files, connection: health.connection };
}

describe("the catch-up", () => {
  it("indexes every transcript it is given, as a rebuild from the files would", async () => {
    const { data, files, connection } = await unindexed(4);
    const out = catchUp(connection, files, true);
    expect(out).toMatchObject({ indexed: 4, leftOut: [], failed: [] });
    expect(out.indexedBytes).toBe(files.reduce((n, f) => n + f.size, 0));
    data.searchIndex.close();
    const { dump, rebuilt } = await dumpAndRebuild(data.options.dataDir, data.transcriptsDir);
    expect(dump.sessions).toHaveLength(4);
    expect(rebuilt).toEqual(dump);
  });

  it("reports a transcript that fails and still indexes the rest of its batch, each once", async () => {
    const { data, files, connection } = await unindexed(4);
    const gone = files[2] as TranscriptFile;
    fs.rmSync(gone.path);
    const out = catchUp(connection, files, true);
    expect(out.indexed).toBe(3);
    expect(out.failed.map((f) => f.file.sessionID)).toEqual([gone.sessionID]);
    expect(out.failed[0]?.reason).toMatch(/ENOENT/);
    data.searchIndex.close();
    const { dump, rebuilt } = await dumpAndRebuild(data.options.dataDir, data.transcriptsDir);
    expect(dump.sessions.map((s) => s.session_id)).toEqual(files.filter((f) => f !== gone).map((f) => f.sessionID));
    expect(rebuilt).toEqual(dump);
  });
});
