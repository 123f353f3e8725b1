import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportTranscript } from "../../../src/transcripts/export/export-transcript.js";
import { connectIndex } from "../../../src/transcripts/index/index-connection.js";
import { rebuildIndex } from "../../../src/transcripts/index/index-maintenance.js";
import { INDEX_VERSION } from "../../../src/transcripts/index/index-schema.js";
import { INDEX_FILE, SearchIndex } from "../../../src/transcripts/index/search-index.js";
import { isBareMarker } from "../../../src/transcripts/index/transcript-units.js";
import { ROLE_CODES, unitRangeSql } from "../../../src/transcripts/index/unit-columns.js";
import { createMemorySource } from "../../../src/transcripts/source/export-file-source.js";
import { readMarker } from "../../../src/transcripts/transcript-format.js";
import { startExportWorker } from "../../helpers/export-worker-process.js";
import { dumpIndex, linesInNoUnit } from "../../helpers/index-rows.js";
import { exportAll, PROJECT, searchOver } from "../../helpers/indexed-sessions.js";
import { syntheticSession } from "../../helpers/synthetic-session.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { readTranscript, testDataContext } from "../../helpers/transcripts.js";

const startWorker = startExportWorker;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe("the search index file", () => {
  it("is made by the first export, 0600, beside the store, covering the transcript to its end", async () => {
    const data = testDataContext();
    const session = syntheticSession(3, "ses_indexcreate0001", 300);
    const file = path.join(data.options.dataDir, INDEX_FILE);
    expect(fs.existsSync(file)).toBe(false);
    const [exported] = await exportAll(data, [session.data]);
    data.searchIndex.close();
    expect(mode(file)).toBe(0o600);
    const dump = await dumpIndex(data.options.dataDir);
    expect(dump.sessions).toEqual([
      { session_id: session.sessionID, lines: exported?.totalLines, bytes: fs.statSync(exported?.path ?? "").size },
    ]);
    // Every line of the transcript is in at most one unit, in order, and those in none are bare marker lines.
    const covered = dump.units.flatMap((u) =>
      Array.from({ length: u.last_line - u.first_line + 1 }, (_, i) => u.first_line + i),
    );
    expect(new Set(covered).size).toBe(covered.length);
    const left = linesInNoUnit(dump.units, exported?.path ?? "");
    expect(left.length).toBeGreaterThan(0);
    expect(left.filter((text) => !isBareMarker(readMarker(text)))).toEqual([]);
    expect(dump.units.map((u) => u.role)).toEqual(
      expect.arrayContaining(["user", "assistant", "reasoning", "tool-input", "tool-output", "meta"]),
    );
    expect(dump.units.filter((u) => u.role.startsWith("tool")).map((u) => u.tool)).toEqual(
      expect.arrayContaining(["bash", "read"]),
    );
    expect(dump.units.every((u) => u.time !== null)).toBe(true);
  });

  it("grows with each export by what it appended, and ends as a rebuild from the files would", async () => {
    const data = testDataContext();
    const session = syntheticSession(2, "ses_indexgrow000001", 300);
    const source = createMemorySource([session.data]);
    const once = () => exportTranscript({ data, source, sessionID: session.sessionID, scope: PROJECT });
    await once();
    data.searchIndex.close();
    const first = await dumpIndex(data.options.dataDir);
    for (let turn = 2; turn < 6; turn++) {
      session.turn(turn, 300);
      await once();
    }
    data.searchIndex.close();
    const grown = await dumpIndex(data.options.dataDir);
    expect(grown.units.slice(0, first.units.length)).toEqual(first.units);
    expect(grown.units.length).toBeGreaterThan(first.units.length);
    await rebuildIndex(data.options.dataDir, data.transcriptsDir);
    expect(await dumpIndex(data.options.dataDir)).toEqual(grown);
    expect(data.log.lines.filter((e) => e.level === "warn")).toEqual([]);
  });

  it("indexes a transcript again from its start when the file no longer fits what was indexed", async () => {
    const data = testDataContext();
    const session = syntheticSession(3, "ses_indexredo000001", 300);
    const [exported] = await exportAll(data, [session.data]);
    const file = exported?.path as string;
    // The same length, other bytes before the point indexed: the record no longer fits.
    const text = fs.readFileSync(file, "utf8");
    fs.writeFileSync(file, text.replace("Request 0", "Rekwest 0"));
    const warning = await data.searchIndex.update({
      sessionID: session.sessionID,
      path: file,
      relative: path.relative(data.transcriptsDir, file),
    });
    expect(warning).toBe("indexed again from its first line (the transcript changed before the point indexed)");
    const search = searchOver(data);
    const hit = await search({ query: "rekwest", mode: "ranked", scope: PROJECT });
    expect(hit.ranked?.hits[0]?.lines.find((l) => l.match)?.text).toContain("Rekwest 0");
    // Shorter than what was indexed: indexed again as well.
    fs.writeFileSync(file, text.slice(0, text.indexOf("\n", 200) + 1));
    expect(await data.searchIndex.update({ sessionID: session.sessionID, path: file, relative: "x" })).toBe(
      "indexed again from its first line (the transcript is shorter than what was indexed)",
    );
  });
});

