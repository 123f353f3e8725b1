import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createCleanupReport } from "../../src/slash-commands/cleanup-report.js";
import type { SweepReport } from "../../src/transcripts/retention/retention.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../../src/transcripts/transcript-service.js";
import { agedTranscripts, DAY } from "../helpers/aged-transcripts.js";
import { testDataContext } from "../helpers/transcripts.js";

const HERE = "/projects/here";
const NOW = Date.UTC(2026, 5, 1);

/** Three transcripts of this project on a real store, the i-th last touched i days ago. */
async function setup(retention: Record<string, unknown>) {
  const options = { retention: { autoSweep: false, ...retention } };
  const aged = await agedTranscripts({ count: 3, prefix: "ses_sweep", scope: HERE, now: NOW, options });
  const { data, sessions, ids, files } = aged;
  const transcripts = createTranscripts({ data, source: createMemorySource(sessions), scope: HERE });
  const report = createCleanupReport({ data, transcripts });
  return { report, ids, files };
}

/** A sweep's report of `n` eligible transcripts: far more lines than a result holds. */
function bigReport(n: number): SweepReport {
  const eligible = Array.from({ length: n }, (_, i) => ({
    sessionID: `ses_big${String(i).padStart(14, "0")}`,
    scope: HERE,
    title: "A long forgotten session about many things",
    file: `/t/${i}.md`,
    bytes: 10_000,
    lastTouch: NOW - 40 * DAY,
    reasons: ["not used for 40 days (retentionDays 30)"],
  }));
  return { applied: false, considered: n, eligible, protected: [], removed: [], failed: [], unknown: [] };
}

describe("the /memory-cleanup report", () => {
  it("when cut, names the tool that narrows the sweep only as the tool set offers it", async () => {
    for (const tools of ["core", "all"]) {
      const data = testDataContext({ retention: { autoSweep: false, retentionDays: 30 }, tools }, () => NOW);
      const report = createCleanupReport({ data, transcripts: { scope: HERE, sweep: async () => bigReport(400) } });
      const text = await report(false);
      expect(text.split("\n").at(-1)).toContain('"opencode-ledger transcripts cleanup"');
      expect(text.split("\n").at(-1)).toContain(
        tools === "all"
          ? "(or the memory_transcript_cleanup tool)."
          : '(or the memory_transcript_cleanup tool, offered with the option tools: "all").',
      );
    }
  });

  it("says nothing of applying when nothing is eligible, and 'them' for more than one", async () => {
    const none = await (await setup({ retentionDays: 30, keepRecent: 2 })).report(false);
    expect(none.split("\n")[0]).toMatch(
      /^Dry run: 0 of 3 transcripts of this project are eligible \(0 B\); nothing was removed\.$/,
    );
    expect(none).toContain("; the newest 2 are always kept.");
    const two = await (await setup({ maxSessions: 1, keepRecent: 0 })).report(false);
    expect(two.split("\n")[0]).toMatch(/\/memory-cleanup apply removes them\.$/);
  });

  it("says that no rule is set, and removes nothing", async () => {
    const { report, files } = await setup({});
    for (const apply of [false, true]) expect(await report(apply)).toContain("No retention rule is set");
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
  });

  it("dry run by the retention options, then apply", async () => {
    const { report, ids, files } = await setup({ retentionDays: 1, keepRecent: 1 });
    const dry = await report(false);
    expect(dry.split("\n")[0]).toMatch(/^Dry run: 1 of 3 transcripts of this project is eligible/);
    expect(dry).toContain(`- ${ids[2]} "Synthetic session"`);
    expect(dry).toContain("not used for over 1 day");
    // One eligible, one always kept: the words agree with the counts.
    expect(dry.split("\n")[0]).toMatch(/nothing was removed\. \/memory-cleanup apply removes it\.$/);
    expect(dry).toContain("; the newest one is always kept.");
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    const applied = await report(true);
    expect(applied.split("\n")[0]).toMatch(/^Removed 1 of 1 eligible transcript of this project \(/);
    expect(fs.existsSync(files[2] ?? "")).toBe(false);
    expect(fs.existsSync(files[0] ?? "") && fs.existsSync(files[1] ?? "")).toBe(true);
  });
});
