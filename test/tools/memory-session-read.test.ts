import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createSessionReadTool } from "../../src/tools/memory-session-read.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../../src/transcripts/transcript-service.js";
import { syntheticSession } from "../helpers/synthetic-session.js";
import { toolContext } from "../helpers/tool-context.js";
import { readTranscript, testDataContext } from "../helpers/transcripts.js";

const SCOPE = "/projects/demo";

function setup() {
  const data = testDataContext();
  const session = syntheticSession(20);
  const transcripts = createTranscripts({ data, source: createMemorySource([session.data]), scope: SCOPE });
  const read = createSessionReadTool({ transcripts });
  const call = (args: Parameters<typeof read.execute>[0]) => read.execute(args, toolContext(SCOPE));
  return { data, session, transcripts, call };
}

describe("memory_session_read", () => {
  it("exports a session on demand the first time, then reads numbered windows with the next offset", async () => {
    const { data, session, call } = setup();
    expect(fs.existsSync(data.transcriptsDir)).toBe(false);
    const first = String(await call({ sessionID: session.sessionID, limit: 50, maxBytes: 100_000 }));
    const [head, ...rest] = first.split("\n");
    expect(head).toMatch(/^ses_synthetic0000000001 "Synthetic session": lines 1-50 of \d+ · \/.*\.md$/);
    const file = head?.split(" · ").at(-1) ?? "";
    const lines = readTranscript(file);
    expect(rest.slice(0, 50)).toEqual(lines.slice(0, 50).map((l) => `${String(l.number).padStart(6)}\t${l.text}`));
    expect(rest.at(-1)).toBe(`… next: memory_session_read({ sessionID: "${session.sessionID}", offset: 51 })`);

    const second = String(await call({ sessionID: session.sessionID, offset: 51, limit: 10 })).split("\n");
    expect(second[1]).toBe(`    51\t${lines[50]?.text}`);
    const end = String(await call({ sessionID: session.sessionID, offset: lines.length - 2 })).split("\n");
    expect(end.at(-1)).toBe(`(end of the transcript at line ${lines.length})`);
    expect(end).toHaveLength(5);
  });

  it("keeps every result inside its byte budget and cuts a single huge line", async () => {
    const { session, call } = setup();
    session.user(`HUGE ${"x".repeat(50_000)}`);
    for (const maxBytes of [1_000, 5_000, 24_000]) {
      const result = String(await call({ sessionID: session.sessionID, maxBytes, limit: 2_000 }));
      expect(Buffer.byteLength(result)).toBeLessThanOrEqual(maxBytes);
      expect(result).toMatch(/… next: memory_session_read/);
    }
    const file =
      String(await call({ sessionID: session.sessionID, limit: 1 }))
        .split("\n")[0]
        ?.split(" · ")
        .at(-1) ?? "";
    const at = readTranscript(file).find((l) => l.text.startsWith("HUGE"))?.number ?? 0;
    expect(at).toBeGreaterThan(0);
    const cut = String(await call({ sessionID: session.sessionID, offset: at, maxBytes: 2_000 })).split("\n");
    expect(cut[1]).toMatch(/^\s+\d+\tHUGE x+… \[\d+ more bytes on this line\]$/);
    expect(Buffer.byteLength(cut.join("\n"))).toBeLessThanOrEqual(2_000);
  });

  it("refuses an offset past the end, a malformed id and an unknown session, creating nothing", async () => {
    const { data, session, call } = setup();
    await expect(call({ sessionID: "../../etc/passwd" })).rejects.toThrow(
      /^\[opencode-ledger\] sessionID: "..\/..\/etc\/passwd" is not a session id/,
    );
    await expect(call({ sessionID: "ses_unknown000000001" })).rejects.toThrow(
      'no session with id "ses_unknown000000001"; it was never exported and OpenCode does not know it',
    );
    expect(fs.existsSync(data.options.dataDir)).toBe(false);
    await call({ sessionID: session.sessionID });
    await expect(call({ sessionID: session.sessionID, offset: 100_000 })).rejects.toThrow(
      /offset: 100000 is past the end: the transcript of ses_synthetic0000000001 has \d+ lines; read from offset \d+/,
    );
  });

  it("brings the transcript up to date when OpenCode says the session changed since the last export", async () => {
    const { data, session, call } = setup();
    const first = String(await call({ sessionID: session.sessionID, limit: 1 }));
    const total = Number(first.match(/of (\d+)/)?.[1]);
    await call({ sessionID: session.sessionID, limit: 1 });
    session.user("A new request after the export");
    expect(String(await call({ sessionID: session.sessionID, limit: 1 }))).toContain(`of ${total} ·`);
    session.data.info.time.updated = data.clock() + 1_000;
    const after = String(await call({ sessionID: session.sessionID, offset: total + 1 }));
    expect(after).toContain("A new request after the export");
  });

  it("reads a transcript whose session OpenCode no longer has", async () => {
    const { data, session, transcripts } = setup();
    await transcripts.export(session.sessionID);
    const gone = createTranscripts({ data, source: createMemorySource([]), scope: SCOPE });
    const read = createSessionReadTool({ transcripts: gone });
    const result = String(await read.execute({ sessionID: session.sessionID, limit: 3 }, toolContext(SCOPE)));
    expect(result.split("\n")[1]).toBe(`     1\t# Session ${session.sessionID}`);
  });
});
