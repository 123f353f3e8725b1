import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { exportTranscript } from "../../../src/transcripts/export/export-transcript.js";
import { sweepTranscripts } from "../../../src/transcripts/retention/retention.js";
import { encodeSketch } from "../../../src/transcripts/sketch/codec.js";
import { readSketch, sketchPathOf, writeSketch } from "../../../src/transcripts/sketch/file.js";
import { SketchProbe } from "../../../src/transcripts/sketch/sketch.js";
import { refreshSketch } from "../../../src/transcripts/sketch/writer.js";
import { createMemorySource } from "../../../src/transcripts/source/export-file-source.js";
import { type SessionBuilder, syntheticSession } from "../../helpers/synthetic-session.js";
import { type TestDataContext, testDataContext } from "../../helpers/transcripts.js";

const SCOPE = "/projects/sketched";
const encoder = new TextEncoder();

function exportNow(data: TestDataContext, session: SessionBuilder) {
  return exportTranscript({
    data,
    source: createMemorySource([session.data]),
    sessionID: session.sessionID,
    scope: SCOPE,
  });
}

function sketchFor(transcript: string) {
  const read = readSketch(transcript);
  if ("unusable" in read) throw new Error(`sketch of ${transcript} is unusable: ${read.unusable}`);
  return read;
}

const may = (transcript: string, text: string) =>
  sketchFor(transcript).sketch.mayContain(SketchProbe.of([encoder.encode(text)]) as SketchProbe);

/** Sets the bits of `text` in the sketch without covering more bytes: only an update that ORs bits keeps them. */
function plantBits(transcript: string, text: string): void {
  const { sketch, ino } = sketchFor(transcript);
  const [bytes, lines] = [sketch.coveredBytes, sketch.coveredLines];
  const line = encoder.encode(`     1\t${text}\n`);
  sketch.addLines(line, 0, line.length);
  sketch.coveredBytes = bytes;
  sketch.coveredLines = lines;
  writeSketch(transcript, encodeSketch(sketch, ino));
}

const MARKER = "planted marker: orthogonal saxophones jubilate";

