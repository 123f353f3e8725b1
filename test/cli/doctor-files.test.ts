/**
 * Doctor's file checks with links and other users' files in the data folder: each reported as what it is, never
 * "fixed" through, and a transcript replaced by a link is neither called deleted nor read through.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../src/log.js";
import { parseOptions } from "../../src/options.js";
import { createDataContext } from "../../src/services.js";
import { connect } from "../../src/store/driver.js";
import { exportTranscript } from "../../src/transcripts/export/export-transcript.js";
import { scopeDirName } from "../../src/transcripts/paths.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { AGENT, cliFixture } from "../helpers/cli.js";
import { type SessionBuilder, syntheticSession } from "../helpers/synthetic-session.js";
import { tempDir } from "../helpers/temp-dir.js";

interface Report {
  ok: boolean;
  fixed: string[];
  findings: { check: string; status: string; detail: string; fix?: string; fixable: boolean }[];
}

const isRoot = process.getuid?.() === 0;

async function withStore(f: ReturnType<typeof cliFixture>): Promise<string> {
  await f.memory().save({ scope: f.project, kind: "fact", title: "One", body: "first" }, AGENT);
  f.close();
  return path.join(f.dataDir, "ledger.db");
}

/** A transcript file and its index row, as an export leaves them; returns the file's relative and full paths. */
async function indexedTranscript(f: ReturnType<typeof cliFixture>, db: string, session: string, text: string) {
  const rel = path.join(scopeDirName(f.project), `${session}.md`);
  const full = path.join(f.dataDir, "transcripts", rel);
  fs.mkdirSync(path.dirname(full), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.join(f.dataDir, "transcripts"), 0o700);
  fs.writeFileSync(full, text, { mode: 0o600 });
  const lines = text.split("\n").length - 1;
  const c = await connect(db, { readonly: false });
  c.exec(
    `INSERT INTO transcripts (session_id, scope, path, lines, bytes, created_at, updated_at) VALUES ('${session}', '${f.project}', '${rel}', ${lines}, ${Buffer.byteLength(text)}, 1, 1)`,
  );
  c.close();
  return { rel, full };
}

describe("doctor and links in the data folder", () => {
  it("a store file that is a link: reported as a link, not opened, and --fix leaves its target alone", async () => {
    const f = cliFixture();
    const db = await withStore(f);
    const target = path.join(tempDir(), "elsewhere.db");
    fs.renameSync(db, target);
    fs.chmodSync(target, 0o644);
    fs.symlinkSync(target, db);
    const fixed = f.run(["doctor", "--fix", "--json"]).json<Report>();
    expect(fixed.ok).toBe(false);
    expect(fixed.fixed).toEqual([]);
    expect(fixed.findings).toContainEqual(
      expect.objectContaining({
        check: "store mode",
        status: "fail",
        detail: `${db} is a symbolic link; links inside the data folder are never followed, so what it points to is not used`,
        fixable: false,
      }),
    );
    expect(fixed.findings.map((x) => x.check)).not.toContain("integrity");
    expect(fs.statSync(target).mode & 0o777).toBe(0o644);
  }, 60_000);

  it("a transcript replaced by a link: doctor names the link (not a deleted file), read refuses it in words", async () => {
    const f = cliFixture();
    const db = await withStore(f);
    const { full } = await indexedTranscript(f, db, "ses_linked000001", "     1\t# session\n");
    // Control: healthy.
    expect(f.run(["doctor", "--json"]).json<Report>().ok).toBe(true);
    const secret = path.join(tempDir(), "secret.txt");
    fs.writeFileSync(secret, "     1\tsomeone else's file\n");
    fs.rmSync(full);
    fs.symlinkSync(secret, full);
    const report = f.run(["doctor", "--json"]).json<Report>();
    expect(report.findings).toContainEqual(
      expect.objectContaining({
        check: "transcripts links",
        status: "fail",
        detail: expect.stringContaining(`${full} is a symbolic link`),
      }),
    );
    expect(JSON.stringify(report)).not.toContain("point at missing files");
    const read = f.run(["transcripts", "read", "ses_linked000001"]);
    expect(read.code).not.toBe(0);
    expect(read.stdout).not.toContain("someone else's file");
    expect(read.stderr).not.toContain("unexpected error");
  }, 60_000);

  it.skipIf(!isRoot)(
    "another user's store: doctor says whose it is, does not call it unreadable, changes nothing",
    async () => {
      const f = cliFixture();
      const db = await withStore(f);
      fs.chownSync(db, 65534, 65534);
      const report = f.run(["doctor", "--fix", "--json"]).json<Report>();
      expect(report.fixed).toEqual([]);
      expect(report.findings).toContainEqual(
        expect.objectContaining({
          check: "store mode",
          status: "fail",
          detail: expect.stringContaining(`${db} belongs to another user (uid 65534`),
        }),
      );
      expect(JSON.stringify(report)).not.toMatch(/cannot be opened|not a readable SQLite store|move ledger.db/);
      expect(fs.statSync(db).uid).toBe(65534);
      const list = f.run(["list"]);
      expect(list.code).toBe(1);
      expect(list.stderr).toContain("belongs to another user");
      expect(list.stderr).not.toContain("unexpected error");
    },
  );
});

