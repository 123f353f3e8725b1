/**
 * `kill -9` in the middle of an export: a real process (Bun, the plugin's runtime) appending megabytes to a
 * transcript is killed at several points: the moment the file starts to grow (inside the write), and at delays that
 * land before, during and after the append. Every next export repairs what was left; at the end no line is lost or
 * written twice (the text equals one clean export of the whole session), the numbers run 1..N, every repair is
 * recorded in the file and in the index, and the store is intact.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getTranscript } from "../../../src/transcripts/catalog.js";
import { exportTranscript } from "../../../src/transcripts/export/export-transcript.js";
import { createMemorySource } from "../../../src/transcripts/source/export-file-source.js";
import { REPO_ROOT, spawnBun } from "../../helpers/runtime-child.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { readTranscript, testDataContext } from "../../helpers/transcripts.js";

const WORKER = path.join(REPO_ROOT, "test", "helpers", "export-once.ts");
const SESSION = "ses_killedkilled0001";
const INLINE = 10_000_000;
/** Bytes of tool output each round adds: one append of several megabytes, so a kill can land inside it. */
const ROUND_OUTPUT = 6_000_000;
const ROUNDS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pause = new Int32Array(new SharedArrayBuffer(4));

/** When each round's export is killed: as the file grows, after a delay in ms from its start, or never. */
type Trigger = "on growth" | "finish" | number;
const SCHEDULE: Trigger[] = ["on growth", 0, "on growth", "finish", "on growth", 150, "on growth", "finish"];

type Point =
  | "before the append"
  | "inside the repair"
  | "inside the append"
  | "after the append, before the index"
  | "after the index";

function grow(session: SessionBuilder, round: number): void {
  session.user(`Round ${round}: run the long job and show its output.`);
  const output = `round ${round} output line of the long job, with enough text to be realistic\n`.repeat(
    ROUND_OUTPUT / 80,
  );
  session.assistant((b) => {
    b.step();
    b.tool("bash", { command: `long-job --round ${round}` }, output);
    b.text(`Round ${round} done.`);
    b.finish();
  });
}