/** Whether the index file or its WAL holds `text` anywhere in its bytes. */
function indexBytesHold(dataDir: string, text: string): boolean {
  const needle = Buffer.from(text);
  return ["", "-wal"].some((suffix) => {
    const file = path.join(dataDir, INDEX_FILE + suffix);
    return fs.existsSync(file) && fs.readFileSync(file).includes(needle);
  });
}

describe("a transcript removed by the cleanup", () => {
  it("leaves none of its words in the index file or its WAL; the kept transcript is still found", async () => {
    const data = testDataContext();
    const gone = syntheticSession(2, "ses_indexforget00003", 300);
    const asked = gone.user("the zqxjvkmordantite token lives only here");
    // Its header names an agent no other line does: a word only the bare marker lines' table holds.
    if (asked.info.role === "user") asked.info.agent = "vkqpzwmarkerzq";
    const kept = syntheticSession(2, "ses_indexforget00004", 300);
    kept.user("the wbyfplquarantine token lives only here");
    await exportAll(data, [gone.data, kept.data]);
    const dataDir = data.options.dataDir;
    // Terms are stored after the prefix they share with the one before them: the word's tail is what is looked for.
    expect(indexBytesHold(dataDir, "jvkmordantit")).toBe(true);
    expect(indexBytesHold(dataDir, "pzwmarkerzq")).toBe(true);
    const { sweepTranscripts } = await import("../../../src/transcripts/retention/retention.js");
    const report = await sweepTranscripts({
      data,
      source: createMemorySource([gone.data, kept.data]),
      scopes: [PROJECT],
      rules: { retentionDays: 0, keepRecent: 0, maxSessions: 0, orphaned: false, sessionIDs: [gone.sessionID] },
      apply: true,
    });
    expect(report.removed.map((r) => r.sessionID)).toEqual([gone.sessionID]);
    expect(indexBytesHold(dataDir, "jvkmordantit")).toBe(false);
    expect(indexBytesHold(dataDir, "pzwmarkerzq")).toBe(false);
    data.searchIndex.close();
    expect(indexBytesHold(dataDir, "jvkmordantit")).toBe(false);
    expect(indexBytesHold(dataDir, "pzwmarkerzq")).toBe(false);
    const found = await searchOver(data)({ query: "wbyfplquarantine", mode: "ranked", scope: PROJECT });
    expect(found.ranked?.hits.map((h) => h.file.sessionID)).toEqual([kept.sessionID]);
    const none = await searchOver(data)({ query: "zqxjvkmordantite", mode: "ranked", scope: PROJECT });
    expect(none.ranked?.hits ?? []).toEqual([]);
  });

  it("settles nothing when nothing was forgotten", async () => {
    const data = testDataContext();
    await exportAll(data, [syntheticSession(2, "ses_indexforget00005", 300).data]);
    expect(await data.searchIndex.settleRemovals()).toBe(0);
  });

  it("is forgotten by the index in the same step: no unit, no session row, no hit", async () => {
    const data = testDataContext();
    const gone = syntheticSession(2, "ses_indexforget00001", 300);
    const kept = syntheticSession(2, "ses_indexforget00002", 300);
    await exportAll(data, [gone.data, kept.data]);
    const { sweepTranscripts } = await import("../../../src/transcripts/retention/retention.js");
    const report = await sweepTranscripts({
      data,
      source: createMemorySource([gone.data, kept.data]),
      scopes: [PROJECT],
      rules: { retentionDays: 0, keepRecent: 0, maxSessions: 0, orphaned: false, sessionIDs: [gone.sessionID] },
      apply: true,
    });
    expect(report.removed.map((r) => r.sessionID)).toEqual([gone.sessionID]);
    data.searchIndex.close();
    const dump = await dumpIndex(data.options.dataDir);
    expect(dump.sessions.map((s) => s.session_id)).toEqual([kept.sessionID]);
    expect(dump.units.every((u) => u.session_id === kept.sessionID)).toBe(true);
  });
});

