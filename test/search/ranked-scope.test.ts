import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scopeDirName } from "../../src/transcripts/paths.js";
import { exportAll, indexedSessions, PROJECT, searchOver } from "../helpers/indexed-sessions.js";
import { SessionBuilder } from "../helpers/synthetic-session.js";

const OTHER = "/projects/other";

function session(id: string, line: string) {
  const s = new SessionBuilder(id, `Work ${id}`);
  s.user("What did we settle on?");
  s.assistant((b) => {
    b.step();
    b.text(line);
    b.finish();
  });
  return s.data;
}

/** Sets the transcripts folder and its project folders a minute back, as folders nothing was written to lately. */
function settle(transcriptsDir: string): void {
  const when = new Date(Date.now() - 60_000);
  for (const dir of [transcriptsDir, ...fs.readdirSync(transcriptsDir).map((d) => path.join(transcriptsDir, d))]) {
    if (fs.lstatSync(dir).isDirectory()) fs.utimesSync(dir, when, when);
  }
}

/**
 * A transcript the index and the catalog know nothing of (a copy of `from` with `text` in place of its decision),
 * planted without changing its folder's time.
 */
function plantQuietly(transcriptsDir: string, scope: string, from: string, id: string, text: string): void {
  const folder = path.join(transcriptsDir, scopeDirName(scope));
  const before = fs.statSync(folder);
  const source = fs.readFileSync(path.join(folder, `${from}.md`), "utf8");
  fs.writeFileSync(path.join(folder, `${id}.md`), source.replace(/Decision: .*/, `Decision: ${text}`));
  fs.utimesSync(folder, before.atime, before.mtime);
}

async function setUp() {
  const { data, search } = await indexedSessions([
    session("ses_pelican00000001", "Decision: the pelican queue drains every 5 seconds."),
    session("ses_heron000000001", "Decision: the heron cache keeps 200 entries."),
  ]);
  await exportAll(data, [session("ses_egret000000001", "Decision: the egret pelican bridge is retired.")], OTHER);
  settle(data.transcriptsDir);
  return { data, search };
}

describe("ranked search scope", () => {
  it("lists the folders once, then answers from the index while they are unchanged", async () => {
    const { data, search } = await setUp();
    const first = await search({ query: "pelican queue", mode: "ranked", scope: PROJECT });
    expect(first.ranked?.hits[0]?.file.sessionID).toBe("ses_pelican00000001");
    // A file planted without its folder's time changing is not listed: the index's record stands for the folder.
    plantQuietly(
      data.transcriptsDir,
      PROJECT,
      "ses_heron000000001",
      "ses_planted0000001",
      "the pelican queue drains hourly",
    );
    const second = await search({ query: "pelican queue", mode: "ranked", scope: PROJECT });
    expect(second.ranked?.hits.map((h) => h.file.sessionID)).toEqual(["ses_pelican00000001"]);
    expect(second.text).toContain("2 transcripts");
    expect(second.ranked?.hits[0]?.file.scope).toBe(PROJECT);
    // Another plugin process (a fresh search service) lists again and finds it.
    const fresh = await searchOver(data)({ query: "pelican queue", mode: "ranked", scope: PROJECT });
    expect(fresh.ranked?.hits.map((h) => h.file.sessionID).sort()).toEqual([
      "ses_pelican00000001",
      "ses_planted0000001",
    ]);
  });

  it("lists again once a folder changes, and keeps every project's transcripts out without all", async () => {
    const { data, search } = await setUp();
    await search({ query: "pelican", mode: "ranked", scope: PROJECT });
    await exportAll(data, [session("ses_pelican00000002", "Decision: a second pelican queue for retries.")]);
    const after = await search({ query: "pelican queue retries", mode: "ranked", scope: PROJECT });
    expect(after.ranked?.hits[0]?.file.sessionID).toBe("ses_pelican00000002");
    expect(after.ranked?.hits.some((h) => h.file.sessionID === "ses_egret000000001")).toBe(false);
    settle(data.transcriptsDir);
    await search({ query: "pelican", mode: "ranked", scope: PROJECT, all: true });
    const all = await search({ query: "egret pelican bridge", mode: "ranked", scope: PROJECT, all: true });
    expect(all.ranked?.hits[0]?.file.sessionID).toBe("ses_egret000000001");
    expect(all.ranked?.hits[0]?.file.scope).toBe(OTHER);
    const own = await search({ query: "egret pelican bridge", mode: "ranked", scope: PROJECT });
    expect(own.ranked?.hits.some((h) => h.file.sessionID === "ses_egret000000001")).toBe(false);
  });

  it("brings in what the catalog holds and the index does not (an export interrupted before the index)", async () => {
    const { data, search } = await setUp();
    await search({ query: "heron", mode: "ranked", scope: PROJECT });
    await data.searchIndex.forget("ses_heron000000001");
    const out = await search({ query: "heron cache entries", mode: "ranked", scope: PROJECT });
    expect(out.ranked?.hits[0]?.file.sessionID).toBe("ses_heron000000001");
    expect(out.text).toContain("1 transcript indexed by this search");
  });

  it("checks each hit's file: one removed by hand is left out, one replaced is indexed again", async () => {
    const { data, search } = await setUp();
    await search({ query: "pelican", mode: "ranked", scope: PROJECT });
    // Never found while the index stands for the folder: shows that no search below lists it.
    plantQuietly(data.transcriptsDir, PROJECT, "ses_heron000000001", "ses_planted0000001", "pelican planted");
    const folder = path.join(data.transcriptsDir, scopeDirName(PROJECT));
    const before = fs.statSync(folder);
    const file = path.join(folder, "ses_pelican00000001.md");
    const text = fs.readFileSync(file, "utf8");
    fs.rmSync(file);
    fs.utimesSync(folder, before.atime, before.mtime);
    const gone = await search({ query: "pelican queue", mode: "ranked", scope: PROJECT });
    expect(gone.ranked?.hits ?? []).toEqual([]);
    expect(gone.text).not.toContain("ses_pelican00000001");
    // Put back as another file (a new inode) holding other words, the folder's time kept: the hit's file is not
    // what the index recorded, so it is indexed again from its first line and the query asked again.
    const spare = path.join(folder, "spare.tmp");
    fs.writeFileSync(spare, text.replace("pelican queue drains", "pelican outbox empties"));
    fs.renameSync(spare, file);
    fs.utimesSync(folder, before.atime, before.mtime);
    const replaced = await search({ query: "pelican", mode: "ranked", scope: PROJECT });
    expect(replaced.ranked?.hits.map((h) => h.file.sessionID)).toEqual(["ses_pelican00000001"]);
    const line = replaced.ranked?.hits[0]?.lines.find((l) => l.match)?.text ?? "";
    expect(line).toContain("pelican outbox empties");
    expect(replaced.text).toContain("1 transcript indexed by this search");
  });

  it("falls back to the scan, and says so, when the index is damaged after the folders were noted", async () => {
    const { data, search } = await setUp();
    await search({ query: "pelican", mode: "ranked", scope: PROJECT });
    data.searchIndex.close();
    fs.writeFileSync(data.searchIndex.file, "not a database, not at all".repeat(200));
    const out = await search({ query: "pelican queue", mode: "ranked", scope: PROJECT });
    expect(out.ranked).toBeUndefined();
    expect(out.text).toContain("fell back to the scan");
    expect(out.text).toContain("pelican queue drains");
  });
});
