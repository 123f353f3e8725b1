import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { indexedTranscripts, notCurrent } from "../../../src/search/index/indexed-scope.js";
import { listTranscripts } from "../../../src/search/targets.js";
import { scopeDirName } from "../../../src/transcripts/paths.js";
import { exportAll, indexedSessions, PROJECT } from "../../helpers/indexed-sessions.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";

const OTHER = "/projects/other";

function session(id: string) {
  const s = new SessionBuilder(id, `Work ${id}`);
  s.user("Which port does the service listen on?");
  s.assistant((b) => {
    b.step();
    b.text("It listens on port 8080.");
    b.finish();
  });
  return s.data;
}

async function setUp() {
  const { data } = await indexedSessions([session("ses_indexedscope01"), session("ses_indexedscope02")]);
  await exportAll(data, [session("ses_indexedscope03")], OTHER);
  const health = await data.searchIndex.forReading();
  if (!health.usable) throw new Error(health.reason);
  return { data, connection: health.connection };
}

describe("indexed scope", () => {
  it("is the index's record of a project's transcripts, or of every project's, as the listing sees them", async () => {
    const { data, connection } = await setUp();
    const own = indexedTranscripts(connection, data.transcriptsDir, [scopeDirName(PROJECT)]);
    const listed = listTranscripts(data.transcriptsDir, PROJECT, false);
    const shape = (f: { sessionID: string; path: string; relative: string; size: number; ino: number }) =>
      [f.sessionID, f.path, f.relative, f.size, f.ino].join(" ");
    expect(own.map(shape).sort()).toEqual(listed.map(shape).sort());
    const every = indexedTranscripts(connection, data.transcriptsDir, undefined);
    expect(every.map((f) => f.sessionID).sort()).toEqual([
      "ses_indexedscope01",
      "ses_indexedscope02",
      "ses_indexedscope03",
    ]);
    expect(indexedTranscripts(connection, data.transcriptsDir, ["no-such-folder"])).toEqual([]);
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
    const every = indexedTranscripts(connection, data.transcriptsDir, undefined);
    expect(every.map((f) => f.sessionID)).toEqual(["ses_indexedscope03"]);
  });

  it("names each transcript that is gone, a link, another file or another size than indexed", async () => {
    const { data, connection } = await setUp();
    const [a, b] = indexedTranscripts(connection, data.transcriptsDir, [scopeDirName(PROJECT)]);
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