describe("an index that cannot answer", () => {
  async function withSessions() {
    const data = testDataContext();
    const session = syntheticSession(2, "ses_indexfallback01", 300);
    await exportAll(data, [session.data]);
    data.searchIndex.close();
    return { data, search: searchOver(data, { index: new SearchIndex(data.options.dataDir) }) };
  }

  type Connection = Awaited<ReturnType<typeof connectIndex>>;

  /**
   * An index of this format, written by a ranked search and made an older format's by `downgrade` (given the rows it
   * held), then searched again: rebuilt in this format at open, the same hits and lines, the same rows (`inspect` looks
   * at the rebuilt file first). Returns the second search's last line.
   */
  async function rebuiltFrom(
    downgrade: (c: Connection, dump: Awaited<ReturnType<typeof dumpIndex>>) => void,
    inspect: (again: Connection) => void = () => {},
  ): Promise<string> {
    const { data, search } = await withSessions();
    const query = { query: "module import path", mode: "ranked", scope: PROJECT } as const;
    const first = new SearchIndex(data.options.dataDir);
    const before = await searchOver(data, { index: first })(query);
    first.close();
    const dump = await dumpIndex(data.options.dataDir);
    const file = path.join(data.options.dataDir, INDEX_FILE);
    const c = await connectIndex(file, { readonly: false });
    downgrade(c, dump);
    c.close();
    const after = await search(query);
    expect(after.text).not.toContain("unavailable");
    const shown = (text: string) => text.split("\n").slice(0, -1).join("\n");
    expect(shown(after.text)).toBe(shown(before.text));
    const again = await connectIndex(file, { readonly: true });
    expect(again.get<{ user_version: number }>("PRAGMA user_version")?.user_version).toBe(INDEX_VERSION);
    inspect(again);
    again.close();
    expect(await dumpIndex(data.options.dataDir)).toEqual(dump);
    return after.text.split("\n").at(-1) ?? "";
  }

  it("absent: the scan answers, says so, and nothing is created", async () => {
    const { data, search } = await withSessions();
    new SearchIndex(data.options.dataDir).remove();
    const out = await search({ query: "module import path", mode: "ranked", scope: PROJECT });
    expect(out.text).toMatch(
      /^\[search\] ranked search unavailable \(the search index .* does not exist yet\): fell back to the scan/m,
    );
    expect(out.result.matches).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(data.options.dataDir, INDEX_FILE))).toBe(false);
  });

  it("damaged: the scan answers and says so; a rebuild makes it answer again", async () => {
    const { data, search } = await withSessions();
    const file = path.join(data.options.dataDir, INDEX_FILE);
    new SearchIndex(data.options.dataDir).remove();
    fs.writeFileSync(file, "this is not a database at all, only text ".repeat(200), { mode: 0o600 });
    const out = await search({ query: "module import path", mode: "ranked", scope: PROJECT });
    expect(out.text).toMatch(
      /ranked search unavailable \(the search index (is damaged|cannot be opened) .*\): fell back to the scan/,
    );
    expect(out.result.matches).toBeGreaterThan(0);
    await rebuildIndex(data.options.dataDir, data.transcriptsDir);
    const again = await searchOver(data, { index: new SearchIndex(data.options.dataDir) })({
      query: "module import path",
      mode: "ranked",
      scope: PROJECT,
    });
    expect(again.ranked?.hits.length).toBeGreaterThan(0);
    expect(again.text).not.toContain("unavailable");
  });

  it("older: emptied at open and indexed again from the transcripts by the next ranked search", async () => {
    const { data, search } = await withSessions();
    const file = path.join(data.options.dataDir, INDEX_FILE);
    const c = await connectIndex(file, { readonly: false });
    const units = c.get<{ n: number }>("SELECT count(*) AS n FROM units")?.n ?? 0;
    expect(units).toBeGreaterThan(0);
    c.exec(`PRAGMA user_version = ${INDEX_VERSION - 1}`);
    c.exec(`UPDATE units SET role_code = ${ROLE_CODES.meta}`);
    c.close();
    const out = await search({ query: "module import path", mode: "ranked", scope: PROJECT });
    expect(out.text).not.toContain("unavailable");
    expect(out.ranked?.hits.length).toBeGreaterThan(0);
    const again = await connectIndex(file, { readonly: true });
    expect(again.get<{ user_version: number }>("PRAGMA user_version")?.user_version).toBe(INDEX_VERSION);
    expect(
      again.get<{ n: number }>(`SELECT count(*) AS n FROM units WHERE role_code <> ${ROLE_CODES.meta}`)?.n,
    ).toBeGreaterThan(0);
    expect(again.get<{ n: number }>("SELECT count(*) AS n FROM units")?.n).toBe(units);
    again.close();
  });

  it("format 4 (bare marker lines as units, no running totals): emptied and rebuilt by the next ranked search", async () => {
    const last = await rebuiltFrom((c, dump) => {
      expect(dump.totals.bare).toBeGreaterThan(0);
      // As format 4 left it: a unit of each bare line (here one standing for them, its words in unit_text), neither
      // marker_text nor index_totals.
      c.exec(`BEGIN;
        INSERT INTO units (id, sid, first_line, line_span, byte_start, byte_span, role_code)
          VALUES ((SELECT max(id) + 1 FROM units), 1, 1, 0, 0, 10, ${ROLE_CODES.meta});
        INSERT INTO unit_text (rowid, words, whole) VALUES ((SELECT max(id) FROM units), 'assistant agent build model', '');
        DROP TRIGGER sessions_totals_added; DROP TRIGGER sessions_totals_changed; DROP TRIGGER sessions_totals_removed;
        DROP TABLE marker_text; DROP TABLE index_totals; PRAGMA user_version = 4; COMMIT;`);
    });
    expect(last).toContain("indexed by this search");
  });

  it("format 3 (roles as text, absolute ends): rebuilt in this format at open, and searches the same", async () => {
    const last = await rebuiltFrom(
      (c) => {
        // The units table as format 3 wrote it, with the same units.
        c.exec(`BEGIN;
          CREATE TABLE units3 (id INTEGER PRIMARY KEY, sid INTEGER NOT NULL, first_line INTEGER NOT NULL,
            last_line INTEGER NOT NULL, byte_start INTEGER NOT NULL, byte_end INTEGER NOT NULL, role TEXT NOT NULL,
            tool TEXT, time INTEGER, call_start INTEGER, call_end INTEGER);
          INSERT INTO units3 SELECT u.id, u.sid, ${unitRangeSql("u")}, u.tool, u.time, u.call_start, u.call_end FROM units u;
          DROP TABLE units; ALTER TABLE units3 RENAME TO units; PRAGMA user_version = 3; COMMIT;`);
        const roles = c.all<{ role: string }>("SELECT DISTINCT role FROM units ORDER BY role").map((r) => r.role);
        expect(roles).toEqual(["assistant", "meta", "reasoning", "tool-input", "tool-output", "user"]);
      },
      (again) => {
        const columns = again.all<{ name: string }>("PRAGMA table_info(units)").map((r) => r.name);
        expect(columns).toEqual(expect.arrayContaining(["line_span", "byte_span", "role_code"]));
        expect(columns).not.toContain("role");
      },
    );
    // The last line says the search indexed the transcript again.
    expect(last).toContain("1 transcript indexed by this search");
  });

  it("newer: the scan answers and says so, and the file is left as it was", async () => {
    const { data, search } = await withSessions();
    const file = path.join(data.options.dataDir, INDEX_FILE);
    const c = await connectIndex(file, { readonly: false });
    c.exec(`PRAGMA user_version = ${INDEX_VERSION + 1}`);
    c.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    c.close();
    const before = fs.readFileSync(file);
    const out = await search({ query: "module import path", mode: "ranked", scope: PROJECT });
    expect(out.text).toContain(
      `ranked search unavailable (the search index has format ${INDEX_VERSION + 1}, newer than this plugin knows (${INDEX_VERSION}); it is left untouched)`,
    );
    expect(out.result.matches).toBeGreaterThan(0);
    // The exporter leaves it alone too, and logs why.
    const more = syntheticSession(1, "ses_indexnewer00001", 100);
    await exportAll(data, [more.data]);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });
});

