/**
 * After a backfill every past session is exported within minutes, newest first, so the export time runs against the
 * order of use. The sweep, the listing and the TUI's picker go by the session's last activity instead: cleanup keeps
 * the sessions used last.
 */
import { describe, expect, it } from "vitest";
import { runBackfill } from "../../../src/transcripts/backfill/backfill.js";
import { createDatabaseSource } from "../../../src/transcripts/backfill/database-source.js";
import { lastActivity, listTranscripts } from "../../../src/transcripts/catalog.js";
import { sweepTranscripts } from "../../../src/transcripts/retention/retention.js";
import { createOpencodeDb, storedSession } from "../../helpers/opencode-db.js";
import { lastUsedAt } from "../../helpers/synthetic-session.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { testDataContext } from "../../helpers/transcripts.js";

const DAY = 86_400_000;
const USED = Date.UTC(2026, 0, 1);
const id = (n: number) => `ses_activity${String(n).padStart(6, "0")}`;

/** Eight past sessions, session n last used on day n, backfilled in one run a year later. */
async function backfilled() {
  const fake = await createOpencodeDb(tempDir());
  for (let n = 0; n < 8; n++) {
    fake.add(lastUsedAt(storedSession(2, id(n)), USED + n * DAY), { updated: USED + n * DAY });
  }
  let now = USED + 365 * DAY;
  const data = testDataContext({}, () => now++);
  const source = await createDatabaseSource(fake.file);
  const outcome = await runBackfill({ data, source, cpuShare: 1, maxSessionBytes: 1e9 });
  if (!outcome.ran) throw new Error("the backfill did not run");
  return { data, source };
}

describe("sessions in the order of their last activity", () => {
  it("lists a backfilled corpus used-last first, although the export order ran the other way", async () => {
    const { data } = await backfilled();
    const rows = await data.database.read((db) => listTranscripts(db), []);
    expect(rows.map((r) => r.sessionId)).toEqual([7, 6, 5, 4, 3, 2, 1, 0].map(id));
    // The export times alone would put the oldest session first.
    const byExport = [...rows].sort((a, b) => b.updatedAt - a.updatedAt);
    expect(byExport[0]?.sessionId).not.toBe(id(7));
    expect(rows.map(lastActivity)).toEqual([7, 6, 5, 4, 3, 2, 1, 0].map((n) => USED + n * DAY));
  });

  it("cleanup by count keeps the sessions used last and marks the oldest", async () => {
    const { data, source } = await backfilled();
    const report = await sweepTranscripts({
      data,
      source,
      scopes: undefined,
      rules: { retentionDays: 0, keepRecent: 1, maxSessions: 3, orphaned: false },
      apply: true,
    });
    expect(report.removed.map((d) => d.sessionID).sort()).toEqual([0, 1, 2, 3, 4].map(id).sort());
    const left = await data.database.read((db) => listTranscripts(db), []);
    expect(left.map((r) => r.sessionId)).toEqual([7, 6, 5].map(id));
  });

  it("cleanup by age counts days since the session was used, not since the backfill", async () => {
    const { data, source } = await backfilled();
    const report = await sweepTranscripts({
      data,
      source,
      scopes: undefined,
      rules: { retentionDays: 361, keepRecent: 0, maxSessions: 0, orphaned: false },
      apply: false,
    });
    // 365 days after day 0: sessions 0..4 are more than 361 days unused, 5..7 are not.
    expect(report.eligible.map((d) => d.sessionID).sort()).toEqual([0, 1, 2, 3, 4].map(id).sort());
    expect(report.eligible[0]?.reasons[0]).toMatch(/^not used for 36\d days \(retentionDays 361\)$/);
  });
});
