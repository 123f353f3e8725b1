import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../src/log.js";
import { createDataContext } from "../../../src/services.js";
import { transcripts } from "../../../src/store/schema.js";
import { saveUnits } from "../../../src/transcripts/catalog.js";
import { exportTranscript } from "../../../src/transcripts/export/export-transcript.js";
import { createMemorySource } from "../../../src/transcripts/source/export-file-source.js";
import { addTextPart, type SessionBuilder, syntheticSession } from "../../helpers/synthetic-session.js";
import { readTranscript, type TestDataContext, testDataContext } from "../../helpers/transcripts.js";

const SCOPE = "/projects/demo";

function exportNow(data: TestDataContext, builder: SessionBuilder) {
  return exportTranscript({
    data,
    source: createMemorySource([builder.data]),
    sessionID: builder.sessionID,
    scope: SCOPE,
  });
}

const texts = (file: string) => readTranscript(file).map((l) => l.text);
const notes = (file: string) => texts(file).filter((t) => t.startsWith("[note]"));
const expectNumbered = (file: string) => {
  const lines = readTranscript(file);
  expect(lines.map((l) => l.number)).toEqual(lines.map((_, i) => i + 1));
  return lines;
};

describe("append-only export", () => {
  it("appends only what is new; every old line keeps its number and its text", async () => {
    const data = testDataContext();
    const session = syntheticSession(3);
    const first = await exportNow(data, session);
    const before = fs.readFileSync(first.path, "utf8");
    expect(first).toMatchObject({ firstLine: 1, appendedLines: first.totalLines, messageCount: 6 });

    session.turn(3);
    session.user("One more thing:\nrename the module.");
    const second = await exportNow(data, session);
    const after = fs.readFileSync(second.path, "utf8");
    expect(after.startsWith(before)).toBe(true);
    expect(second.firstLine).toBe(first.totalLines + 1);
    expect(second.totalLines).toBe(first.totalLines + second.appendedLines);
    expect(second.lastUserRequest).toBe("One more thing:\nrename the module.");
    expect(second.messageCount).toBe(9);
    const lines = expectNumbered(second.path);
    const appended = lines.slice(first.totalLines).map((l) => l.text);
    expect(appended.filter((t) => t.startsWith("## "))).toHaveLength(3);
    expect(appended).toContain("rename the module.");
    expect(notes(second.path)).toEqual([]);

    const third = await exportNow(data, session);
    expect(third).toMatchObject({ appendedLines: 0, firstLine: second.totalLines + 1, lastLine: second.totalLines });
    expect(fs.readFileSync(third.path, "utf8")).toBe(after);
  });

  it("two writers on one store take turns without duplicating what the other appended", async () => {
    const a = testDataContext();
    const b = createDataContext(a.options, createMemoryLogger());
    const session = syntheticSession(2);
    await exportNow(a, session);
    session.turn(2);
    await exportNow(b as TestDataContext, session);
    session.turn(3);
    const last = await exportNow(a, session);
    const single = await exportNow(testDataContext(), session);
    expect(fs.readFileSync(last.path, "utf8")).toBe(fs.readFileSync(single.path, "utf8"));
  });

  it("appends a tool that completed after it was written as a note, and leaves the running one in place", async () => {
    const data = testDataContext();
    const session = syntheticSession(1);
    session.user("Run the tests");
    let call = undefined as ReturnType<SessionBuilder["assistant"]>["parts"][number] | undefined;
    const turn = session.assistant(
      (b) => {
        b.step();
        call = b.tool("bash", { command: "npm test" }, "", "running");
      },
      { completed: false },
    );
    const first = await exportNow(data, session);
    const before = fs.readFileSync(first.path, "utf8");
    expect(texts(first.path)).toContain(`[tool bash · running · ${(call as { callID: string }).callID} · "bash call"]`);

    const part = call as { state: unknown; callID: string };
    part.state = {
      status: "completed",
      input: { command: "npm test" },
      output: "12 passed\n0 failed",
      title: "bash call",
      metadata: {},
      time: { start: 1, end: 2 },
    };
    turn.info.time = { created: turn.info.time.created, completed: turn.info.time.created + 5 };
    const second = await exportNow(data, session);
    expect(fs.readFileSync(second.path, "utf8").startsWith(before)).toBe(true);
    const appended = texts(second.path).slice(first.totalLines);
    expect(appended[0]).toMatch(new RegExp(`^\\[note\\] tool call ${part.callID} .* changed; it now reads:$`));
    expect(appended).toEqual(
      expect.arrayContaining([`[tool bash · completed · ${part.callID} · "bash call"]`, "12 passed", "0 failed"]),
    );
    expect(await exportNow(data, session)).toMatchObject({ appendedLines: 0 });
  });

  it("notes a removed message, a removed part, a new title and a revert; never rewrites them", async () => {
    const data = testDataContext();
    const session = syntheticSession(3);
    const first = await exportNow(data, session);
    const before = fs.readFileSync(first.path, "utf8");
    const [removed] = session.data.messages.splice(2, 1);
    const trimmed = session.data.messages[3];
    const dropped = trimmed?.parts.pop();
    session.data.info.title = "Fix the build";
    session.data.info.revert = { messageID: session.data.messages[4]?.info.id ?? "" };

    const second = await exportNow(data, session);
    expect(fs.readFileSync(second.path, "utf8").startsWith(before)).toBe(true);
    const written = notes(second.path);
    expect(written).toHaveLength(4);
    expect(written.join("\n")).toContain("the session's title is now: Fix the build");
    expect(written.join("\n")).toContain(`reverted to message ${session.data.info.revert.messageID}`);
    expect(written.join("\n")).toContain(`part ${dropped?.id} of message ${trimmed?.info.id}`);
    expect(written.join("\n")).toContain(`message ${removed?.info.id} (written at line`);
    expect(await exportNow(data, session)).toMatchObject({ appendedLines: 0 });

    if (removed) session.data.messages.splice(2, 0, removed);
    session.data.info.revert = undefined;
    const third = await exportNow(data, session);
    const latest = notes(third.path).slice(4).join("\n");
    expect(latest).toContain(`message ${removed?.info.id} (first written at line`);
    expect(latest).toContain("revert was undone or committed");
  });

  it("continues the last written message plainly, and notes a part added to an earlier one", async () => {
    const data = testDataContext();
    const session = syntheticSession(2);
    const first = await exportNow(data, session);
    const last = session.data.messages.at(-1);
    addTextPart(last, "prt_zzzzlate0001", "Late words.");
    const second = await exportNow(data, session);
    expect(texts(second.path).slice(first.totalLines)).toEqual(["[text]", "Late words."]);

    const earlier = session.data.messages[1];
    addTextPart(earlier, "prt_zzzzlate0002", "Later.");
    const third = await exportNow(data, session);
    const appended = texts(third.path).slice(second.totalLines);
    expect(appended[0]).toMatch(
      /^\[note\] text part prt_zzzzlate0002 added later to message .* \(header at line \d+\):$/,
    );
    expect(appended.slice(1)).toEqual(["[text]", "Later."]);
  });

  it("drops message rows left without their transcript's row: the session is written whole and described anew", async () => {
    const data = testDataContext();
    const session = syntheticSession(2);
    const [message] = session.data.messages;
    const part = message?.parts[0];
    const stale = { messageId: message?.info.id ?? "", hash: "stale", line: 99 };
    await data.database.write((_, c) =>
      saveUnits(c, session.sessionID, { messages: [stale], parts: [{ ...stale, partId: part?.id ?? "" }] }, true),
    );
    const first = await exportNow(data, session);
    expect(notes(first.path)).toEqual([]);
    expect(texts(first.path).filter((t) => t.startsWith("## "))).toHaveLength(session.data.messages.length);
    expect(first.lines.message(stale.messageId)).not.toBe(99);
    expect(first.lines.part(part?.id ?? "")).not.toBe(99);
    expect(await exportNow(data, session)).toMatchObject({ appendedLines: 0 });
  });

  it("writes a session map of ours as one marker line, never its text", async () => {
    const data = testDataContext();
    const session = syntheticSession(1);
    const map = "[opencode-ledger] Session map of ses_x: SUMMARY-POINTER the transcript is at /x lines 1-40";
    session.assistant((b) => b.text(map), { summary: true });
    const result = await exportNow(data, session);
    const all = texts(result.path);
    expect(all.some((t) => t.includes("SUMMARY-POINTER"))).toBe(false);
    const marker = all.filter((t) => t.startsWith("## summary · "));
    expect(marker).toHaveLength(1);
    expect(marker[0]).toContain(`session map of ${map.length} chars, not copied`);
    expect(all.at(-1)).toBe(marker[0]);
  });

  it("copies a summary written by OpenCode's compaction model, marked as one", async () => {
    const data = testDataContext();
    const session = syntheticSession(1);
    const summary = "## Goal\nMODEL-SUMMARY-7781: the user wants the build fixed.\n## Next\nrun the tests";
    session.assistant((b) => b.text(summary), { summary: true });
    const result = await exportNow(data, session);
    const all = texts(result.path);
    const header = all.findIndex((t) => t.startsWith("## summary · "));
    expect(all[header]).toContain(`compaction summary written by OpenCode's model, ${summary.length} chars`);
    expect(all.slice(header + 1)).toEqual(["[text]", ...summary.split("\n")]);
  });

  it("a summary still being written is only its header; its text follows once it is done", async () => {
    const data = testDataContext();
    const session = syntheticSession(1);
    const message = session.assistant((b) => b.text("MODEL-SUMMARY-PARTIAL"), { summary: true, completed: false });
    const first = await exportNow(data, session);
    expect(texts(first.path).some((t) => t.includes("MODEL-SUMMARY-PARTIAL"))).toBe(false);
    expect(texts(first.path).at(-1)).toContain("compaction summary still being written");
    const info = message.info as { time: { created: number; completed?: number } };
    info.time.completed = info.time.created + 10;
    (message.parts[0] as { text: string }).text = "MODEL-SUMMARY-DONE and settled";
    const second = await exportNow(data, session);
    const added = texts(second.path).slice(first.totalLines);
    // The file still ends with that message's block, so its text follows the header directly.
    expect(added).toEqual(["[text]", "MODEL-SUMMARY-DONE and settled"]);
  });

  it("a session map of ours that was being written stays out once it is done", async () => {
    const data = testDataContext();
    const session = syntheticSession(1);
    const message = session.assistant((b) => b.text(""), { summary: true, completed: false });
    const first = await exportNow(data, session);
    const info = message.info as { time: { created: number; completed?: number } };
    info.time.completed = info.time.created + 10;
    (message.parts[0] as { text: string }).text = "[opencode-ledger] Session map of ses_x: MAP-TEXT-STAYS-OUT";
    const second = await exportNow(data, session);
    expect(second.totalLines).toBe(first.totalLines);
    expect(fs.readFileSync(second.path, "utf8")).not.toContain("MAP-TEXT-STAYS-OUT");
  });

  it("names attachments by name and type and never copies inline data", async () => {
    const data = testDataContext();
    const session = syntheticSession(0);
    const blob = `data:image/png;base64,${Buffer.alloc(3_000, 7).toString("base64")}`;
    session.user("Look at this", (messageID) => [
      {
        id: "prt_file00000001",
        sessionID: session.sessionID,
        messageID,
        type: "file",
        mime: "image/png",
        filename: "shot.png",
        url: blob,
      },
    ]);
    const result = await exportNow(data, session);
    const body = fs.readFileSync(result.path, "utf8");
    expect(body).not.toContain("base64,");
    expect(texts(result.path)).toContain(`[file shot.png · image/png · inline data, ${blob.length} chars, not copied]`);
  });
});