describe("doctor and hand-edited transcripts", () => {
  it("a transcript whose size is not what its last export wrote is reported as changed outside the plugin", async () => {
    const f = cliFixture();
    const db = await withStore(f);
    const text = "     1\t# session\n     2\tmy key is pasted here\n     3\tthe end\n";
    const { rel, full } = await indexedTranscript(f, db, "ses_edited000001", text);
    // Control: as exported, nothing to say.
    const before = f.run(["doctor", "--json"]).json<Report>();
    expect(before.findings.map((x) => x.check)).not.toContain("transcripts edited");
    fs.writeFileSync(full, "     1\t# session\n     3\tthe end\n");
    const after = f.run(["doctor", "--json"]).json<Report>();
    expect(after.findings).toContainEqual(
      expect.objectContaining({
        check: "transcripts edited",
        status: "warn",
        detail: expect.stringContaining(`ses_edited000001 (${rel}, 29 bytes shorter)`),
      }),
    );
  }, 60_000);

  it("an edit in place of the same size: reported with what the next export will do; --fix keeps the edit", async () => {
    const f = cliFixture();
    await withStore(f);
    const session = syntheticSession(3, "ses_samesize000001", 300);
    /** The real exporter, over the fixture's data folder, closed again so the command line has it to itself. */
    const exportNow = async (s: SessionBuilder) => {
      const data = createDataContext(parseOptions({ dataDir: f.dataDir }).options, createMemoryLogger());
      try {
        return await exportTranscript({
          data,
          source: createMemorySource([s.data]),
          sessionID: s.sessionID,
          scope: f.project,
        });
      } finally {
        data.searchIndex.close();
        data.database.close();
      }
    };
    const { path: file } = await exportNow(session);
    expect(
      f
        .run(["doctor", "--json"])
        .json<Report>()
        .findings.map((x) => x.check),
    ).not.toContain("transcripts edited");
    // A pasted secret overwritten with x's in the last lines: the size is what the export wrote.
    const bytes = fs.readFileSync(file);
    bytes.fill("x".charCodeAt(0), bytes.length - 30, bytes.length - 10);
    fs.writeFileSync(file, bytes);
    const report = f.run(["doctor", "--fix", "--json"]).json<Report>();
    const edited = report.findings.find((x) => x.check === "transcripts edited");
    expect(edited).toMatchObject({ status: "warn" });
    expect(edited?.detail).toContain("ses_samesize000001");
    expect(edited?.detail).toContain("the same size, other bytes in its last 4 KiB");
    expect(edited?.detail).toContain(
      "The next export of each keeps the file as it is, writes nothing in it again, appends one note naming what it found",
    );
    expect(report.fixed.join("\n")).not.toContain(file);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    // The next export answers it; doctor has nothing more to say.
    session.turn(4, 300);
    const next = await exportNow(session);
    expect(next.handEdited).toBe(true);
    expect(fs.readFileSync(file).subarray(0, bytes.length).equals(bytes)).toBe(true);
    expect(
      f
        .run(["doctor", "--json"])
        .json<Report>()
        .findings.map((x) => x.check),
    ).not.toContain("transcripts edited");
  }, 60_000);
});
