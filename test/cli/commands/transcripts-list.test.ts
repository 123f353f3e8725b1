import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../src/log.js";
import { parseOptions } from "../../../src/options.js";
import { createDataContext } from "../../../src/services.js";
import { connect } from "../../../src/store/driver.js";
import { exportTranscript } from "../../../src/transcripts/export/export-transcript.js";
import { createExportFileSource, readExportFile } from "../../../src/transcripts/source/export-file-source.js";
import { cliFixture } from "../../helpers/cli.js";
import { corpusFiles } from "../../helpers/transcripts.js";

const DAY = 86_400_000;

interface Row {
  sessionId: string;
  scope: string;
  path: string;
  file: string;
  lines: number;
  bytes: number;
  title: string | null;
}

/** Real corpus sessions exported by the plugin's exporter: the first four to the project, the rest to the other. */
async function withTranscripts() {
  const f = cliFixture();
  const files = corpusFiles();
  const data = createDataContext(parseOptions({ dataDir: f.dataDir }).options, createMemoryLogger());
  const source = createExportFileSource(files);
  const sessions: { id: string; scope: string }[] = [];
  for (const [i, file] of files.entries()) {
    const id = readExportFile(file).info.id;
    const scope = i < 4 ? f.project : f.other;
    await exportTranscript({ data, source, sessionID: id, scope });
    sessions.push({ id, scope });
  }
  data.database.close();
  const db = path.join(f.dataDir, "ledger.db");
  /** Sets when the session was last used and lines were last appended, `days` ago. */
  const age = async (id: string, days: number) => {
    const c = await connect(db, { readonly: false });
    c.exec(
      `UPDATE transcripts SET updated_at = ${Date.now() - days * DAY}, last_message_at = ${Date.now() - days * DAY} WHERE session_id = '${id}'`,
    );
    c.close();
  };
  return { f, sessions, age, mine: sessions.filter((s) => s.scope === f.project).map((s) => s.id) };
}

const listJson = (f: ReturnType<typeof cliFixture>, ...args: string[]) =>
  f.run(["transcripts", "list", "--json", ...args]).json<{ scopes: string[] | "all"; transcripts: Row[] }>();

