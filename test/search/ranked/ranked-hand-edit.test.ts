/**
 * A transcript from which a line was removed by hand (SECURITY.md: how to take a pasted secret out), then grown by the
 * real exporter: ranked search finds what stands below the edit and what was appended after it, in this process and in
 * a fresh one, and doctor's look at the index finds it whole.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { ExportResult } from "../../../src/transcripts/export/export-transcript.js";
import { inspectIndex } from "../../../src/transcripts/index/index-maintenance.js";
import { exportAll, PROJECT } from "../../helpers/indexed-sessions.js";
import { searchOver } from "../../helpers/search-over.js";
import { type SessionBuilder, syntheticSession } from "../../helpers/synthetic-session.js";
import { type TestDataContext, testDataContext } from "../../helpers/transcripts.js";

const SECRET = "sk-live-PASTEDSECRET0123456789";

const exportNow = async (data: TestDataContext, builder: SessionBuilder) =>
  (await exportAll(data, [builder.data]))[0] as ExportResult;

/** Removes the lines `drop` selects and saves the file, as an editor does. */
function removeLines(file: string, drop: (line: string) => boolean): void {
  const lines = fs.readFileSync(file, "utf8").slice(0, -1).split("\n");
  const kept = lines.filter((line) => !drop(line));
  expect(kept.length).toBeLessThan(lines.length);
  fs.writeFileSync(file, `${kept.join("\n")}\n`);
}

async function exported() {
  const data = testDataContext();
  const session = syntheticSession(2, "ses_handrank000001", 400);
  session.user(`here is my key:\n${SECRET}\nplease use it`);
  session.user("the quokka ledger migration below the secret");
  session.turn(3, 400);
  const first = await exportNow(data, session);
  return { data, session, file: first.path };
}

const ranked = async (data: TestDataContext, query: string) => {
  const result = await searchOver(data)({ query, mode: "ranked", scope: PROJECT });
  return { text: result.text, lines: (result.ranked?.hits ?? []).flatMap((h) => h.lines.map((l) => l.text)) };
};

describe("ranked search after a hand edit removed a line", () => {
  it("finds the lines below the edit and a message appended after it, in a fresh process too", async () => {
    const { data, session, file } = await exported();
    expect((await ranked(data, "quokka migration")).lines.join("\n")).toContain("quokka ledger migration");

    removeLines(file, (line) => line.endsWith(`\t${SECRET}`));
    session.user("the wombat archive rotation after the edit");
    await exportNow(data, session);
    expect(fs.readFileSync(file, "utf8")).not.toContain(SECRET);

    for (let i = 0; i < 2; i++) {
      const below = await ranked(data, "quokka migration");
      expect(below.lines.join("\n")).toContain("quokka ledger migration");
      expect(below.text).not.toContain("changed since it was indexed");
      const appended = await ranked(data, "wombat rotation");
      expect(appended.lines.join("\n")).toContain("wombat archive rotation");
      expect(appended.text).not.toContain("changed since it was indexed");
    }
    const seen = await inspectIndex(data.options.dataDir, data.transcriptsDir);
    expect(seen).toMatchObject({ state: "ok", behind: 0, indexed: 1 });
  });

  it("a search between the edit and the next export indexes the edited file again and finds what is below it", async () => {
    const { data, session, file } = await exported();
    await ranked(data, "quokka migration");
    removeLines(file, (line) => line.endsWith(`\t${SECRET}`));
    const between = await ranked(data, "quokka migration");
    expect(between.lines.join("\n")).toContain("quokka ledger migration");
    expect(between.text).not.toContain("changed since it was indexed");

    session.user("the wombat archive rotation after the edit");
    await exportNow(data, session);
    const appended = await ranked(data, "wombat rotation quokka");
    expect(appended.lines.join("\n")).toContain("wombat archive rotation");
    expect(appended.lines.join("\n")).toContain("quokka ledger migration");
  });

  it("a line removed and the file kept as long is seen by the catch-up and by doctor, and indexed again", async () => {
    const { data, file } = await exported();
    await ranked(data, "quokka migration");
    // The secret's line removed and the last line made as much longer: the size stays, every line between moves.
    const text = fs.readFileSync(file, "utf8");
    const at = text.indexOf(`\t${SECRET}\n`);
    const lineStart = text.lastIndexOf("\n", at) + 1;
    const end = text.indexOf("\n", at + 1) + 1;
    const removed = text.slice(lineStart, end);
    const rest = text.slice(0, lineStart) + text.slice(end, -1);
    fs.writeFileSync(file, `${rest}${"x".repeat(Buffer.byteLength(removed))}\n`);
    expect(fs.statSync(file).size).toBe(Buffer.byteLength(text));
    const past = new Date(Date.now() + 5_000);
    fs.utimesSync(file, past, past);
    const seen = await inspectIndex(data.options.dataDir, data.transcriptsDir);
    expect(seen).toMatchObject({ state: "ok", behind: 1 });
    const found = await ranked(data, "quokka migration");
    expect(found.lines.join("\n")).toContain("quokka ledger migration");
    expect(found.text).not.toContain("changed since it was indexed");
    expect(await inspectIndex(data.options.dataDir, data.transcriptsDir)).toMatchObject({ state: "ok", behind: 0 });
  });
});
