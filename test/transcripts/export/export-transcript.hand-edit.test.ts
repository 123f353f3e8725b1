/**
 * Transcripts changed by hand (a pasted secret deleted, a tail cut, text appended in an editor) and then grown by the
 * real exporter: the edit is kept, no number is written twice, the note says what was found and nothing else, and
 * the search sketch and index describe the file as it now is.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { ExportResult } from "../../../src/transcripts/export/export-transcript.js";
import { rebuildIndex } from "../../../src/transcripts/index/index-maintenance.js";
import { readSketch } from "../../../src/transcripts/sketch/file.js";
import { dumpIndex } from "../../helpers/index-rows.js";
import { exportAll } from "../../helpers/indexed-sessions.js";
import { addTextPart, type SessionBuilder, syntheticSession } from "../../helpers/synthetic-session.js";
import { type TestDataContext, testDataContext } from "../../helpers/transcripts.js";

const SECRET = "sk-live-PASTEDSECRET0123456789";

/** One export of the session as it now is, through the real exporter. */
const exportNow = async (data: TestDataContext, builder: SessionBuilder) =>
  (await exportAll(data, [builder.data]))[0] as ExportResult;

/** Every line of the file as its written number (undefined for a line without one) and its text. */
function linesOf(file: string): { number: number | undefined; text: string }[] {
  const raw = fs.readFileSync(file, "utf8");
  expect(raw.endsWith("\n")).toBe(true);
  return raw
    .slice(0, -1)
    .split("\n")
    .map((line) => {
      const match = /^ *(\d+)\t(.*)$/s.exec(line);
      return match ? { number: Number(match[1]), text: match[2] as string } : { number: undefined, text: line };
    });
}

/** No number is written twice, and the numbers only grow. */
function expectNoRepeats(file: string): number[] {
  const numbers = linesOf(file).flatMap((l) => (l.number === undefined ? [] : [l.number]));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  expect(new Set(numbers).size).toBe(numbers.length);
  return numbers;
}

const handNotes = (file: string) =>
  linesOf(file).filter((l) => l.text.startsWith("[note] the file was changed outside opencode-ledger"));

/** A session with a secret in its third turn, exported once. */
async function exportedWithSecret() {
  const data = testDataContext();
  const session = syntheticSession(2, "ses_handedit000001", 400);
  session.user(`here is my key:\n${SECRET}\nplease use it`);
  session.turn(3, 400);
  const first = await exportNow(data, session);
  return { data, session, first, file: first.path };
}

/** Rewrites the file with the lines `keep` selects, as an editor saving it would. */
function rewrite(file: string, keep: (line: string) => boolean): void {
  const text = fs.readFileSync(file, "utf8");
  const lines = text.slice(0, -1).split("\n").filter(keep);
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
}

