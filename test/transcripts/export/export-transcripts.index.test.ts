/**
 * The search index of a group of sessions exported together (`exportTranscripts`): written in one index transaction,
 * it holds exactly what exports one at a time write, and a process killed while that transaction is open loses no
 * transcript; the index is only behind, and the next export brings it up.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listTranscripts } from "../../../src/transcripts/catalog.js";
import { exportTranscript, exportTranscripts } from "../../../src/transcripts/export/export-transcript.js";
import { connectIndex } from "../../../src/transcripts/index/index-connection.js";
import { INDEX_FILE } from "../../../src/transcripts/index/search-index.js";
import { createExportFileSource, createMemorySource } from "../../../src/transcripts/source/export-file-source.js";
import { dumpAndRebuild, dumpIndex } from "../../helpers/index-rows.js";
import { syntheticSession } from "../../helpers/synthetic-session.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { testDataContext } from "../../helpers/transcripts.js";

const SCOPE = "/projects/group-index";
const root = path.resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const bin = path.join(root, "node_modules", ".bin", "opencode");

const sessions = (n: number) =>
  Array.from({ length: n }, (_, i) => syntheticSession(2 + i * 3, `ses_groupidx${String(i).padStart(6, "0")}`));

/** Every token the index holds, by session, unit and column, with its position. */
async function tokens(dataDir: string): Promise<string[]> {
  const c = await connectIndex(path.join(dataDir, INDEX_FILE), { readonly: false });
  try {
    c.exec("CREATE VIRTUAL TABLE temp.tokens USING fts5vocab(main, unit_text, instance)");
    return c
      .all<{ at: string }>(
        `SELECT s.session_id || ':' || u.first_line || ':' || t.col || ':' || t.offset || ':' || t.term AS at
           FROM temp.tokens t JOIN units u ON u.id = t.doc JOIN sessions s ON s.sid = u.sid`,
      )
      .map((r) => r.at)
      .sort();
  } finally {
    c.close();
  }
}

describe("the index of a group exported together", () => {
  it("holds exactly the units and tokens that exports one at a time give it", async () => {
    const builders = sessions(6);
    const source = createMemorySource(builders.map((b) => b.data));
    const [group, alone] = [testDataContext(), testDataContext()];
    await exportTranscripts(builders.map((b) => ({ data: group, source, sessionID: b.sessionID, scope: SCOPE })));
    for (const b of builders) await exportTranscript({ data: alone, source, sessionID: b.sessionID, scope: SCOPE });
    group.searchIndex.close();
    alone.searchIndex.close();
    const [grouped, single] = [await dumpIndex(group.options.dataDir), await dumpIndex(alone.options.dataDir)];
    expect(grouped.units.length).toBeGreaterThan(6);
    expect(grouped).toEqual(single);
    const groupedTokens = await tokens(group.options.dataDir);
    expect(groupedTokens.length).toBeGreaterThan(1_000);
    expect(groupedTokens).toEqual(await tokens(alone.options.dataDir));
  });

  it("killed while its index transaction is open: every transcript is kept, and the next export indexes them", async () => {
    const builders = sessions(5);
    const folder = tempDir();
    const files = builders.map((b) => {
      const file = path.join(folder, `${b.sessionID}.json`);
      fs.writeFileSync(file, JSON.stringify(b.data));
      return file;
    });
    const data = testDataContext();
    const child = spawnSync(
      bin,
      ["run", path.join(root, "test", "helpers", "export-group-crash.ts"), data.options.dataDir, SCOPE, "4", ...files],
      { cwd: root, encoding: "utf8", env: { ...process.env, BUN_BE_BUN: "1" } },
    );
    expect(child.signal ?? child.stderr).toBe("SIGKILL");

    // The transcripts and their catalog rows were durable before the index began.
    const stored = await data.database.read((db) => listTranscripts(db), []);
    expect(stored.map((r) => r.sessionId).sort()).toEqual(builders.map((b) => b.sessionID));
    for (const row of stored) {
      expect(fs.statSync(path.join(data.transcriptsDir, row.path)).size).toBe(row.bytes);
    }
    // The three updates before the kill were in the open transaction: none of them is in the index.
    expect((await data.searchIndex.coveredBytes())?.size ?? 0).toBe(0);

    const source = createExportFileSource(files);
    const again = await exportTranscripts(
      builders.map((b) => ({ data, source, sessionID: b.sessionID, scope: SCOPE })),
    );
    expect(again.every((o) => !(o instanceof Error) && o.appendedLines === 0)).toBe(true);
    const covered = await data.searchIndex.coveredBytes();
    for (const row of stored) expect(covered?.get(row.sessionId)).toBe(row.bytes);
    data.searchIndex.close();
    const { dump, rebuilt } = await dumpAndRebuild(data.options.dataDir, data.transcriptsDir);
    expect(dump).toEqual(rebuilt);
  }, 60_000);
});
