import { describe, expect, it } from "vitest";
import { InvalidInputError, NotFoundError } from "../../src/errors.js";
import { isBun } from "../../src/store/driver.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../../src/transcripts/transcript-service.js";
import { type ContinueDeps, continueSession, continueText } from "../../src/tui/continue-session.js";
import { syntheticSession } from "../helpers/synthetic-session.js";
import { readTranscript, testDataContext } from "../helpers/transcripts.js";

const HERE = "/projects/here";
const SOURCE = "ses_continuefrom01";

/** Real exports of a synthetic session; injections and created sessions are recorded instead of sent to a host. */
function setup() {
  const data = testDataContext();
  const session = syntheticSession(3, SOURCE, 100).data;
  session.info.directory = HERE;
  const transcripts = createTranscripts({ data, source: createMemorySource([session]), scope: HERE });
  const injected: { sessionID: string; text: string }[] = [];
  const created: string[] = [];
  const deps: ContinueDeps = {
    sessionPointer: async (id) => {
      const transcript = await transcripts.export(id);
      return { pointer: `Transcript: ${transcript.path} (lines 1-${transcript.totalLines}).`, transcript };
    },
    inject: async (sessionID, text) => {
      injected.push({ sessionID, text });
    },
    createSession: async () => {
      const id = `ses_created${String(created.length).padStart(8, "0")}`;
      created.push(id);
      return id;
    },
  };
  return { data, transcripts, deps, injected, created };
}

describe(`TUI /memory-continue (${isBun ? "bun:sqlite" : "better-sqlite3"})`, () => {
  it("exports the session, then adds its pointer to the current session", async () => {
    const { deps, injected, created, transcripts } = setup();
    const result = await continueSession(deps, SOURCE, "ses_currentsession1");
    const row = await transcripts.find(SOURCE);
    expect(row).toBeDefined();
    const lines = readTranscript(transcripts.fileOf(row as NonNullable<typeof row>)).length;
    expect(result).toEqual({ sessionID: "ses_currentsession1", created: false, lines });
    expect(created).toEqual([]);
    expect(injected).toHaveLength(1);
    expect(injected[0]?.sessionID).toBe("ses_currentsession1");
    expect(injected[0]?.text).toBe(
      `Transcript: ${transcripts.fileOf(row as NonNullable<typeof row>)} (lines 1-${lines}).\nContinue the work of ${SOURCE} in this session. Read or search its transcript before relying on any detail of it.`,
    );
  });

  it("on the home screen the pointer goes into a new session", async () => {
    const { deps, injected, created } = setup();
    const result = await continueSession(deps, SOURCE, undefined);
    expect(created).toEqual(["ses_created00000000"]);
    expect(result).toMatchObject({ sessionID: "ses_created00000000", created: true });
    expect(injected.map((i) => i.sessionID)).toEqual(["ses_created00000000"]);
  });

  it("refuses a malformed id, the current session and an unknown one before creating or injecting anything", async () => {
    const { deps, injected, created, transcripts } = setup();
    await expect(continueSession(deps, "../etc/passwd", undefined)).rejects.toBeInstanceOf(InvalidInputError);
    await expect(continueSession(deps, SOURCE, SOURCE)).rejects.toThrow(/is this session; name another session/);
    await expect(continueSession(deps, "ses_notinthehost01", undefined)).rejects.toBeInstanceOf(NotFoundError);
    expect(injected).toEqual([]);
    expect(created).toEqual([]);
    expect(await transcripts.find("ses_notinthehost01")).toBeUndefined();
  });

  it("the injected text is the pointer and the rule to read first", () => {
    expect(continueText("ses_abc00000001", "POINTER")).toBe(
      "POINTER\nContinue the work of ses_abc00000001 in this session. Read or search its transcript before relying on any detail of it.",
    );
  });
});