describe("a transcript changed by hand, then grown by the exporter", () => {
  it("two lines deleted: kept deleted, numbering goes on past them, the note names them, no number twice", async () => {
    const { data, session, first, file } = await exportedWithSecret();
    const before = linesOf(file);
    const secretAt = before.findIndex((l) => l.text === SECRET);
    const removed = [before[secretAt]?.number, before[secretAt + 1]?.number] as number[];
    rewrite(file, (line) => !line.endsWith(`\t${SECRET}`) && !line.endsWith("\tplease use it"));
    const edited = fs.readFileSync(file, "utf8");

    session.turn(4, 400);
    const second = await exportNow(data, session);
    const after = fs.readFileSync(file, "utf8");
    expect(after.startsWith(edited)).toBe(true);
    expect(after).not.toContain(SECRET);
    const numbers = expectNoRepeats(file);
    const notes = handNotes(file);
    expect(notes).toHaveLength(1);
    const note = notes[0] as { number: number; text: string };
    expect(note.number).toBe(first.totalLines + 1);
    expect(note.text).toBe(
      `[note] the file was changed outside opencode-ledger (lines ${removed[0]}-${removed[1]} were removed); it is kept as it is, nothing in it is written again, and numbering continues from ${first.totalLines + 1}`,
    );
    // What the session added is written after the note, numbered on from it; the store knows the last number.
    expect(second).toMatchObject({ handEdited: true, repaired: true, firstLine: first.totalLines + 1 });
    expect(second.lastLine).toBe(numbers.at(-1));
    expect(after).toContain("Request 4: please check the build");
    // Every number a note names (the one it continues from) is a line of the file.
    expect(numbers).toContain(first.totalLines + 1);

    // The next export appends as usual: the edit was taken in.
    session.turn(5, 400);
    const third = await exportNow(data, session);
    expect(third).toMatchObject({ handEdited: false, repaired: false, firstLine: second.lastLine + 1 });
    expect(handNotes(file)).toHaveLength(1);
    expectNoRepeats(file);
  });

  it("two lines deleted: the sketch and the search index describe the file as it is now", async () => {
    const { data, session, file } = await exportedWithSecret();
    rewrite(file, (line) => !line.endsWith(`\t${SECRET}`) && !line.endsWith("\tplease use it"));
    session.turn(4, 400);
    await exportNow(data, session);
    const sketch = readSketch(file);
    if ("unusable" in sketch) throw new Error(sketch.unusable);
    expect(sketch.sketch.coveredBytes).toBe(fs.statSync(file).size);
    expect(sketch.sketch.coveredLines).toBe(linesOf(file).length);
    data.searchIndex.close();
    const grown = await dumpIndex(data.options.dataDir);
    expect(grown.sessions).toEqual([
      { session_id: session.sessionID, lines: linesOf(file).length, bytes: fs.statSync(file).size },
    ]);
    // The same rows as an index made from the files alone.
    await rebuildIndex(data.options.dataDir, data.transcriptsDir);
    expect(await dumpIndex(data.options.dataDir)).toEqual(grown);
  });

  it("a line's text edited in place (same line count): kept, said so, numbering goes on", async () => {
    const { data, session, first, file } = await exportedWithSecret();
    const text = fs.readFileSync(file, "utf8");
    fs.writeFileSync(file, text.replace(`\t${SECRET}\n`, "\t[removed by hand]\n"));
    session.turn(4, 400);
    await exportNow(data, session);
    expect(fs.readFileSync(file, "utf8")).toContain("\t[removed by hand]\n");
    expect(fs.readFileSync(file, "utf8")).not.toContain(SECRET);
    expectNoRepeats(file);
    expect(handNotes(file).map((n) => n.text)).toEqual([
      `[note] the file was changed outside opencode-ledger (the text of lines it had was changed in place; every number is still there); it is kept as it is, nothing in it is written again, and numbering continues from ${first.totalLines + 1}`,
    ]);
  });

  it("a change of the same length in the last bytes is seen by the tail hash", async () => {
    const { data, session, first, file } = await exportedWithSecret();
    const bytes = fs.readFileSync(file);
    bytes.fill("x".charCodeAt(0), bytes.length - 20, bytes.length - 10);
    fs.writeFileSync(file, bytes);
    session.turn(4, 400);
    await exportNow(data, session);
    expectNoRepeats(file);
    expect(handNotes(file).map((n) => n.number)).toEqual([first.totalLines + 1]);
  });

  it("the tail cut inside a line: what is left is kept and ended, the cut lines named, none written again", async () => {
    const { data, session, first, file } = await exportedWithSecret();
    const lines = linesOf(file);
    // Cut inside the text of the last line of 20 characters or more, three lines or more before the end.
    const at = lines.findLastIndex((l, i) => i < lines.length - 3 && l.text.length >= 20);
    const kept = lines[at] as { number: number; text: string };
    const before = lines
      .slice(0, at)
      .reduce((sum, l) => sum + Buffer.byteLength(`${String(l.number).padStart(6)}\t${l.text}\n`), 0);
    fs.truncateSync(file, before + 7 + 10);
    const left = fs.readFileSync(file, "utf8");
    session.turn(4, 400);
    await exportNow(data, session);
    const after = fs.readFileSync(file, "utf8");
    expect(after.startsWith(`${left}\n`)).toBe(true);
    expectNoRepeats(file);
    const [note] = handNotes(file);
    expect(note?.text).toBe(
      `[note] the file was changed outside opencode-ledger (lines ${kept.number + 1}-${first.totalLines} were removed; its last line had no line end, and one was added); it is kept as it is, nothing in it is written again, and numbering continues from ${first.totalLines + 1}`,
    );
    expect(note?.number).toBe(first.totalLines + 1);
  });

  it("garbage appended by hand, with and without a line end: kept as it is, not called an interrupted export", async () => {
    const { data, session, first, file } = await exportedWithSecret();
    fs.appendFileSync(file, "my own remark\nanother one without an end");
    session.turn(4, 400);
    const second = await exportNow(data, session);
    const after = fs.readFileSync(file, "utf8");
    expect(after).toContain("\nmy own remark\nanother one without an end\n");
    expect(after).not.toContain("interrupted");
    expectNoRepeats(file);
    expect(handNotes(file).map((n) => n.text)).toEqual([
      `[note] the file was changed outside opencode-ledger (2 lines without a number of their own were added; its last line had no line end, and one was added); it is kept as it is, nothing in it is written again, and numbering continues from ${first.totalLines + 1}`,
    ]);
    expect(second.lastLine).toBeGreaterThan(first.totalLines + 1);
  });

  it("a line appended by hand with a number the exporter would use next: numbering goes past it", async () => {
    const { data, session, first, file } = await exportedWithSecret();
    const next = first.totalLines + 1;
    fs.appendFileSync(
      file,
      `${String(next).padStart(6)}\tnot written by an export\n${String(next + 5).padStart(6)}\tnor this\n`,
    );
    session.turn(4, 400);
    await exportNow(data, session);
    expectNoRepeats(file);
    expect(handNotes(file).map((n) => n.number)).toEqual([next + 6]);
    expect(handNotes(file)[0]?.text).toContain("(2 lines numbered past what was recorded were found)");
  });

  it("a message header deleted by hand: later notes and the line index never name that number", async () => {
    const { data, session, first, file } = await exportedWithSecret();
    const earlier = session.data.messages[1];
    const other = session.data.messages[2];
    const id = earlier?.info.id ?? "";
    const header = first.lines.message(id) as number;
    const otherHeader = first.lines.message(other?.info.id ?? "") as number;
    expect(header).toBeGreaterThan(0);
    rewrite(file, (line) => !line.includes(`\t## `) || !line.includes(id));
    // The session changes both messages: one gains a part, the other is removed from it.
    addTextPart(earlier, "prt_zzzzhand0001", "Later.");
    session.data.messages.splice(2, 1);
    const second = await exportNow(data, session);
    expectNoRepeats(file);
    const notes = linesOf(file)
      .slice(-6)
      .map((l) => l.text)
      .filter((t) => t.startsWith("[note]"));
    expect(notes).toEqual([
      `[note] the file was changed outside opencode-ledger (line ${header} was removed); it is kept as it is, nothing in it is written again, and numbering continues from ${first.totalLines + 1}`,
      `[note] text part prt_zzzzhand0001 added later to message ${id} (its header was on a line since removed from the file by hand):`,
      `[note] message ${other?.info.id} (written at line ${otherHeader}) was removed from the session (deleted, or undone by a revert)`,
    ]);
    expect(second.lines.message(id)).toBeUndefined();
    expect(second.lines.part("prt_zzzzhand0001")).toBeGreaterThan(first.totalLines);
  });
});
