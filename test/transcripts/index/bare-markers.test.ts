/**
 * The bare marker lines of real transcripts (message headers, step notes), index format 5: in no unit and not in the
 * ranked search's table, their words kept for the literal and regex searches only; the transcript's own header and
 * the notes with words (a file named) stay units. A transcript indexed as it grows, line by line, holds what one
 * indexed whole holds; the index's running totals stay the sums of its sessions through every change.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { IndexConnection } from "../../../src/transcripts/index/index-connection.js";
import { rebuildIndex } from "../../../src/transcripts/index/index-maintenance.js";
import { SearchIndex } from "../../../src/transcripts/index/search-index.js";
import { isBareMarker } from "../../../src/transcripts/index/transcript-units.js";
import type { SessionExport } from "../../../src/transcripts/source/export-file-source.js";
import { readMarker } from "../../../src/transcripts/transcript-format.js";
import { dumpIndex, linesInNoUnit, totals } from "../../helpers/index-rows.js";
import { exportAll, indexedSessions, PROJECT, searchOver } from "../../helpers/indexed-sessions.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { cloneExport, corpusFile, readTranscript, testDataContext } from "../../helpers/transcripts.js";

const corpusSession = (name: string) => JSON.parse(fs.readFileSync(corpusFile(name), "utf8")) as SessionExport;

/** Whether FTS5 table `table` of the index holds `term` (folded and stemmed as it stores it). */
function holds(connection: IndexConnection, table: "unit_text" | "marker_text", term: string): boolean {
  connection.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${table}_terms USING fts5vocab(main, ${table}, row)`);
  return connection.get(`SELECT term FROM temp.${table}_terms WHERE term = ?`, term) !== undefined;
}

async function indexedOf(sessions: SessionExport[]) {
  const indexed = await indexedSessions(sessions);
  const health = await indexed.data.searchIndex.forReading();
  if (!health.usable) throw new Error(health.reason);
  return { ...indexed, connection: health.connection };
}

const found = (o: {
  result: { files: { index: number; hits: { lines: unknown } }[] };
  targets: { sessionID: string }[];
}) => o.result.files.map((f) => ({ session: o.targets[f.index]?.sessionID, lines: f.hits.lines }));

describe("bare marker lines of a real transcript", () => {
  it("are in no unit, their words only in marker_text; the title and a file note stay units", async () => {
    // crisp-garden: line 8 `## user · msg_c6438d0a2001Jq6S8PL3EJd7WG · … · agent build · model openai/gpt-5.3-codex`,
    // `[step]` and `[step done · tool-calls · tokens in 15066, …]` around every step; line 11 names a file.
    const { connection, exported } = await indexedOf([corpusSession("crisp-garden")]);
    const file = exported[0]?.path as string;
    const lines = readTranscript(file);
    const bare = lines.filter((l) => isBareMarker(readMarker(l.text)));
    expect(bare.length).toBeGreaterThan(100);
    const units = connection.all<{ first_line: number; last_line: number; role_code: number }>(
      "SELECT first_line, first_line + line_span AS last_line, role_code FROM units",
    );
    const inUnit = new Set(
      units.flatMap((u) => Array.from({ length: u.last_line - u.first_line + 1 }, (_, i) => u.first_line + i)),
    );
    expect(bare.filter((l) => inUnit.has(l.number))).toEqual([]);
    expect(linesInNoUnit(units, file).filter((text) => !isBareMarker(readMarker(text)))).toEqual([]);
    // Every bare line kept its unit id: the units are spread over as many ids as when they were units.
    expect(totals(connection).bare).toBe(bare.length);
    // The message id of the first header: in marker_text, nowhere in what the ranked search reads.
    const id = /· msg_(\w+) ·/.exec(bare[0]?.text ?? "")?.[1]?.toLowerCase() as string;
    expect(id).toMatch(/^c6438d0a2001/);
    expect(holds(connection, "unit_text", id)).toBe(false);
    expect(holds(connection, "marker_text", id)).toBe(true);
    // The transcript's header (its title) and the note naming a file are units with their words.
    const title = lines.find((l) => l.text.startsWith("title: Elysia Bun app context update"));
    const note = lines.find((l) => l.text.startsWith("[file core/ · application/x-directory"));
    for (const line of [title, note]) {
      expect(line && units.some((u) => u.first_line <= line.number && line.number <= u.last_line)).toBe(true);
    }
    const at = title?.number ?? -1;
    const header = connection.get<{ id: number }>(
      "SELECT id FROM units WHERE first_line <= ? AND first_line + line_span >= ?",
      at,
      at,
    );
    const titled = connection
      .all<{ id: number }>(
        `SELECT rowid AS id FROM unit_text WHERE unit_text MATCH 'words : "title" AND words : "elysia"'`,
      )
      .map((r) => r.id);
    expect(titled).toContain(header?.id);
  });

  it("are still found by a literal search, which the index does not rule out for words only they hold", async () => {
    const sessions = [corpusSession("crisp-garden"), corpusSession("quiet-meadow")];
    const { data, exported } = await indexedOf(sessions);
    const header = readTranscript(exported[0]?.path as string).find((l) => readMarker(l.text)?.kind === "message");
    // ` · msg_<id> · `: its words `msg` and the id stand whole inside the literal, and only this header holds the id.
    const query = / · msg_\w+ · /.exec(header?.text ?? "")?.[0] as string;
    const withIndex = await searchOver(data)({ query, mode: "literal", scope: PROJECT });
    const scan = await searchOver(data, { index: undefined })({ query, mode: "literal", scope: PROJECT });
    expect(found(withIndex)).toEqual(found(scan));
    expect(found(withIndex).map((f) => f.session)).toEqual([sessions[0]?.info.id]);
    expect(withIndex.text).toContain("1 transcript ruled out by the search index");
    // A step's note, by its numbers.
    const stepDone = "[step done · tool-calls · tokens in 15066, out 293";
    const steps = await searchOver(data)({ query: stepDone, mode: "literal", scope: PROJECT });
    expect(found(steps)).toEqual(
      found(await searchOver(data, { index: undefined })({ query: stepDone, mode: "literal", scope: PROJECT })),
    );
    expect(found(steps).map((f) => f.session)).toEqual([sessions[0]?.info.id]);
  });
});