describe("two processes", () => {
  it("exporting growing sessions at once leave the index a rebuild would make", async () => {
    const dir = tempDir();
    const data = testDataContext();
    const sessions = [syntheticSession(2, "ses_indextwoproc001", 300), syntheticSession(2, "ses_indextwoproc002", 300)];
    const files = sessions.map((_, i) => path.join(dir, `session-${i}.json`));
    const publish = () =>
      sessions.forEach((s, i) => {
        fs.writeFileSync(`${files[i]}.tmp`, JSON.stringify(s.data));
        fs.renameSync(`${files[i]}.tmp`, files[i] as string);
      });
    publish();
    const stop = path.join(dir, "stop");
    // Two processes on the first session (one export at a time, by its lock), one on the second: three writers.
    const workers = [
      startWorker([data.options.dataDir, files[0] as string, sessions[0]?.sessionID as string, stop]),
      startWorker([data.options.dataDir, files[0] as string, sessions[0]?.sessionID as string, stop]),
      startWorker([data.options.dataDir, files[1] as string, sessions[1]?.sessionID as string, stop]),
    ];
    await Promise.all(workers.map((w) => w.ready));
    for (let turn = 2; turn < 30; turn++) {
      for (const s of sessions) s.turn(turn, 300);
      publish();
      await sleep(20);
    }
    fs.writeFileSync(stop, "");
    await Promise.all(workers.map((w) => w.done));
    const live = await dumpIndex(data.options.dataDir);
    expect(live.sessions.map((s) => s.session_id)).toEqual(sessions.map((s) => s.sessionID));
    for (const s of live.sessions) {
      // Indexed to the transcript's last line: the lines after its last unit are bare marker lines (a step's end).
      const units = live.units.filter((u) => u.session_id === s.session_id);
      const name = (fs.readdirSync(data.transcriptsDir, { recursive: true }) as string[]).find((f) =>
        f.endsWith(`${s.session_id}.md`),
      );
      const file = path.join(data.transcriptsDir, name ?? "");
      expect(s.lines).toBe(readTranscript(file).length);
      const after = readTranscript(file).filter((l) => l.number > (units.at(-1)?.last_line ?? 0));
      expect(after.filter((l) => l.text.trim() !== "" && !isBareMarker(readMarker(l.text)))).toEqual([]);
    }
    await rebuildIndex(data.options.dataDir, data.transcriptsDir);
    expect(await dumpIndex(data.options.dataDir)).toEqual(live);
  }, 60_000);
});
