/**
 * memory_transcript_cleanup's first line: its words agree with the count of what applying would remove.
 */
import { describe, expect, it } from "vitest";
import { createTranscriptCleanupTool } from "../../src/tools/memory-transcript-cleanup.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../../src/transcripts/transcript-service.js";
import { agedTranscripts } from "../helpers/aged-transcripts.js";
import { toolContext } from "../helpers/tool-context.js";

const HERE = "/projects/here";
const NOW = Date.UTC(2026, 5, 1);

/** Three transcripts of this project on a real store, the i-th last used i days ago, and the tool over them. */
async function setup() {
  const { data, sessions } = await agedTranscripts({ count: 3, prefix: "ses_tool", scope: HERE, now: NOW });
  const transcripts = createTranscripts({ data, source: createMemorySource(sessions), scope: HERE });
  const tool = createTranscriptCleanupTool({ data, transcripts });
  return async (args: Parameters<typeof tool.execute>[0]) =>
    String(await tool.execute(args, toolContext(HERE))).split("\n")[0];
}

describe("memory_transcript_cleanup's dry run", () => {
  it("says 'it' for one, 'them' for more, and nothing of applying when nothing is eligible", async () => {
    const run = await setup();
    expect(await run({ retentionDays: 1, keepRecent: 1 })).toMatch(
      /^Dry run: 1 of 3 transcripts is eligible .*; nothing was removed\. Run again with apply=true to remove it\.$/,
    );
    expect(await run({ maxSessions: 1, keepRecent: 0 })).toMatch(/Run again with apply=true to remove them\.$/);
    expect(await run({ retentionDays: 30 })).toMatch(
      /^Dry run: 0 of 3 transcripts are eligible \(0 B\); nothing was removed\.$/,
    );
  });
});
