import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { IndexedFiles, notCurrent } from "../../../src/search/ranked/indexed-scope.js";
import { connectIndex } from "../../../src/transcripts/index/index-connection.js";
import { listTranscripts } from "../../../src/transcripts/listing.js";
import { scopeDirName } from "../../../src/transcripts/paths.js";
import { answered, OTHER_PROJECT, PROJECT, twoProjects } from "../../helpers/indexed-sessions.js";

const OTHER = OTHER_PROJECT;
const session = (id: string) => answered(id, "Which port does the service listen on?", "It listens on port 8080.");

async function setUp() {
  return twoProjects([session("ses_indexedscope01"), session("ses_indexedscope02")], [session("ses_indexedscope03")]);
}

describe("indexed scope", () => {
  it("is the index's record of a project's transcripts, or of every project's, as the listing sees them", async () => {
    const { data, connection } = await setUp();
    const own = new IndexedFiles(connection, data.transcriptsDir, [scopeDirName(PROJECT)], PROJECT);
    const listed = listTranscripts(data.transcriptsDir, PROJECT, false);
    expect(own.count).toBe(listed.length);
    expect(own.bytes).toBe(listed.reduce((sum, f) => sum + f.size, 0));
    const shape = (f?: {
      sessionID: string;
      path: string;
      relative: string;
      size: number;
      ino: number;
      scope?: string;
    }) => (f ? [f.sessionID, f.path, f.relative, f.size, f.ino, f.scope].join(" ") : "none");
    for (const file of listed) expect(shape(own.fileOf(file.sessionID))).toBe(shape(file));
    expect([...own.records().keys()].sort()).toEqual(listed.map((f) => f.sessionID).sort());
    // Another project's transcript is not in this project's scope, and is in every project's.
    expect(own.fileOf("ses_indexedscope03")).toBeUndefined();
    const every = new IndexedFiles(connection, data.transcriptsDir, undefined);
    expect(every.count).toBe(3);
    expect(every.fileOf("ses_indexedscope03")?.relative).toBe(`${scopeDirName(OTHER)}/ses_indexedscope03.md`);
    expect(new IndexedFiles(connection, data.transcriptsDir, ["no-such-folder"]).count).toBe(0);
    expect(every.fileOf("ses_notindexed0001")).toBeUndefined();
  });

  it("reads its count and bytes again once the index changed, by this connection or another", async () => {
    const { data, connection } = await setUp();
    const every = () => new IndexedFiles(connection, data.transcriptsDir, undefined);
    expect(every().count).toBe(3);
    expect(every().bytes).toBeGreaterThan(0);
    // This connection's own write.
    connection.run("UPDATE sessions SET bytes = bytes + 10 WHERE session_id = ?", "ses_indexedscope01");
    const before = every().bytes;
    connection.run("DELETE FROM sessions WHERE session_id = ?", "ses_indexedscope02");
    expect(every().count).toBe(2);
    // Another connection's commit (another process exporting).
    const other = await connectIndex(data.searchIndex.file, { readonly: false });
    try {
      other.run("DELETE FROM sessions WHERE session_id = ?", "ses_indexedscope03");
    } finally {
      other.close();
    }
    expect(every().count).toBe(1);
    expect(every().bytes).toBeLessThan(before);
  });

  it("takes no record that does not name one of our files", async () => {
    const { data, connection } = await setUp();
    connection.run(
      "UPDATE sessions SET relative = '../outside/ses_indexedscope01.md' WHERE session_id = ?",
      "ses_indexedscope01",
    );
    connection.run(
      "UPDATE sessions SET relative = ? WHERE session_id = ?",
      `${scopeDirName(PROJECT)}/ses_indexedscope01.md`,
      "ses_indexedscope02",
    );
    const every = new IndexedFiles(connection, data.transcriptsDir, undefined);
    expect(every.fileOf("ses_indexedscope01")).toBeUndefined();
    expect(every.fileOf("ses_indexedscope02")).toBeUndefined();
    expect(every.fileOf("ses_indexedscope03")).toBeDefined();
  });

  it("reads nothing through a project folder that is a link", async () => {
    const { data, connection } = await setUp();
    const folder = path.join(data.transcriptsDir, scopeDirName(PROJECT));
    fs.renameSync(folder, `${folder}.moved`);
    fs.symlinkSync(`${folder}.moved`, folder);
    const own = new IndexedFiles(connection, data.transcriptsDir, [scopeDirName(PROJECT)], PROJECT);
    expect(own.fileOf("ses_indexedscope01")).toBeUndefined();
    expect(new IndexedFiles(connection, data.transcriptsDir, undefined).fileOf("ses_indexedscope03")).toBeDefined();
  });

  it("counts what a search brought in or left out over the index's record", async () => {
    const { data, connection } = await setUp();
    const own = new IndexedFiles(connection, data.transcriptsDir, [scopeDirName(PROJECT)], PROJECT);
    const a = own.fileOf("ses_indexedscope01");
    if (!a) throw new Error("indexed transcript expected");
    const { count, bytes } = own;
    own.replace({ ...a, size: a.size + 10 });
    expect([own.count, own.bytes]).toEqual([count, bytes + 10]);
    expect(own.fileOf(a.sessionID)?.size).toBe(a.size + 10);
    own.replace({ ...a, sessionID: "ses_indexedscope09", size: 5 });
    expect([own.count, own.bytes]).toEqual([count + 1, bytes + 15]);
    own.drop(a.sessionID);
    expect([own.count, own.bytes]).toEqual([count, bytes + 5 - a.size]);
    expect(own.fileOf(a.sessionID)).toBeUndefined();
  });

  it("names each transcript that is gone, a link, another file or another size than indexed", async () => {
    const { data, connection } = await setUp();
    const own = new IndexedFiles(connection, data.transcriptsDir, [scopeDirName(PROJECT)], PROJECT);
    const [a, b] = [own.fileOf("ses_indexedscope01"), own.fileOf("ses_indexedscope02")];
    if (!a || !b) throw new Error("two transcripts expected");
    expect(notCurrent(data.transcriptsDir, [a, b])).toEqual([]);
    fs.appendFileSync(a.path, "\n");
    const grown = notCurrent(data.transcriptsDir, [a, b]);
    expect(grown.map((c) => c.file.sessionID)).toEqual([a.sessionID]);
    expect(grown[0]?.now?.size).toBe(a.size + 1);
    const target = path.join(data.transcriptsDir, "elsewhere.md");
    fs.renameSync(b.path, target);
    expect(notCurrent(data.transcriptsDir, [b])).toEqual([{ file: b }]);
    fs.symlinkSync(target, b.path);
    expect(notCurrent(data.transcriptsDir, [b])).toEqual([{ file: b }]);
    fs.rmSync(b.path);
    fs.copyFileSync(target, b.path);
    const copy = notCurrent(data.transcriptsDir, [b]);
    expect(copy[0]?.now?.size).toBe(b.size);
    expect(copy[0]?.now?.ino).not.toBe(b.ino);
  });
});
