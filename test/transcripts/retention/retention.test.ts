import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { transcriptMessages, transcripts as transcriptsTable } from "../../../src/store/schema.js";
import { createTranscriptCleanupTool } from "../../../src/tools/memory-transcript-cleanup.js";
import { createTranscriptListTool } from "../../../src/tools/memory-transcript-list.js";
import { autoSweep } from "../../../src/transcripts/retention/retention.js";
import { createMemorySource } from "../../../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../../../src/transcripts/transcript-service.js";
import { agedTranscripts, DAY } from "../../helpers/aged-transcripts.js";
import { syntheticSession } from "../../helpers/synthetic-session.js";
import { toolContext } from "../../helpers/tool-context.js";

const HERE = "/projects/here";
const THERE = "/projects/there";
const NOW = Date.UTC(2026, 5, 1);

/** `count` transcripts in HERE, session i last touched i days ago, plus two in THERE. */
async function setup(count = 14, options: Record<string, unknown> = {}) {
  const aged = await agedTranscripts({ count, prefix: "ses_here", scope: HERE, now: NOW, options });
  const { data, ids } = aged;
  const sessions = [...aged.sessions];
  for (const n of [1, 2]) {
    const session = syntheticSession(1, `ses_there00000000000${n}`, 200).data;
    sessions.push(session);
    await aged.exportAt(session, NOW - 100 * DAY, THERE);
  }
  const transcripts = createTranscripts({ data, source: createMemorySource(sessions), scope: HERE });
  const cleanup = createTranscriptCleanupTool({ data, transcripts });
  const list = createTranscriptListTool({ data, transcripts });
  const run = async (args: Parameters<typeof cleanup.execute>[0]) =>
    String(await cleanup.execute(args, toolContext(HERE)));
  const rows = () => data.database.read((db) => db.select().from(transcriptsTable).all(), []);
  return { data, sessions, ids, transcripts, run, list, rows };
}