describe("the sketch written by the exporter", () => {
  it("is written 0600 on the first export and covers the whole transcript", async () => {
    const data = testDataContext();
    const session = syntheticSession(4);
    session.user("the deploy failed with ERR_LEDGER_SHARD_MISMATCH on node 7");
    const result = await exportNow(data, session);
    const sketch = sketchFor(result.path);
    expect(fs.statSync(sketchPathOf(result.path)).mode & 0o777).toBe(0o600);
    expect(sketch.sketch.coveredBytes).toBe(fs.statSync(result.path).size);
    expect(sketch.sketch.coveredLines).toBe(result.totalLines);
    expect(sketch.ino).toBe(fs.statSync(result.path).ino);
    expect(may(result.path, "err_ledger_shard_mismatch")).toBe(true);
    expect(fs.existsSync(`${sketchPathOf(result.path)}.tmp`)).toBe(false);
  });

  it("takes the appended lines in incrementally: bits already set stay, nothing is hashed twice", async () => {
    const data = testDataContext();
    const session = syntheticSession(3);
    const first = await exportNow(data, session);
    plantBits(first.path, MARKER);
    const before = sketchFor(first.path).sketch;
    const beforeBits = before.segments.map((s) => Uint8Array.from(s.bits));

    session.turn(3);
    session.user("append this: a kaleidoscope of ECONNABORTED");
    const second = await exportNow(data, session);
    expect(second.appendedLines).toBeGreaterThan(0);
    const after = sketchFor(second.path).sketch;
    expect(after.coveredBytes).toBe(fs.statSync(second.path).size);
    expect(may(second.path, "kaleidoscope of econnaborted")).toBe(true);
    // A rebuild from the transcript would have dropped the planted bits; an append only ORs new ones in.
    expect(may(second.path, MARKER)).toBe(true);
    for (const [i, bits] of beforeBits.entries()) {
      const now = after.segments[i]?.bits as Uint8Array;
      expect(after.segments[i]?.log2).toBe(before.segments[i]?.log2);
      expect(bits.every((b, j) => (b & (now[j] as number)) === b)).toBe(true);
    }
    // Nothing new: the sketch is left as it is.
    expect(refreshSketch(second.path)).toMatchObject({ written: false, added: 0 });
  });

  it("covers a repair note: a torn last line cut by the next export", async () => {
    const data = testDataContext();
    const session = syntheticSession(2);
    const first = await exportNow(data, session);
    fs.appendFileSync(first.path, `${String(first.totalLines + 1).padStart(6)}\ta line cut short by a cra`);
    session.turn(2);
    const second = await exportNow(data, session);
    expect(second.repaired).toBe(true);
    expect(sketchFor(second.path).sketch.coveredBytes).toBe(fs.statSync(second.path).size);
    expect(may(second.path, "cut a torn last line")).toBe(true);
    expect(may(second.path, "cut short by a cra")).toBe(false);
  });

  it("catches up with lines written past it (a crash between the append and the sketch, or an older version)", async () => {
    const data = testDataContext();
    const session = syntheticSession(2);
    const first = await exportNow(data, session);
    const covered = sketchFor(first.path).sketch.coveredBytes;
    fs.appendFileSync(first.path, "  9999\twritten by an older version: zanzibar quokka\n");
    expect(sketchFor(first.path).sketch.coveredBytes).toBe(covered);
    session.turn(2);
    const second = await exportNow(data, session);
    expect(sketchFor(second.path).sketch.coveredBytes).toBe(fs.statSync(second.path).size);
    expect(may(second.path, "zanzibar quokka")).toBe(true);
  });

  it("starts over for a transcript written again from its first line", async () => {
    const data = testDataContext();
    const session = syntheticSession(2);
    const first = await exportNow(data, session);
    plantBits(first.path, MARKER);
    fs.rmSync(first.path);
    const second = await exportNow(data, session);
    expect(second.repaired).toBe(true);
    expect(sketchFor(second.path).sketch.coveredBytes).toBe(fs.statSync(second.path).size);
    expect(may(second.path, MARKER)).toBe(false);
    expect(may(second.path, "the transcript file was missing")).toBe(true);
  });

  it("writes a damaged sketch again at the next export, and says so in the log", async () => {
    const data = testDataContext();
    const session = syntheticSession(2);
    const first = await exportNow(data, session);
    const file = sketchPathOf(first.path);
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 5] = (bytes[bytes.length - 5] as number) ^ 0x10;
    fs.writeFileSync(file, bytes);
    expect(readSketch(first.path)).toEqual({ unusable: "damaged bits" });
    await exportNow(data, session);
    expect(sketchFor(first.path).sketch.coveredBytes).toBe(fs.statSync(first.path).size);
    expect(
      data.log.lines.some(
        (l) => l.level === "warn" && l.message.includes("search sketch written again (damaged bits)"),
      ),
    ).toBe(true);
  });

  it("never fails an export: a sketch that cannot be written is logged, and the transcript is written", async () => {
    const data = testDataContext();
    const session = syntheticSession(2);
    const first = await exportNow(data, session);
    const covered = sketchFor(first.path).sketch.coveredBytes;
    fs.mkdirSync(`${sketchPathOf(first.path)}.tmp`);
    session.turn(2);
    const second = await exportNow(data, session);
    expect(second.appendedLines).toBeGreaterThan(0);
    expect(sketchFor(second.path).sketch.coveredBytes).toBe(covered);
    expect(data.log.lines.some((l) => l.level === "warn" && l.message.includes("search sketch not updated"))).toBe(
      true,
    );
  });

  it("is removed with its transcript by the retention sweep", async () => {
    const data = testDataContext();
    const session = syntheticSession(1, "ses_sketchsweep0001");
    const result = await exportNow(data, session);
    expect(fs.existsSync(sketchPathOf(result.path))).toBe(true);
    const report = await sweepTranscripts({
      data,
      source: createMemorySource([session.data]),
      scopes: undefined,
      rules: { retentionDays: 0, keepRecent: 0, maxSessions: 0, orphaned: false, sessionIDs: [session.sessionID] },
      apply: true,
    });
    expect(report.removed.map((r) => r.sessionID)).toEqual([session.sessionID]);
    expect(fs.existsSync(result.path)).toBe(false);
    expect(fs.existsSync(sketchPathOf(result.path))).toBe(false);
  });
});
