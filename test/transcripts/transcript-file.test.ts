import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { InvalidInputError, NotFoundError, TranscriptError } from "../../src/errors.js";
import { transcripts as transcriptsTable } from "../../src/store/schema.js";
import { createSessionReadTool } from "../../src/tools/memory-session-read.js";
import { exportTranscript } from "../../src/transcripts/export/export-transcript.js";
import { scopeDirName } from "../../src/transcripts/paths.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../../src/transcripts/transcript-service.js";
import { syntheticSession } from "../helpers/synthetic-session.js";
import { tempDir } from "../helpers/temp-dir.js";
import { toolContext } from "../helpers/tool-context.js";
import { testDataContext } from "../helpers/transcripts.js";

const SCOPE = "/projects/demo";
const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe("transcript files", () => {
  it("are 0600 in 0700 folders under umask 022, with the project's real path in scope.txt", async () => {
    const previous = process.umask(0o022);
    try {
      const data = testDataContext();
      const session = syntheticSession(2);
      const result = await exportTranscript({
        data,
        source: createMemorySource([session.data]),
        sessionID: session.sessionID,
        scope: SCOPE,
      });
      const scopeDir = path.dirname(result.path);
      expect(path.basename(scopeDir)).toBe(scopeDirName(SCOPE));
      expect(mode(data.options.dataDir)).toBe(0o700);
      expect(mode(data.transcriptsDir)).toBe(0o700);
      expect(mode(scopeDir)).toBe(0o700);
      expect(mode(result.path)).toBe(0o600);
      expect(mode(path.join(scopeDir, "scope.txt"))).toBe(0o600);
      expect(fs.readFileSync(path.join(scopeDir, "scope.txt"), "utf8")).toBe(`${SCOPE}\n`);
      // A file whose mode was loosened is tightened on the next append.
      fs.chmodSync(result.path, 0o644);
      session.turn(5);
      await exportTranscript({
        data,
        source: createMemorySource([session.data]),
        sessionID: session.sessionID,
        scope: SCOPE,
      });
      expect(mode(result.path)).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it("refuses malformed session ids before touching anything", async () => {
    const data = testDataContext();
    const source = createMemorySource([]);
    for (const bad of [
      "../x",
      "ses_../../etc",
      "ses_abc/defghijk",
      "ses_short",
      "",
      "ses_abcdefgh\n",
      `ses_${"a".repeat(65)}`,
    ]) {
      const error = await exportTranscript({ data, source, sessionID: bad, scope: SCOPE }).catch((e: unknown) => e);
      expect(error, bad).toBeInstanceOf(InvalidInputError);
      expect((error as Error).message).toMatch(/^\[opencode-ledger\] sessionID: .* is not a session id/s);
    }
    expect(fs.existsSync(data.options.dataDir)).toBe(false);
  });

  it("refuses a session OpenCode does not have, creating nothing", async () => {
    const data = testDataContext();
    const error = await exportTranscript({
      data,
      source: createMemorySource([]),
      sessionID: "ses_nothere000000001",
      scope: SCOPE,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe(
      '[opencode-ledger] no session with id "ses_nothere000000001"; OpenCode does not have it, so it cannot be exported',
    );
    expect(fs.existsSync(data.options.dataDir)).toBe(false);
  });

  it("never follows a scope folder that links out of the transcripts folder", async () => {
    const data = testDataContext();
    const outside = tempDir("outside-");
    fs.mkdirSync(data.transcriptsDir, { recursive: true });
    fs.symlinkSync(outside, path.join(data.transcriptsDir, scopeDirName(SCOPE)));
    const session = syntheticSession(1);
    const error = await exportTranscript({
      data,
      source: createMemorySource([session.data]),
      sessionID: session.sessionID,
      scope: SCOPE,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toContain("is a link that leads outside the transcripts folder");
    expect(fs.readdirSync(outside)).toEqual([]);
  });

  it("never writes through a transcript that is a symlink, even to a file inside", async () => {
    const data = testDataContext();
    const session = syntheticSession(1);
    const source = createMemorySource([session.data]);
    const first = await exportTranscript({ data, source, sessionID: session.sessionID, scope: SCOPE });
    const target = path.join(path.dirname(first.path), "other.md");
    fs.renameSync(first.path, target);
    fs.symlinkSync(target, first.path);
    const before = fs.readFileSync(target, "utf8");
    session.turn(3);
    const error = await exportTranscript({ data, source, sessionID: session.sessionID, scope: SCOPE }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TranscriptError);
    expect((error as Error).message).toContain("is not a regular file; it is left alone");
    expect(fs.readFileSync(target, "utf8")).toBe(before);
  });

  it("refuses an index row whose path leaves the transcripts folder", async () => {
    const data = testDataContext();
    const session = syntheticSession(1);
    const transcripts = createTranscripts({ data, source: createMemorySource([session.data]), scope: SCOPE });
    await transcripts.export(session.sessionID);
    await data.database.write((db) =>
      db
        .update(transcriptsTable)
        .set({ path: "../../../etc/passwd" })
        .where(eq(transcriptsTable.sessionId, session.sessionID))
        .run(),
    );
    const read = createSessionReadTool({ transcripts });
    await expect(read.execute({ sessionID: session.sessionID }, toolContext(SCOPE))).rejects.toThrow(
      "[opencode-ledger] path: points outside the transcripts folder",
    );
  });
});
