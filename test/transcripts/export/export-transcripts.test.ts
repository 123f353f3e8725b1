/**
 * Several sessions exported in one store transaction (the backfill's way): each is written as alone, in the order
 * asked; one that fails, in the host or in the store, is undone alone and reported, and the others land; a transcript
 * left behind its index until `keepDerived` brings the sketch and the index up.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listTranscripts, loadLineIndex } from "../../../src/transcripts/catalog.js";
import {
  type ExportRequest,
  type ExportResult,
  exportTranscript,
  exportTranscripts,
} from "../../../src/transcripts/export/export-transcript.js";
import { keepDerived } from "../../../src/transcripts/export/keep-derived.js";
import { sketchPathOf } from "../../../src/transcripts/sketch/file.js";
import { createMemorySource } from "../../../src/transcripts/source/export-file-source.js";
import type { SessionSource } from "../../../src/transcripts/source/session-source.js";
import { type SessionBuilder, syntheticSession } from "../../helpers/synthetic-session.js";
import { readTranscript, type TestDataContext, testDataContext } from "../../helpers/transcripts.js";

const SCOPE = "/projects/batch";

const sessions = (n: number) =>
  Array.from({ length: n }, (_, i) => syntheticSession(2 + i, `ses_batch${String(i).padStart(8, "0")}`));

const requests = (data: TestDataContext, source: SessionSource, builders: readonly SessionBuilder[]) =>
  builders.map((b): ExportRequest => ({ data, source, sessionID: b.sessionID, scope: SCOPE }));

const rows = (data: TestDataContext) => data.database.read((db) => listTranscripts(db), []);

const asResult = (outcome: ExportResult | Error | undefined): ExportResult => {
  if (!outcome || outcome instanceof Error) throw new Error(`not exported: ${outcome?.message}`);
  return outcome;
};

describe("exportTranscripts", () => {
  it("writes each session as one export alone would, and answers in the order asked", async () => {
    const builders = sessions(3);
    const batch = testDataContext();
    const alone = testDataContext();
    const source = createMemorySource(builders.map((b) => b.data));
    const asked = requests(batch, source, builders).reverse();
    const outcomes = await exportTranscripts(asked);
    expect(outcomes.map((o) => asResult(o).sessionID)).toEqual(asked.map((r) => r.sessionID));
    for (const builder of builders) {
      const single = await exportTranscript({ data: alone, source, sessionID: builder.sessionID, scope: SCOPE });
      const batched = asResult(outcomes.find((o) => asResult(o).sessionID === builder.sessionID));
      expect(fs.readFileSync(batched.path, "utf8")).toBe(fs.readFileSync(single.path, "utf8"));
      expect(batched).toMatchObject({ firstLine: 1, totalLines: single.totalLines, messageCount: single.messageCount });
      expect(batched.lines.message(builder.data.messages[0]?.info.id ?? "")).toBe(
        single.lines.message(builder.data.messages[0]?.info.id ?? ""),
      );
    }
    const stored = await rows(batch);
    expect(stored.map((r) => r.sessionId).sort()).toEqual(builders.map((b) => b.sessionID).sort());
    // Newest asked first is written first.
    expect([...stored].sort((a, b) => a.createdAt - b.createdAt).map((r) => r.sessionId)).toEqual(
      asked.map((r) => r.sessionID),
    );
  });

  it("a transcript's line index is the store's, whether it was written from its first line or appended to", async () => {
    const [one] = sessions(1) as [SessionBuilder];
    const data = testDataContext();
    const source = createMemorySource([one.data]);
    const agree = async (result: ExportResult) => {
      const stored = await data.database.read((_, c) => loadLineIndex(c, one.sessionID), undefined);
      const messages = one.data.messages;
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) {
        expect(result.lines.message(message.info.id)).toBe(stored?.message(message.info.id));
        expect(result.lines.message(message.info.id)).toBeGreaterThan(0);
        for (const part of message.parts) expect(result.lines.part(part.id)).toBe(stored?.part(part.id));
      }
      expect(result.lines.part("prt_not_written")).toBeUndefined();
    };
    await agree(asResult((await exportTranscripts(requests(data, source, [one])))[0]));
    one.turn(5);
    await agree(asResult((await exportTranscripts(requests(data, source, [one])))[0]));
  });

  it("a session the host fails to give is reported, and the others are exported", async () => {
    const builders = sessions(3);
    const data = testDataContext();
    const memory = createMemorySource(builders.map((b) => b.data));
    const broken = builders[1]?.sessionID;
    const source: SessionSource = {
      session: memory.session,
      messages: async (id) => {
        if (id === broken) throw new Error("the host went away");
        return memory.messages(id);
      },
    };
    const outcomes = await exportTranscripts([
      ...requests(data, source, builders),
      { data, source, sessionID: "ses_notinthehost00", scope: SCOPE },
    ]);
    expect(outcomes.map((o) => (o instanceof Error ? o.message : "exported"))).toEqual([
      "exported",
      "the host went away",
      "exported",
      expect.stringMatching(/ses_notinthehost00.*OpenCode does not have it/),
    ]);
    expect((await rows(data)).map((r) => r.sessionId).sort()).toEqual(
      [builders[0]?.sessionID, builders[2]?.sessionID].sort(),
    );
  });

  it("a session whose store write fails is undone alone; its next export is whole and numbered", async () => {
    const builders = sessions(3);
    const data = testDataContext();
    const source = createMemorySource(builders.map((b) => b.data));
    const [first, victim, third] = builders as [SessionBuilder, SessionBuilder, SessionBuilder];
    await exportTranscript({ data, source, sessionID: first.sessionID, scope: SCOPE });
    const folder = path.dirname(asResult((await exportTranscripts(requests(data, source, [first])))[0]).path);
    // A folder where the victim's transcript goes: its append fails inside the store transaction.
    const blocked = path.join(folder, `${victim.sessionID}.md`);
    fs.mkdirSync(blocked);
    first.turn(10);
    const outcomes = await exportTranscripts(requests(data, source, builders));
    expect(outcomes[1]).toBeInstanceOf(Error);
    expect(asResult(outcomes[0]).appendedLines).toBeGreaterThan(0);
    expect(asResult(outcomes[2]).firstLine).toBe(1);
    const stored = await rows(data);
    expect(stored.map((r) => r.sessionId).sort()).toEqual([first.sessionID, third.sessionID].sort());
    fs.rmdirSync(blocked);
    const again = asResult((await exportTranscripts(requests(data, source, [victim])))[0]);
    const lines = readTranscript(again.path);
    expect(lines.map((l) => l.number)).toEqual(lines.map((_, i) => i + 1));
    expect(again.totalLines).toBe(lines.length);
  });

  it("a store that cannot grow fails the sessions it could not hold with its own error; with room, all complete", async () => {
    // The other two sessions of 300 messages need more than the free pages the first one leaves.
    const builders = [
      sessions(1)[0] as SessionBuilder,
      syntheticSession(150, "ses_batchbig00001"),
      syntheticSession(150, "ses_batchbig00002"),
    ];
    const data = testDataContext();
    const source = createMemorySource(builders.map((b) => b.data));
    const [first] = builders as [SessionBuilder];
    await exportTranscript({ data, source, sessionID: first.sessionID, scope: SCOPE });
    const connection = await data.database.raw();
    const pages = connection.get<{ page_count: number }>("PRAGMA page_count")?.page_count ?? 0;
    // The store file may not grow: not all that the other two sessions' rows need fits in its free pages.
    connection.exec(`PRAGMA max_page_count = ${pages}`);
    const full = await exportTranscripts(requests(data, source, builders));
    // What fitted landed; a session whose rows did not fit failed with the store's own words, and has no row.
    const failed = builders.filter((_, i) => full[i] instanceof Error).map((b) => b.sessionID);
    expect(failed.length).toBeGreaterThan(0);
    for (const outcome of full)
      if (outcome instanceof Error) expect(outcome.message).toMatch(/database or disk is full/);
    const landed = (await rows(data)).map((r) => r.sessionId);
    expect(landed.sort()).toEqual(
      builders
        .map((b) => b.sessionID)
        .filter((id) => !failed.includes(id))
        .sort(),
    );
    connection.exec("PRAGMA max_page_count = 1073741823");
    const roomy = await exportTranscripts(requests(data, source, builders));
    for (const outcome of roomy) {
      const result = asResult(outcome);
      const lines = readTranscript(result.path);
      expect(lines.map((l) => l.number)).toEqual(lines.map((_, i) => i + 1));
      expect(lines.filter((l) => l.text.startsWith("## ")).length).toBe(result.messageCount);
    }
    expect((await rows(data)).length).toBe(3);
  }, 60_000);

  it("refuses the same session twice, or two data contexts, in one call, before writing anything", async () => {
    const [one] = sessions(1) as [SessionBuilder];
    const data = testDataContext();
    const other = testDataContext();
    const source = createMemorySource([one.data]);
    const [request] = requests(data, source, [one]) as [ExportRequest];
    await expect(exportTranscripts([request, { ...request }])).rejects.toThrow(/each session once per call/);
    await expect(
      exportTranscripts([request, { ...request, data: other, sessionID: "ses_other0000000" }]),
    ).rejects.toThrow(/one data context per call/);
    expect(await rows(data)).toEqual([]);
    expect(await exportTranscripts([])).toEqual([]);
  });

  it("derived later: no sketch and no index until keepDerived brings both up", async () => {
    const [one] = sessions(1) as [SessionBuilder];
    const data = testDataContext();
    const source = createMemorySource([one.data]);
    const [outcome] = await exportTranscripts([
      { data, source, sessionID: one.sessionID, scope: SCOPE, derived: "later" },
    ]);
    const result = asResult(outcome);
    expect(fs.existsSync(sketchPathOf(result.path))).toBe(false);
    expect((await data.searchIndex.coveredBytes())?.get(one.sessionID)).toBeUndefined();
    await keepDerived(data, result);
    expect(fs.existsSync(sketchPathOf(result.path))).toBe(true);
    expect((await data.searchIndex.coveredBytes())?.get(one.sessionID)).toBe(fs.statSync(result.path).size);
  });
});