describe("opencode-ledger transcripts", () => {
  it("lists this project's transcripts by default, every project's with --scope all", async () => {
    const { f, sessions, mine } = await withTranscripts();
    const json = listJson(f);
    expect(json.scopes).toEqual([f.project]);
    expect(json.transcripts.map((t) => t.sessionId).sort()).toEqual([...mine].sort());
    for (const t of json.transcripts) {
      expect(fs.statSync(t.file).size).toBe(t.bytes);
      expect(t.file.startsWith(path.join(f.dataDir, "transcripts"))).toBe(true);
    }
    expect(listJson(f, "--scope", "all").transcripts).toHaveLength(sessions.length);
    expect(listJson(f, "--scope", f.other).transcripts).toHaveLength(sessions.length - mine.length);
    const text = f.run(["transcripts", "list", "--scope", "all"]);
    expect(text.stdout).toMatch(/^SESSION\s+LAST USED\s+LINES\s+SIZE\s+MSGS\s+PROJECT\s+TITLE$/m);
    expect(text.stdout).toContain(`${sessions.length} transcripts,`);
    const none = f.run(["transcripts", "list", "--scope", f.root]);
    expect(none.stdout).toContain("No transcripts.");
    // Every session gets a transcript from the backfill, not only one that compacts: the hint says so.
    expect(none.stdout).toContain("copied into a transcript shortly after the plugin starts");
    expect(none.stdout).toContain('"opencode-ledger transcripts backfill" does it now');
    expect(none.stdout).not.toContain("when it compacts");
    expect(f.run(["transcripts", "list", "--scope", "global"]).code).toBe(2);
  }, 60_000);

  it("reads a transcript whole, or a window, exactly as on disk", async () => {
    const { f, mine } = await withTranscripts();
    const id = mine[0] as string;
    const row = listJson(f).transcripts.find((t) => t.sessionId === id) as Row;
    const onDisk = fs.readFileSync(row.file, "utf8");
    const whole = f.run(["transcripts", "read", id]);
    expect(whole.code).toBe(0);
    expect(whole.stdout).toBe(onDisk);
    const lines = onDisk.trimEnd().split("\n");
    const window = f.run(["transcripts", "read", id, "--offset", "3", "--limit", "4"]);
    expect(window.stdout).toBe(`${lines.slice(2, 6).join("\n")}\n`);
    expect(window.stderr).toBe("(more from line 7: --offset 7)\n");
    const json = f
      .run(["transcripts", "read", id, "--offset", "2", "--limit", "2", "--json"])
      .json<{ first: number; last: number; nextOffset: number; lines: string[] }>();
    expect(json).toMatchObject({ first: 2, last: 3, nextOffset: 4, lines: lines.slice(1, 3) });
    // Another project's transcript is read by its id too.
    const other = listJson(f, "--scope", f.other).transcripts[0] as Row;
    expect(f.run(["transcripts", "read", other.sessionId]).stdout).toBe(fs.readFileSync(other.file, "utf8"));
    const unknown = f.run(["transcripts", "read", "ses_doesnotexist01"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no transcript with id "ses_doesnotexist01"');
    expect(f.run(["transcripts", "read", "../../etc/passwd"]).code).toBe(2);
    fs.rmSync(row.file);
    const gone = f.run(["transcripts", "read", id]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain("is gone");
    expect(gone.stderr).toContain("transcripts cleanup --orphaned --apply");
  }, 60_000);

  it("cleanup is a dry run by default, keeps the newest, and --apply removes file and row", async () => {
    const { f, mine, age } = await withTranscripts();
    for (const [i, id] of mine.entries()) await age(id, 100 + i);
    const noRule = f.run(["transcripts", "cleanup"]);
    expect(noRule.code).toBe(2);
    expect(noRule.stderr).toContain("no rule given");
    const dry = f.run(["transcripts", "cleanup", "--older-than", "90", "--keep-recent", "1"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/Dry run: 3 of 4 transcripts are eligible \([\d.]+ [kM]?B\); nothing was removed\./);
    expect(dry.stdout).toContain("Run again with --apply to remove them.");
    const one = f.run(["transcripts", "cleanup", "--older-than", "90", "--keep-recent", "3"]);
    expect(one.stdout).toMatch(
      /Dry run: 1 of 4 transcripts is eligible .*; nothing was removed\. Run again with --apply to remove it\./,
    );
    const none = f.run(["transcripts", "cleanup", "--older-than", "900"]);
    expect(none.stdout).toMatch(/Dry run: 0 of 4 transcripts are eligible \(0 B\); nothing was removed\. Scope: /);
    expect(dry.stdout).toMatch(/kept\s+among the 1 newest transcripts of its project/);
    expect(dry.stdout).toMatch(/eligible\s+not used for 10\d days \(retentionDays 90\)/);
    expect(listJson(f).transcripts).toHaveLength(4);
    const files = listJson(f).transcripts.map((t) => t.file);

    const applied = f.run(["transcripts", "cleanup", "--older-than", "90", "--keep-recent", "1", "--apply", "--json"]);
    expect(applied.code).toBe(0);
    const report = applied.json<{
      applied: boolean;
      removed: { sessionID: string }[];
      protected: { sessionID: string }[];
    }>();
    expect(report.applied).toBe(true);
    expect(report.removed).toHaveLength(3);
    expect(report.protected.map((d) => d.sessionID)).toEqual([mine[0]]);
    const left = listJson(f).transcripts;
    expect(left.map((t) => t.sessionId)).toEqual([mine[0]]);
    expect(files.filter((file) => fs.existsSync(file))).toEqual([left[0]?.file]);
    // The other project's transcripts were not considered.
    expect(listJson(f, "--scope", f.other).transcripts.length).toBeGreaterThan(0);
    expect(f.run(["doctor"]).code).toBe(0);
  }, 60_000);

  it("cleans up rows whose file is gone, named sessions, and shows progress when asked", async () => {
    const { f, sessions } = await withTranscripts();
    const all = listJson(f, "--scope", "all").transcripts;
    const lost = all[0] as Row;
    fs.rmSync(lost.file);
    expect(f.run(["doctor"]).code).toBe(1);
    const orphans = f.run(["transcripts", "cleanup", "--scope", "all", "--orphaned", "--keep-recent", "0", "--apply"]);
    expect(orphans.code).toBe(0);
    expect(orphans.stdout).toContain(`Removed 1 of 1 eligible transcript (`);
    expect(orphans.stdout).toMatch(/removed\s+its transcript file is gone/);
    expect(f.run(["doctor"]).code).toBe(0);
    const named = all.slice(1, 3).map((t) => t.sessionId);
    const out = f.run([
      "transcripts",
      "cleanup",
      "--scope",
      "all",
      "--keep-recent",
      "0",
      ...named.flatMap((id) => ["--session", id]),
      "--session",
      "ses_notindexed0001",
      "--apply",
      "--progress",
    ]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("Removed 2 of 2 eligible transcripts");
    expect(out.stderr).toContain("cleanup: 2/2");
    expect(out.stderr).toContain("Not in the index (nothing to remove): ses_notindexed0001");
    expect(listJson(f, "--scope", "all").transcripts).toHaveLength(sessions.length - 3);
    expect(f.run(["transcripts", "cleanup", "--session", "not-a-session"]).code).toBe(2);
  }, 60_000);
});
