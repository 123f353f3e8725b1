import fs from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isBun } from "../../src/store/driver.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../../src/transcripts/transcript-service.js";
import { applyCleanup, CLEANUP_LIST_MAX, planCleanup } from "../../src/tui/cleanup.js";
import { agedTranscripts } from "../helpers/aged-transcripts.js";

const HERE = "/projects/here";
const NOW = Date.UTC(2026, 5, 1);

/** `count` transcripts of HERE, session i last touched i days ago; `gone` of them no longer known to OpenCode. */
async function setup(count: number, retention: Record<string, number>, gone = 0) {
  const aged = await agedTranscripts({ count, prefix: "ses_tuiclean", scope: HERE, now: NOW, options: { retention } });
  const { data, ids } = aged;
  // The oldest `gone` sessions were deleted in OpenCode.
  const sessions = aged.sessions.slice(0, count - gone);
  const transcripts = createTranscripts({ data, source: createMemorySource(sessions), scope: HERE });
  const r = data.options.retention;
  const rows = async () => (await transcripts.list([HERE])).map((row) => row.sessionId);
  return { data, transcripts, ids, rows, retention: r };
}

describe(`TUI /memory-cleanup (${isBun ? "bun:sqlite" : "better-sqlite3"})`, () => {
  it("dry run lists what the rules make eligible, with reasons, and removes nothing", async () => {
    const { transcripts, ids, rows, retention } = await setup(6, { retentionDays: 3, keepRecent: 2 });
    const plan = await planCleanup(transcripts, retention, HERE, NOW);
    expect(plan.sessionIDs.sort()).toEqual([ids[4], ids[5]].sort());
    const lines = plan.message.split("\n");
    expect(lines[0]).toMatch(/^2 transcripts of 6 can go \(\d+(\.\d)? kB\):$/);
    expect(plan.message).toContain(`${ids[5]} "Synthetic session" · `);
    expect(plan.message).toMatch(/5 d ago · not used for 5 days \(retentionDays 3\)/);
    expect(lines.at(-1)).toBe(
      "Rules: untouched > 3 d, no cap, sessions OpenCode no longer has; the newest 2 are always kept.",
    );
    expect(await rows()).toHaveLength(6);
  });

  it("lists sessions OpenCode no longer has even with no rule set, and says what the newest protect", async () => {
    const { transcripts, ids, retention } = await setup(4, { keepRecent: 3 }, 2);
    const plan = await planCleanup(transcripts, retention, HERE, NOW);
    expect(plan.sessionIDs).toEqual([ids[3]]);
    expect(plan.message).toContain("OpenCode no longer has this session");
    expect(plan.message).toContain("1 more would qualify but is among the newest (kept).");
  });

  it("says there is nothing to remove when nothing qualifies", async () => {
    const { transcripts, retention } = await setup(3, {});
    const plan = await planCleanup(transcripts, retention, HERE, NOW);
    expect(plan.sessionIDs).toEqual([]);
    expect(plan.message.split("\n")[0]).toBe("Nothing to remove: 3 transcripts of this project considered.");
    expect((await applyCleanup(transcripts, plan, retention, HERE)).message).toBe("Nothing was removed.");
  });

  it("applying removes exactly the listed transcripts, files and index rows", async () => {
    const { transcripts, ids, rows, retention, data } = await setup(6, { retentionDays: 3, keepRecent: 2 });
    const plan = await planCleanup(transcripts, retention, HERE, NOW);
    const rowsBefore = await transcripts.list([HERE]);
    const files = rowsBefore.filter((r) => plan.sessionIDs.includes(r.sessionId)).map((r) => transcripts.fileOf(r));
    expect(files).toHaveLength(2);
    for (const file of files) expect(fs.existsSync(file)).toBe(true);
    const { message, report } = await applyCleanup(transcripts, plan, retention, HERE);
    expect(message).toMatch(/^Removed 2 transcripts \(\d+(\.\d)? kB\)\.$/);
    expect(report.removed.map((d) => d.sessionID).sort()).toEqual(plan.sessionIDs.sort());
    expect((await rows()).sort()).toEqual(ids.slice(0, 4).sort());
    for (const file of files) expect(fs.existsSync(file)).toBe(false);
    expect(data.log.lines.filter((l) => l.message.startsWith("transcript cleanup removed"))).toHaveLength(2);
  });

  it("a transcript touched after the dry run is kept if it became one of the newest", async () => {
    const { transcripts, ids, rows, retention, data } = await setup(4, { retentionDays: 2, keepRecent: 1 });
    const plan = await planCleanup(transcripts, retention, HERE, NOW);
    expect(plan.sessionIDs.sort()).toEqual([ids[3]].sort());
    expect(plan.message.split("\n").at(-1)).toBe(
      "Rules: untouched > 2 d, no cap, sessions OpenCode no longer has; the newest one is always kept.",
    );
    // ids[3] gets new activity: re-exported now, it is the newest transcript of the project
    const touched = ids[3] as string;
    await data.database.write((db) =>
      db.run(
        sql`UPDATE transcripts SET updated_at = ${NOW + 1_000}, last_message_at = ${NOW + 1_000} WHERE session_id = ${touched}`,
      ),
    );
    const { message } = await applyCleanup(transcripts, plan, retention, HERE);
    expect(message).toBe("Removed 0 transcripts (0 B). 1 changed since the list was made and was kept.");
    expect(await rows()).toContain(ids[3]);
  });

  it("bounds the list and counts what it leaves out", async () => {
    const total = CLEANUP_LIST_MAX + 5;
    const { transcripts, retention } = await setup(total + 1, { retentionDays: 0, maxSessions: 1, keepRecent: 1 });
    const plan = await planCleanup(transcripts, retention, HERE, NOW);
    expect(plan.sessionIDs).toHaveLength(total);
    const lines = plan.message.split("\n");
    expect(lines.filter((l) => l.startsWith("ses_"))).toHaveLength(CLEANUP_LIST_MAX);
    expect(plan.message).toContain("… and 5 more transcripts");
  });
});