describe("memory_transcript_cleanup", () => {
  it("is a dry run by default: reports what is eligible and why, protects the newest, removes nothing", async () => {
    const { run, rows, ids } = await setup();
    const report = await run({ retentionDays: 5 });
    expect(report.split("\n")[0]).toBe(
      "Dry run: 4 of 14 transcripts are eligible (" +
        report.split("(")[1]?.split(")")[0] +
        "); nothing was removed. Run again with apply=true to remove them.",
    );
    for (const i of [10, 11, 12, 13]) expect(report).toMatch(new RegExp(`${ids[i]} · .* eligible: `));
    expect(report).toMatch(new RegExp(`${ids[13]} · .* eligible: not used for 13 days \\(retentionDays 5\\)`));
    expect(report).toMatch(
      new RegExp(
        `${ids[9]} · .* kept: among the 10 newest transcripts of its project \\(keepRecent\\) \\(would be: not used for 9 days`,
      ),
    );
    expect(report).not.toContain("ses_there");
    expect(await rows()).toHaveLength(16);
  });

  it("applies: removes the files and every index row, logs each removal, keeps the rest", async () => {
    const { run, rows, ids, data, transcripts } = await setup();
    const files = await Promise.all(ids.map(async (id) => transcripts.fileOf((await transcripts.find(id)) as never)));
    const report = await run({ retentionDays: 5, apply: true });
    expect(report.split("\n")[0]).toMatch(/^Removed 4 of 4 eligible transcripts \(.*\); 14 considered\.$/);
    expect(report).toContain(`${ids[13]} · `);
    for (const i of [10, 11, 12, 13]) expect(fs.existsSync(files[i] as string)).toBe(false);
    for (const i of [0, 5, 9]) expect(fs.existsSync(files[i] as string)).toBe(true);
    expect((await rows()).map((r) => r.sessionId)).not.toContain(ids[13]);
    expect(await rows()).toHaveLength(12);
    const orphanRows = await data.database.read(
      (db) =>
        db
          .select()
          .from(transcriptMessages)
          .all()
          .filter((r) => r.sessionId === ids[13]),
      [],
    );
    expect(orphanRows).toEqual([]);
    expect(data.log.lines.filter((l) => l.message.startsWith("transcript cleanup removed"))).toHaveLength(4);
    expect(await run({ retentionDays: 5, apply: true })).toMatch(/^Removed 0 of 0 eligible/);
  });

  it("never removes the keepRecent newest, whatever the other rules say", async () => {
    const { run } = await setup();
    expect((await run({ maxSessions: 3 })).split("\n")[0]).toMatch(/^Dry run: 4 of 14/);
    expect((await run({ maxSessions: 3, keepRecent: 0 })).split("\n")[0]).toMatch(/^Dry run: 11 of 14/);
    const named = await run({ sessionIDs: ["ses_here000000000000", "ses_here000000000013"], keepRecent: 12 });
    expect(named.split("\n")[0]).toMatch(/^Dry run: 1 of 2/);
    expect(named).toMatch(/ses_here000000000000 · .* kept: among the 12 newest .*named for removal/);
  });

  it("finds orphans: sessions OpenCode no longer has, and index rows whose file is gone", async () => {
    const { run, sessions, ids, transcripts, data } = await setup(12);
    sessions.splice(
      sessions.findIndex((s) => s.info.id === ids[11]),
      1,
    );
    fs.rmSync(transcripts.fileOf((await transcripts.find(ids[10] as string)) as never));
    const report = await run({ orphaned: true, keepRecent: 2, allScopes: true });
    expect(report).toMatch(new RegExp(`${ids[11]} · .* eligible: OpenCode no longer has this session`));
    expect(report).toMatch(new RegExp(`${ids[10]} · .* eligible: its transcript file is gone`));
    expect(report.split("\n")[0]).toMatch(/^Dry run: 2 of 14/);
    await run({ orphaned: true, keepRecent: 2, apply: true });
    expect(await transcripts.find(ids[10] as string)).toBeUndefined();
    expect(data.log.lines.some((l) => l.message.includes(`removed ${ids[10]}`))).toBe(true);
  });

  it("names unknown ids, refuses bad ones and a contradiction, and says when no rule is set", async () => {
    const { run } = await setup(2);
    expect(await run({})).toMatch(/^No rule is set, so nothing is eligible/);
    expect(await run({ sessionIDs: ["ses_nosuch0000000001"] })).toContain(
      "Not in the index (nothing to remove): ses_nosuch0000000001",
    );
    await expect(run({ sessionIDs: ["../etc"] })).rejects.toThrow(/sessionIDs: "..\/etc" is not a session id/);
    await expect(run({ apply: true, dryRun: true, retentionDays: 1 })).rejects.toThrow(
      /dryRun and apply were both set/,
    );
  });

  it("sweeps by the retention options after start-up, applying them, and not without a rule", async () => {
    const off = await setup(12);
    expect(await autoSweep(off.data, off.transcripts.source, HERE)).toBeUndefined();
    const on = await setup(12, { retention: { retentionDays: 3, keepRecent: 5 } });
    const report = await autoSweep(on.data, on.transcripts.source, HERE);
    expect(report?.removed.map((d) => d.sessionID).sort()).toEqual(on.ids.slice(5).sort());
    expect(await on.rows()).toHaveLength(7);
  });
});

describe("memory_transcript_list", () => {
  it("lists this project's transcripts newest first with size, lines, age, last used, title and host status", async () => {
    const { list, sessions, ids } = await setup(3);
    sessions.splice(
      sessions.findIndex((s) => s.info.id === ids[2]),
      1,
    );
    const result = String(await list.execute({}, toolContext(HERE))).split("\n");
    expect(result[0]).toMatch(/^3 transcripts, [\d.]+ kB in all\.$/);
    expect(result[1]).toMatch(
      new RegExp(
        `^${ids[0]} · "Synthetic session" · \\d+ lines · [\\d.]+ kB · 2 messages · age 0 min · last used 0 min ago · in OpenCode: yes$`,
      ),
    );
    expect(result[3]).toMatch(new RegExp(`^${ids[2]} · .* · age 2 d · last used 2 d ago · in OpenCode: no$`));
  });

  it("lists every project with all=true, and one project by path", async () => {
    const { list } = await setup(2);
    const all = String(await list.execute({ all: true }, toolContext(HERE)));
    expect(all.split("\n")[0]).toMatch(/^4 transcripts/);
    expect(all).toContain(`project ${THERE}`);
    const there = String(await list.execute({ scope: THERE }, toolContext(HERE)));
    expect(there.split("\n")[0]).toMatch(/^2 transcripts/);
    expect(String(await list.execute({ scope: "/projects/none" }, toolContext(HERE)))).toBe(
      "No transcripts for /projects/none yet (all=true lists every project's).",
    );
  });
});
