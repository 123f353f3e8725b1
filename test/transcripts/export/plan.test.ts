/**
 * A session exported before its first message (the backfill meets sessions just created) gets its header once: the
 * next export appends the messages under it instead of writing the session again from its start.
 */
import { describe, expect, it } from "vitest";
import { exportTranscript } from "../../../src/transcripts/export/export-transcript.js";
import type { SessionExport } from "../../../src/transcripts/source/export-file-source.js";
import { createMemorySource } from "../../../src/transcripts/source/export-file-source.js";
import { storedSession } from "../../helpers/opencode-db.js";
import { readTranscript, testDataContext } from "../../helpers/transcripts.js";

describe("export plan", () => {
  it("a session exported with no message yet is continued, not written again", async () => {
    const data = testDataContext();
    const full = storedSession(2, "ses_planempty000001");
    const session: SessionExport = { info: full.info, messages: [] };
    const source = createMemorySource([session]);
    const request = { data, source, sessionID: full.info.id, scope: "/projects/plan" };
    const empty = await exportTranscript(request);
    session.messages.push(...full.messages);
    const grown = await exportTranscript(request);
    expect(grown.firstLine).toBe(empty.totalLines + 1);
    const lines = readTranscript(grown.path).map((l) => l.text);
    expect(lines.filter((l) => l.startsWith("# Session "))).toHaveLength(1);
    expect(lines.some((l) => l.includes("written from its start"))).toBe(false);
    expect(lines.filter((l) => l.startsWith("## "))).toHaveLength(full.messages.length);
  });
});
