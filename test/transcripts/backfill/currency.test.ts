/**
 * Staying current: an idle session's new messages reach its transcript without a compaction, the event hook returns
 * at once, and a session deleted in OpenCode is marked orphaned and removed (kept with retention.keepDeleted).
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createCurrency } from "../../../src/transcripts/backfill/currency.js";
import { sessionEventOf } from "../../../src/transcripts/backfill/session-events.js";
import { getTranscript } from "../../../src/transcripts/catalog.js";
import type { SessionExport } from "../../../src/transcripts/source/export-file-source.js";
import type { SessionSource } from "../../../src/transcripts/source/session-source.js";
import { createTranscripts } from "../../../src/transcripts/transcript-service.js";
import { storedSession } from "../../helpers/opencode-db.js";
import { testDataContext } from "../../helpers/transcripts.js";

const SID = "ses_currency00000001";

function setup(options: Record<string, unknown> = {}) {
  const data = testDataContext(options);
  const sessions = new Map<string, SessionExport>([[SID, storedSession(1, SID)]]);
  const source: SessionSource = {
    session: async (id) => sessions.get(id)?.info,
    messages: async (id) => sessions.get(id)?.messages ?? [],
  };
  const transcripts = createTranscripts({ data, source, scope: "/projects/demo" });
  const currency = createCurrency({ data, transcripts });
  const row = () => data.database.read((_, c) => getTranscript(c, SID), undefined);
  return { data, sessions, transcripts, currency, row };
}

describe("staying current", () => {
  it("narrows the two events and ignores everything else", () => {
    expect(sessionEventOf({ type: "session.idle", properties: { sessionID: SID } })).toEqual({
      kind: "idle",
      sessionID: SID,
    });
    expect(sessionEventOf({ type: "session.deleted", properties: { info: { id: SID } } })).toEqual({
      kind: "deleted",
      sessionID: SID,
    });
    for (const bad of [null, 3, { type: "session.idle" }, { type: "session.idle", properties: { sessionID: 5 } }]) {
      expect(sessionEventOf(bad)).toBeUndefined();
    }
    expect(sessionEventOf({ type: "session.deleted", properties: { info: {} } })).toBeUndefined();
    expect(sessionEventOf({ type: "message.updated", properties: { sessionID: SID } })).toBeUndefined();
  });

  it("an idle session reaches its transcript, and its next turns are appended at the next idle", async () => {
    const { sessions, currency, row } = setup();
    const began = performance.now();
    currency.onEvent({ type: "session.idle", properties: { sessionID: SID } });
    // The hook only queues the work: the export has not started when it returns.
    expect(performance.now() - began).toBeLessThan(5);
    expect(await row()).toBeUndefined();
    await currency.settled();
    const first = await row();
    expect(first?.messageCount).toBe(2);
    sessions.set(SID, storedSession(3, SID));
    currency.onEvent({ type: "session.idle", properties: { sessionID: SID } });
    currency.onEvent({ type: "session.idle", properties: { sessionID: SID } });
    await currency.settled();
    const second = await row();
    expect(second?.messageCount).toBe(6);
    expect(second?.lines).toBeGreaterThan(first?.lines ?? 0);
  });

  it("an idle session OpenCode does not know is logged, never thrown", async () => {
    const { data, currency } = setup();
    currency.onEvent({ type: "session.idle", properties: { sessionID: "ses_currency0unknown" } });
    currency.onEvent({ type: "session.idle", properties: { sessionID: "../escape" } });
    await currency.settled();
    const warnings = data.log.lines.filter((l) => l.level === "warn").map((l) => l.message);
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatch(/is not a session id/);
  });

  it("a deleted session is marked orphaned and its transcript removed", async () => {
    const { data, sessions, transcripts, currency, row } = setup();
    const file = (await transcripts.export(SID)).path;
    sessions.delete(SID);
    currency.onEvent({ type: "session.deleted", properties: { sessionID: SID, info: { id: SID } } });
    await currency.settled();
    expect(await row()).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
    expect(data.log.lines.map((l) => l.message)).toEqual(
      expect.arrayContaining([
        `transcript ${SID}: OpenCode deleted the session; marked orphaned`,
        expect.stringMatching(new RegExp(`^transcript cleanup removed ${SID} .*OpenCode deleted this session`)),
      ]),
    );
  });

  it("with retention.keepDeleted the transcript stays, marked orphaned", async () => {
    const { transcripts, currency, row } = setup({ retention: { keepDeleted: true } });
    const file = (await transcripts.export(SID)).path;
    currency.onEvent({ type: "session.deleted", properties: { info: { id: SID } } });
    await currency.settled();
    expect((await row())?.orphanedAt).toEqual(expect.any(Number));
    expect(fs.existsSync(file)).toBe(true);
  });

  it("a deleted session without a transcript changes nothing", async () => {
    const { data, currency } = setup();
    currency.onEvent({ type: "session.deleted", properties: { sessionID: SID } });
    await currency.settled();
    expect(data.log.lines).toEqual([]);
  });
});