describe("repair", () => {
  async function exported() {
    const data = testDataContext();
    const session = syntheticSession(2);
    const first = await exportNow(data, session);
    return { data, session, first };
  }

  const row = async (data: TestDataContext) =>
    data.database.read((db) => db.select().from(transcripts).get(), undefined);

  /** The texts a clean export of the session writes: what a repaired transcript must hold, notes aside. */
  const cleanTexts = async (session: SessionBuilder) => texts((await exportNow(testDataContext(), session)).path);

  it("cuts a torn last line left by a crash, completes the export, and records the repair after it", async () => {
    const { data, session, first } = await exported();
    const intact = fs.readFileSync(first.path, "utf8");
    fs.appendFileSync(first.path, `${String(first.totalLines + 1).padStart(6)}\t[tool bash · comp`);
    session.turn(9);
    const second = await exportNow(data, session);
    expect(second.repaired).toBe(true);
    const body = fs.readFileSync(second.path, "utf8");
    expect(body.startsWith(intact)).toBe(true);
    expect(body).not.toContain("[tool bash · comp\n");
    const lines = expectNumbered(second.path);
    expect(lines.at(-1)?.text).toMatch(
      /^\[note\] repair: an export was interrupted \(a torn last line of \d+ bytes was cut\); it was completed above, nothing written twice$/,
    );
    expect(lines.slice(0, -1).map((l) => l.text)).toEqual(await cleanTexts(session));
    expect((await row(data))?.repairs).toBe(1);
    expect((await row(data))?.lines).toBe(lines.length);
    expect(data.log.lines.some((l) => l.level === "warn" && l.message.includes("torn"))).toBe(true);
    expect(await exportNow(data, session)).toMatchObject({ appendedLines: 0, repaired: false });
  });

  /** An export whose index update is lost (the store as it was before it, put back: a crash between the two). */
  async function lostExport() {
    const { data, session, first } = await exported();
    data.database.close();
    const store = data.database.file;
    const files = ["", "-wal", "-shm"].map((side) => store + side);
    const saved = files.map((f) => (fs.existsSync(f) ? fs.readFileSync(f) : undefined));
    session.turn(9);
    const lost = await exportNow(data, session);
    data.database.close();
    files.forEach((f, i) => {
      const bytes = saved[i];
      if (bytes) fs.writeFileSync(f, bytes);
      else fs.rmSync(f, { force: true });
    });
    return { data, session, first, lost };
  }

  it("keeps the lines of an export whose index update was lost when they match the session: nothing twice", async () => {
    const { data, session, first, lost } = await lostExport();
    session.turn(10);
    const second = await exportNow(data, session);
    expect(second).toMatchObject({ repaired: true, firstLine: first.totalLines + 1 });
    const lines = expectNumbered(second.path);
    expect(lines.at(-1)?.text).toBe(
      `[note] repair: an export was interrupted (lines ${first.totalLines + 1}-${lost.totalLines} were written but not recorded, and match the session: kept); it was completed above, nothing written twice`,
    );
    expect(lines.slice(0, -1).map((l) => l.text)).toEqual(await cleanTexts(session));
    for (const message of session.data.messages) {
      expect(lines.filter((l) => l.text.startsWith("## ") && l.text.includes(message.info.id))).toHaveLength(1);
    }
    expect((await row(data))?.repairs).toBe(1);
    expect(await exportNow(data, session)).toMatchObject({ appendedLines: 0 });
  });

  it("a resume whose index update was lost: its note is cut, what it completed kept, nothing twice", async () => {
    const { data, session, first } = await exported();
    // A torn line makes the next export a resume; its index update is then lost (killed after its note).
    fs.appendFileSync(first.path, `${String(first.totalLines + 1).padStart(6)}\t[tool bash · comp`);
    data.database.close();
    const files = ["", "-wal", "-shm"].map((side) => data.database.file + side);
    const saved = files.map((f) => (fs.existsSync(f) ? fs.readFileSync(f) : undefined));
    session.turn(9);
    const lost = await exportNow(data, session);
    expect(lost.repaired).toBe(true);
    data.database.close();
    files.forEach((f, i) => {
      const bytes = saved[i];
      if (bytes) fs.writeFileSync(f, bytes);
      else fs.rmSync(f, { force: true });
    });
    expect(notes(lost.path)).toHaveLength(1);

    session.turn(10);
    const second = await exportNow(data, session);
    expect(second).toMatchObject({ repaired: true, firstLine: first.totalLines + 1 });
    const lines = expectNumbered(second.path);
    expect(notes(second.path)).toEqual([
      `[note] repair: an export was interrupted (the note of an earlier resume that was never recorded was cut; lines ${first.totalLines + 1}-${lost.totalLines - 1} were written but not recorded, and match the session: kept); it was completed above, nothing written twice`,
    ]);
    expect(lines.slice(0, -1).map((l) => l.text)).toEqual(await cleanTexts(session));
    expect((await row(data))?.repairs).toBe(1);
    expect(await exportNow(data, session)).toMatchObject({ appendedLines: 0, repaired: false });
  });

  it("keeps lines of a lost export that no longer match the session, says so, and writes them again", async () => {
    const { data, session, first, lost } = await lostExport();
    // The session changed in between: the newest message reads differently now.
    const newest = session.data.messages.at(-1)?.parts.find((p) => p.type === "text");
    if (newest?.type === "text") newest.text = `${newest.text} (edited after the crash)`;
    else throw new Error("the synthetic turn ends without a text part");
    const second = await exportNow(data, session);
    const lines = expectNumbered(second.path);
    expect(lines[lost.totalLines]?.text).toBe(
      `[note] repair: lines ${first.totalLines + 1}-${lost.totalLines} were written by an export that was interrupted before it was recorded; they are kept, and what they hold is written again below`,
    );
    const newHeaders = session.data.messages.slice(-2).map((m) => m.info.id);
    for (const id of newHeaders) {
      expect(
        lines.filter((l) => l.text.startsWith("## ") && l.text.includes(id)).map((l) => l.number > lost.totalLines),
      ).toEqual([false, true]);
    }
    expect(texts(second.path).some((t) => t.includes("edited after the crash"))).toBe(true);
    expect((await row(data))?.repairs).toBe(1);
    expect(await exportNow(data, session)).toMatchObject({ appendedLines: 0 });
  });

  it("keeps a shortened file as it is (nothing written again) and writes a whole missing file again", async () => {
    const { data, session, first } = await exported();
    const keep = readTranscript(first.path).slice(0, 20);
    fs.writeFileSync(first.path, keep.map((l) => `${String(l.number).padStart(6)}\t${l.text}\n`).join(""));
    const second = await exportNow(data, session);
    const lines = readTranscript(second.path);
    expect(lines).toHaveLength(21);
    expect(lines[20]).toEqual({
      number: first.totalLines + 1,
      text: `[note] the file was changed outside opencode-ledger (lines 21-${first.totalLines} were removed); it is kept as it is, nothing in it is written again, and numbering continues from ${first.totalLines + 1}`,
    });

    fs.rmSync(second.path);
    const third = await exportNow(data, session);
    const again = expectNumbered(third.path);
    expect(again[0]?.text).toMatch(/^\[note\] repair: the transcript file was missing/);
    expect(again.filter((l) => l.text.startsWith("## "))).toHaveLength(4);
    expect((await row(data))?.repairs).toBe(2);
  });
});