describe("kill -9 during an export", () => {
  it("at several points: the next export repairs it, nothing lost or doubled, every repair recorded", async () => {
    const data = testDataContext({ compaction: { inlineOutputMaxBytes: INLINE } });
    const dir = tempDir();
    const sessionFile = path.join(dir, "session.json");
    const session = new SessionBuilder(SESSION, "Killed exports", "/projects/killed");
    const points: Point[] = [];
    let file: string | undefined;
    const indexRow = async () => {
      const row = await data.database.read((_, c) => getTranscript(c, SESSION), undefined);
      data.database.close();
      return row;
    };

    for (let round = 0; round < ROUNDS; round++) {
      grow(session, round);
      fs.writeFileSync(sessionFile, JSON.stringify(session.data));
      const before = await indexRow();
      const sizeBefore = file && fs.existsSync(file) ? fs.statSync(file).size : 0;
      const worker = spawnBun(WORKER, [data.options.dataDir, sessionFile, SESSION, String(INLINE)]);
      await worker.waitFor("started");
      const when = SCHEDULE[round % SCHEDULE.length] as Trigger;
      if (when === "on growth") {
        // Kill the moment the transcript starts to grow: inside the write of several megabytes.
        const deadline = Date.now() + 30_000;
        for (;;) {
          const found = file ?? findTranscript(data.transcriptsDir);
          const size = found && fs.existsSync(found) ? fs.statSync(found).size : 0;
          if (size > sizeBefore || Date.now() > deadline) break;
          Atomics.wait(pause, 0, 0, 0.2);
        }
        worker.child.kill("SIGKILL");
      } else if (when === "finish") {
        await worker.waitFor("exported", 60_000);
      } else {
        await sleep(when);
        worker.child.kill("SIGKILL");
      }
      await worker.exited;
      file ??= findTranscript(data.transcriptsDir);
      const after = await indexRow();
      const size = file && fs.existsSync(file) ? fs.statSync(file).size : 0;
      const endsWithNewline = size === 0 || lastByte(file as string) === 0x0a;
      if (after && after.exportedAt !== before?.exportedAt) points.push("after the index");
      else if (size === sizeBefore) points.push("before the append");
      else if (size < sizeBefore) points.push("inside the repair");
      else if (!endsWithNewline) points.push("inside the append");
      else points.push("after the append, before the index");
    }

    // The next export finds what the last kill left and repairs it.
    const final = await exportTranscript({
      data,
      source: createMemorySource([session.data]),
      sessionID: SESSION,
      scope: "/projects/killed",
    });
    const lines = readTranscript(final.path);
    expect(lines.map((l) => l.number)).toEqual(lines.map((_, i) => i + 1));
    const notes = lines.filter((l) => l.text.startsWith("[note] repair:"));
    const clean = await exportTranscript({
      data: testDataContext({ compaction: { inlineOutputMaxBytes: INLINE } }),
      source: createMemorySource([session.data]),
      sessionID: SESSION,
      scope: "/projects/killed",
    });
    // Nothing lost, nothing twice: the text is one clean export's, with the repair notes where repairs happened.
    expect(
      difference(
        lines.filter((l) => !l.text.startsWith("[note] repair:")).map((l) => l.text),
        readTranscript(clean.path).map((l) => l.text),
      ),
    ).toBe("none");
    for (const note of notes) expect(note.text).toMatch(/nothing written twice$/);
    const row = await data.database.read((_, c) => getTranscript(c, SESSION), undefined);
    expect(row?.repairs).toBe(notes.length);
    expect(row?.lines).toBe(lines.length);
    expect(row?.bytes).toBe(fs.statSync(final.path).size);
    const raw = await data.database.raw();
    expect(raw.get<{ integrity_check: string }>("PRAGMA integrity_check")?.integrity_check).toBe("ok");

    // Each export that committed after finding damage recorded one repair (a repair killed before its commit is
    // redone, with what the next kill added, by the next one).
    const damaged = points.filter((p) => p === "inside the append" || p === "after the append, before the index");
    expect(notes.length).toBeGreaterThanOrEqual(damaged.length > 0 ? 2 : 0);
    // The kills landed inside the append, and exports that finished repaired what the kills before them left.
    expect(points).toContain("inside the append");
    expect(points).toContain("after the index");
    console.log(
      `[figures] kill -9 over ${ROUNDS} rounds of ${ROUND_OUTPUT / 1e6} MB appends: ${summarise(points)}; ${notes.length} repairs recorded, ${lines.length} lines, ${(fs.statSync(final.path).size / 1e6).toFixed(1)} MB`,
    );
  }, 600_000);
});

/** Where two long lists of lines first differ, said briefly (a diff of 600,000 lines would take minutes). */
function difference(actual: readonly string[], expected: readonly string[]): string {
  const n = Math.max(actual.length, expected.length);
  for (let i = 0; i < n; i++) {
    if (actual[i] !== expected[i]) {
      const show = (line: string | undefined) => JSON.stringify(line?.slice(0, 100));
      return `line ${i + 1} of ${actual.length} (clean: ${expected.length}): ${show(actual[i])}, clean ${show(expected[i])}`;
    }
  }
  return "none";
}

function findTranscript(dir: string): string | undefined {
  if (!fs.existsSync(dir)) return undefined;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name === `${SESSION}.md`) return path.join(entry.parentPath, entry.name);
  }
  return undefined;
}

function lastByte(file: string): number {
  const fd = fs.openSync(file, "r");
  try {
    const one = Buffer.alloc(1);
    fs.readSync(fd, one, 0, 1, fs.fstatSync(fd).size - 1);
    return one[0] as number;
  } finally {
    fs.closeSync(fd);
  }
}

function summarise(points: readonly Point[]): string {
  const counts = new Map<Point, number>();
  for (const p of points) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].map(([p, n]) => `${n}× ${p}`).join(", ");
}
