/**
 * The start-up reconciliation: transcripts of sessions OpenCode no longer lists are marked orphaned (and unmarked when
 * the session is back); an empty list marks nothing; the sweep removes the marked ones unless keepDeleted.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { listTranscripts } from "../../../src/transcripts/catalog.js";
import { exportTranscript } from "../../../src/transcripts/export/export-transcript.js";
import { orphanedSessions, reconcileOrphans, sweepDeleted } from "../../../src/transcripts/retention/orphans.js";
import { sweepTranscripts } from "../../../src/transcripts/retention/retention.js";
import { createMemorySource } from "../../../src/transcripts/source/export-file-source.js";
import { storedSession } from "../../helpers/opencode-db.js";
import { type TestDataContext, testDataContext } from "../../helpers/transcripts.js";

const ids = ["ses_orphans00000001", "ses_orphans00000002", "ses_orphans00000003"];

async function exported(data: TestDataContext) {
  const source = createMemorySource(ids.map((id) => storedSession(1, id)));
  for (const sessionID of ids) await exportTranscript({ data, source, sessionID, scope: "/projects/o" });
  return source;
}

describe("orphaned transcripts", () => {
  it("reconciles against the sessions OpenCode holds: marks the missing, unmarks the returned", async () => {
    const data = testDataContext();
    await exported(data);
    expect(await reconcileOrphans(data, new Set([ids[0] as string]))).toEqual({
      orphaned: [ids[1], ids[2]],
      restored: [],
    });
    expect((await orphanedSessions(data)).sort()).toEqual([ids[1], ids[2]]);
    expect(await reconcileOrphans(data, new Set([ids[0] as string, ids[2] as string]))).toEqual({
      orphaned: [],
      restored: [ids[2]],
    });
    expect(await orphanedSessions(data)).toEqual([ids[1]]);
  });

  it("an empty list from OpenCode marks nothing (a database replaced or wiped, not every session deleted)", async () => {
    const data = testDataContext();
    await exported(data);
    expect(await reconcileOrphans(data, new Set())).toEqual({ orphaned: [], restored: [] });
    expect(await orphanedSessions(data)).toEqual([]);
  });

  it("the sweep removes what is marked, the newest of a project included; keepDeleted keeps them", async () => {
    const kept = testDataContext({ retention: { keepDeleted: true } });
    const keptSource = await exported(kept);
    await reconcileOrphans(kept, new Set([ids[0] as string]));
    expect(await sweepDeleted(kept, keptSource)).toBeUndefined();
    expect(await kept.database.read((db) => listTranscripts(db), [])).toHaveLength(3);

    const data = testDataContext();
    const source = await exported(data);
    await reconcileOrphans(data, new Set([ids[0] as string]));
    const report = await sweepDeleted(data, source);
    expect(report?.removed.map((d) => d.sessionID).sort()).toEqual([ids[1], ids[2]]);
    for (const d of report?.removed ?? []) {
      expect(fs.existsSync(d.file)).toBe(false);
      expect(d.reasons[0]).toMatch(/^OpenCode deleted this session \(noticed /);
    }
    expect((await data.database.read((db) => listTranscripts(db), [])).map((r) => r.sessionId)).toEqual([ids[0]]);
  });

  it("the cleanup's orphaned rule counts the mark without asking OpenCode again", async () => {
    const data = testDataContext();
    const source = await exported(data);
    await reconcileOrphans(data, new Set([ids[0] as string, ids[1] as string]));
    const rules = { retentionDays: 0, keepRecent: 0, maxSessions: 0, orphaned: true };
    const report = await sweepTranscripts({ data, source, scopes: undefined, rules, apply: false });
    expect(report.eligible.map((d) => [d.sessionID, d.reasons.length])).toEqual([[ids[2], 1]]);
  });
});
