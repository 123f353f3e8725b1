import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LISTING_FRESH_MS } from "../../src/search/listing-marks.js";
import { scopeDirName } from "../../src/transcripts/paths.js";
import {
  answered,
  exportAll,
  indexedSessions,
  OTHER_PROJECT,
  PROJECT,
  searchOver,
} from "../helpers/indexed-sessions.js";

const OTHER = OTHER_PROJECT;
const session = (id: string, line: string) => answered(id, "What did we settle on?", line);

/**
 * A transcript the index and the catalog know nothing of (a copy of `from` with `text` in place of its decision), as
 * a transcript copied in by hand is.
 */
function plant(transcriptsDir: string, scope: string, from: string, id: string, text: string): void {
  const folder = path.join(transcriptsDir, scopeDirName(scope));
  const source = fs.readFileSync(path.join(folder, `${from}.md`), "utf8");
  fs.writeFileSync(path.join(folder, `${id}.md`), source.replace(/Decision: .*/, `Decision: ${text}`));
}

async function setUp() {
  const { data, search } = await indexedSessions([
    session("ses_pelican00000001", "Decision: the pelican queue drains every 5 seconds."),
    session("ses_heron000000001", "Decision: the heron cache keeps 200 entries."),
  ]);
  await exportAll(data, [session("ses_egret000000001", "Decision: the egret pelican bridge is retired.")], OTHER);
  return { data, search };
}

describe("ranked search scope", () => {
  it("lists the folders once, then answers from the index's record until the listing is old", async () => {
    const { data } = await setUp();
    let now = Date.parse("2026-03-01T12:00:00Z");
    const search = searchOver(data, { clock: () => now });
    const first = await search({ query: "pelican queue", mode: "ranked", scope: PROJECT });
    expect(first.ranked?.hits[0]?.file.sessionID).toBe("ses_pelican00000001");
    // A transcript copied in by hand is not listed while the listing stands: the index's record is the scope.
    plant(data.transcriptsDir, PROJECT, "ses_heron000000001", "ses_planted0000001", "the pelican queue drains hourly");
    const second = await search({ query: "pelican queue", mode: "ranked", scope: PROJECT });
    expect(second.ranked?.hits.map((h) => h.file.sessionID)).toEqual(["ses_pelican00000001"]);
    expect(second.text).toContain("searched all 2 transcripts in this project");
    expect(second.ranked?.hits[0]?.file.scope).toBe(PROJECT);
    // The listing grown old, the folders are listed again and the copy indexed.
    now += LISTING_FRESH_MS;
    const later = await search({ query: "pelican queue", mode: "ranked", scope: PROJECT });
    expect(later.ranked?.hits.map((h) => h.file.sessionID).sort()).toEqual([
      "ses_pelican00000001",
      "ses_planted0000001",
    ]);
    expect(later.text).toContain("1 transcript indexed by this search");
    // Another plugin process (a fresh search service) lists at once.
    plant(data.transcriptsDir, PROJECT, "ses_heron000000001", "ses_planted0000002", "a pelican queue for audits");
    const fresh = await searchOver(data)({ query: "pelican queue audits", mode: "ranked", scope: PROJECT });
    expect(fresh.ranked?.hits[0]?.file.sessionID).toBe("ses_planted0000002");
  });

  it("finds what an export adds meanwhile, and keeps other projects' transcripts out without all", async () => {
    const { data, search } = await setUp();
    await search({ query: "pelican", mode: "ranked", scope: PROJECT });
    await exportAll(data, [session("ses_pelican00000002", "Decision: a second pelican queue for retries.")]);
    const after = await search({ query: "pelican queue retries", mode: "ranked", scope: PROJECT });
    expect(after.ranked?.hits[0]?.file.sessionID).toBe("ses_pelican00000002");
    expect(after.text).not.toContain("indexed by this search");
    expect(after.ranked?.hits.some((h) => h.file.sessionID === "ses_egret000000001")).toBe(false);
    await search({ query: "pelican", mode: "ranked", scope: PROJECT, all: true });
    const all = await search({ query: "egret pelican bridge", mode: "ranked", scope: PROJECT, all: true });
    expect(all.ranked?.hits[0]?.file.sessionID).toBe("ses_egret000000001");
    expect(all.ranked?.hits[0]?.file.scope).toBe(OTHER);
    const own = await search({ query: "egret pelican bridge", mode: "ranked", scope: PROJECT });
    expect(own.ranked?.hits.some((h) => h.file.sessionID === "ses_egret000000001")).toBe(false);
    // The other project's own search, from the same index, finds it.
    const other = await search({ query: "egret", mode: "ranked", scope: OTHER });
    expect(other.ranked?.hits[0]?.file.sessionID).toBe("ses_egret000000001");
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
    // Never found while the listing stands: shows that no search below lists the folder.
    plant(data.transcriptsDir, PROJECT, "ses_heron000000001", "ses_planted0000001", "pelican planted");
    const folder = path.join(data.transcriptsDir, scopeDirName(PROJECT));
    const file = path.join(folder, "ses_pelican00000001.md");
    const text = fs.readFileSync(file, "utf8");
    fs.rmSync(file);
    const gone = await search({ query: "pelican queue", mode: "ranked", scope: PROJECT });
    expect(gone.ranked?.hits ?? []).toEqual([]);
    expect(gone.text).not.toContain("ses_pelican00000001");
    // Put back as another file (a new inode) holding other words: the hit's file is not what the index recorded, so
    // it is indexed again from its first line and the query asked again.
    const spare = path.join(folder, "spare.tmp");
    fs.writeFileSync(spare, text.replace("pelican queue drains", "pelican outbox empties"));
    fs.renameSync(spare, file);
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