describe("a real transcript indexed as it grows", () => {
  it("a part at a time, a header often the last line written so far, holds what the whole file indexed once holds", async () => {
    const { exported } = await indexedOf([corpusSession("neon-river")]);
    const source = exported[0]?.path as string;
    const text = fs.readFileSync(source, "utf8");
    const lines = text.split(/(?<=\n)/);
    const grown = { dir: tempDir(), transcripts: tempDir() };
    const whole = { dir: tempDir(), transcripts: tempDir() };
    const relative = path.basename(source);
    const sessionID = path.basename(source, ".md");
    fs.copyFileSync(source, path.join(whole.transcripts, relative));
    const wholeIndex = new SearchIndex(whole.dir);
    await wholeIndex.update({ sessionID, path: path.join(whole.transcripts, relative), relative });
    wholeIndex.close();
    const growing = path.join(grown.transcripts, relative);
    fs.writeFileSync(growing, "");
    const index = new SearchIndex(grown.dir);
    // Written as exports write it, a part at a time (each update ends before a marker line), and cut after each bare
    // line too: after a message's header, when it is the last line written so far.
    const markerOf = (line: string) => readMarker(line.replace(/^\s*\d+\t/, "").replace(/\n$/, ""));
    let endedOnHeader = 0;
    for (const [i, line] of lines.entries()) {
      fs.appendFileSync(growing, line);
      const next = lines[i + 1];
      const cut = next === undefined || markerOf(next) !== undefined || isBareMarker(markerOf(line));
      if (!cut) continue;
      await index.update({ sessionID, path: growing, relative });
      if (markerOf(line)?.kind === "message") endedOnHeader++;
    }
    index.close();
    expect(endedOnHeader).toBeGreaterThan(5);
    const [a, b] = [await dumpIndex(grown.dir), await dumpIndex(whole.dir)];
    expect(a.units.length).toBeGreaterThan(100);
    expect(Object.values(a.markerWords)[0]?.length).toBeGreaterThan(10);
    expect(a).toEqual(b);
  }, 60_000);
});

describe("the index's running totals", () => {
  it("stay the sums of its sessions through an add, a growth, a removal and a rebuild", async () => {
    const data = testDataContext();
    const full = corpusSession("jolly-eagle");
    const early = cloneExport(full);
    early.messages = early.messages.slice(0, 2);
    const other = corpusSession("neon-river");
    const sizes = () => {
      const files = fs.readdirSync(data.transcriptsDir, { recursive: true }) as string[];
      return files
        .filter((f) => f.endsWith(".md"))
        .reduce((sum, f) => sum + fs.statSync(path.join(data.transcriptsDir, f)).size, 0);
    };
    const check = async (bytes: number) => {
      data.searchIndex.close();
      const dump = await dumpIndex(data.options.dataDir);
      expect(dump.totals.bytes).toBe(dump.totals.bytesSum);
      expect(dump.totals.bare).toBe(dump.totals.bareSum);
      expect(dump.totals.bytes).toBe(bytes);
      expect(dump.totals.bare).toBeGreaterThan(0);
      return dump;
    };
    await exportAll(data, [early, other]);
    await check(sizes());
    await exportAll(data, [full]);
    const grown = await check(sizes());
    await data.searchIndex.forget(other.info.id);
    const otherBytes = grown.sessions.find((s) => s.session_id === other.info.id)?.bytes ?? 0;
    const removed = await check(sizes() - otherBytes);
    expect(removed.sessions.map((s) => s.session_id)).toEqual([full.info.id]);
    await rebuildIndex(data.options.dataDir, data.transcriptsDir);
    await check(sizes());
  });
});
