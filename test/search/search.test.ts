import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rankedHits } from "../../bench/coding-recall-score.js";
import { createRipgrepLocator } from "../../src/search/ripgrep/locate.js";
import { createTranscriptSearch, type SearchDeps } from "../../src/search/search.js";
import { Database } from "../../src/store/database.js";
import { transcripts } from "../../src/store/schema.js";
import { scopeDirName } from "../../src/transcripts/paths.js";
import { tempDir } from "../helpers/temp-dir.js";
import { writeTranscript } from "../helpers/transcript-files.js";

const rgFound = "found" in (await createRipgrepLocator(undefined)());

function setup(extra: Partial<SearchDeps> = {}) {
  const root = tempDir();
  const dataDir = path.join(root, "data");
  const transcriptsDir = path.join(dataDir, "transcripts");
  const projectA = path.join(root, "project-a");
  const projectB = path.join(root, "project-b");
  const search = createTranscriptSearch({
    transcriptsDir,
    useRipgrep: false,
    locateRipgrep: createRipgrepLocator(undefined),
    ...extra,
  });
  return { root, dataDir, transcriptsDir, projectA, projectB, search };
}

describe("transcript search service", () => {
  it("searches this project's transcripts only, unless all is true", async () => {
    const s = setup();
    writeTranscript(s.transcriptsDir, s.projectA, "ses_aaaaaaaa01", ["the secret plan is in A"]);
    writeTranscript(s.transcriptsDir, s.projectB, "ses_bbbbbbbb01", ["the secret plan is in B"]);
    fs.writeFileSync(path.join(s.transcriptsDir, scopeDirName(s.projectB), "scope.txt"), `${s.projectB}\n`);
    const mine = await s.search({ query: "secret plan", scope: s.projectA });
    expect(mine.text).toContain("ses_aaaaaaaa01.md:1: the secret plan is in A");
    expect(mine.text).not.toContain("in B");
    expect(mine.text).toMatch(/\[search\] searched 1 transcript in this project .* 1 match in 1 session/);
    const all = await s.search({ query: "secret plan", scope: s.projectA, all: true });
    expect(all.text).toContain("in A");
    expect(all.text).toContain("in B");
    expect(all.text).toContain(`## ses_bbbbbbbb01 · ${s.projectB} · ${scopeDirName(s.projectB)}/ses_bbbbbbbb01.md`);
  });

  it("shows a ranked search the scan answers (no index) in the ranked hit's form, as readers of ranked results read it", async () => {
    const s = setup();
    writeTranscript(s.transcriptsDir, s.projectA, "ses_aaaaaaaa01", [
      "alpha",
      "the rate limiter allows 50 rps",
      "omega",
    ]);
    writeTranscript(s.transcriptsDir, s.projectB, "ses_bbbbbbbb01", ["the limiter in b"]);
    fs.writeFileSync(path.join(s.transcriptsDir, scopeDirName(s.projectB), "scope.txt"), `${s.projectB}\n`);
    const out = await s.search({ query: "rate limiter", mode: "ranked", scope: s.projectA, contextLines: 1 });
    expect(out.ranked).toBeUndefined();
    const lines = out.text.split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "# ses_aaaaaaaa01",
      "## 1",
      "1- alpha",
      "2: the rate limiter allows 50 rps",
      "3- omega",
    ]);
    expect(lines.at(-1)).toMatch(/^\[search\] ranked search unavailable \(no search index is configured\): fell back/);
    expect(out.text).not.toMatch(/\.md[:-]\d/);
    // The coding recall evaluation's scorer reads it as it reads an answer of the index.
    expect(rankedHits(out.text)).toEqual([
      { session: "ses_aaaaaaaa01", lines: ["alpha", "the rate limiter allows 50 rps", "omega"] },
    ]);
    // Every project's: a hit per transcript, ranked in the order the scan found them, each naming its project (the
    // one project-b's folder records).
    const all = await s.search({ query: "limiter", mode: "ranked", scope: s.projectA, all: true });
    const headings = all.text.split("\n").filter((l) => l.startsWith("# "));
    expect(headings.map((h) => h.replace(/^# /, "")).sort()).toEqual([
      "ses_aaaaaaaa01",
      `ses_bbbbbbbb01 · ${s.projectB}`,
    ]);
    expect(all.text.split("\n").filter((l) => l.startsWith("## "))).toEqual(["## 1", "## 2"]);
    // Literal and regex searches keep their own form.
    const literal = await s.search({ query: "rate limiter", scope: s.projectA });
    expect(literal.text).toContain("ses_aaaaaaaa01.md:2: the rate limiter allows 50 rps");
  });

  it("searches one session, refuses another project's without all, and says when there is no transcript", async () => {
    const s = setup();
    writeTranscript(s.transcriptsDir, s.projectA, "ses_aaaaaaaa01", ["alpha", "needle here"]);
    writeTranscript(s.transcriptsDir, s.projectA, "ses_aaaaaaaa02", ["needle there"]);
    writeTranscript(s.transcriptsDir, s.projectB, "ses_bbbbbbbb01", ["needle in b"]);
    fs.writeFileSync(path.join(s.transcriptsDir, scopeDirName(s.projectB), "scope.txt"), `${s.projectB}\n`);
    const one = await s.search({ query: "needle", scope: s.projectA, sessionID: "ses_aaaaaaaa01" });
    expect(one.result.matches).toBe(1);
    expect(one.text).toContain("in session ses_aaaaaaaa01");
    await expect(s.search({ query: "needle", scope: s.projectA, sessionID: "ses_bbbbbbbb01" })).rejects.toThrow(
      `no transcript of this project with id "ses_bbbbbbbb01"; it belongs to ${s.projectB}; pass all: true to search it`,
    );
    const other = await s.search({ query: "needle", scope: s.projectA, sessionID: "ses_bbbbbbbb01", all: true });
    expect(other.text).toContain("ses_bbbbbbbb01.md:1: needle in b");
    await expect(s.search({ query: "needle", scope: s.projectA, sessionID: "ses_cccccccc01" })).rejects.toThrow(
      /no transcript for the session with id "ses_cccccccc01"; it was never exported/,
    );
    await expect(s.search({ query: "needle", scope: s.projectA, sessionID: "../../etc/passwd" })).rejects.toThrow(
      /sessionID: .* is not a session id/,
    );
  });

  it("asks ensureTranscript for a session not on disk yet", async () => {
    const asked: string[] = [];
    const s = setup();
    const withExport = createTranscriptSearch({
      transcriptsDir: s.transcriptsDir,
      useRipgrep: false,
      locateRipgrep: createRipgrepLocator(undefined),
      ensureTranscript: async (sessionID) => {
        asked.push(sessionID);
        const file = writeTranscript(s.transcriptsDir, s.projectA, sessionID, ["exported on demand: needle"]);
        return { path: file, scope: s.projectA, title: "Late export" };
      },
    });
    const result = await withExport({ query: "needle", scope: s.projectA, sessionID: "ses_dddddddd01" });
    expect(asked).toEqual(["ses_dddddddd01"]);
    expect(result.text).toContain('## ses_dddddddd01 · "Late export"');
  });

  it("shows titles from the store's index", async () => {
    const s = setup();
    const database = new Database({ dataDir: s.dataDir });
    const file = writeTranscript(s.transcriptsDir, s.projectA, "ses_aaaaaaaa01", ["needle"]);
    await database.write((db) =>
      db
        .insert(transcripts)
        .values({
          sessionId: "ses_aaaaaaaa01",
          scope: s.projectA,
          path: path.relative(s.transcriptsDir, file),
          title: "Fix the flaky parser test",
          createdAt: 1,
          updatedAt: 1,
        })
        .run(),
    );
    const search = createTranscriptSearch({
      transcriptsDir: s.transcriptsDir,
      database,
      useRipgrep: false,
      locateRipgrep: createRipgrepLocator(undefined),
    });
    const result = await search({ query: "needle", scope: s.projectA });
    expect(result.text).toContain('## ses_aaaaaaaa01 · "Fix the flaky parser test" · ');
    database.close();
  });

  it("bounds the output and says what was cut and why", async () => {
    const s = setup();
    const lines = Array.from({ length: 400 }, (_, i) => `needle number ${i} ${"padding ".repeat(20)}`);
    writeTranscript(s.transcriptsDir, s.projectA, "ses_aaaaaaaa01", lines);
    writeTranscript(s.transcriptsDir, s.projectA, "ses_aaaaaaaa02", ["needle", "needle"]);
    const limited = await s.search({ query: "needle", scope: s.projectA, limit: 5, contextLines: 0 });
    expect(limited.result.matches).toBe(5);
    expect(limited.text).toMatch(
      /stopped at the limit of 5 matches: more may exist; narrow the query or raise limit \(at most 500\)/,
    );
    const cut = await s.search({ query: "needle", scope: s.projectA, limit: 300, maxBytes: 4_000 });
    expect(Buffer.byteLength(cut.text)).toBeLessThanOrEqual(4_000);
    expect(cut.text).toMatch(/output cut at 4,000 bytes: \d+ more matches not shown; raise maxBytes/);
    const budget = await s.search({ query: "needle", scope: s.projectA, scanBytesBudget: 1_000 });
    expect(budget.text).toMatch(
      /1 older transcript \(.*\) not searched: over the scan budget of 1.0 kB; name one with sessionID/,
    );
  });

  it("stops a slow regex at the time budget and reports it", async () => {
    const s = setup();
    const lines = Array.from({ length: 300 }, () => "a".repeat(16_000));
    writeTranscript(s.transcriptsDir, s.projectA, "ses_aaaaaaaa01", lines);
    const result = await s.search({ query: "a.*b", regex: true, scope: s.projectA, timeBudgetMs: 200 });
    expect(result.result.timedOut).toBe(true);
    expect(result.text).toMatch(/stopped after the time budget of 0 s/);
  });

  it("says when there is nothing to search yet", async () => {
    const s = setup();
    const result = await s.search({ query: "anything", scope: s.projectA });
    expect(result.text).toBe(
      "No transcripts for this project yet: every session OpenCode holds is copied into a transcript shortly after the plugin starts (backfill), and a session's transcript is brought up to date when it compacts. Pass all: true to search every project's transcripts.",
    );
  });

  it("names the engine, and the reason when ripgrep was wanted but not used", async () => {
    const s = setup({ useRipgrep: true, locateRipgrep: createRipgrepLocator(path.join(tempDir(), "no-rg")) });
    writeTranscript(s.transcriptsDir, s.projectA, "ses_aaaaaaaa01", ["needle"]);
    const missing = await s.search({ query: "needle", scope: s.projectA });
    expect(missing.engine).toBe("the built-in scanner");
    expect(missing.text).toMatch(/built-in scanner used: search.ripgrepPath ".*no-rg" is not an executable file/);
    const look = await s.search({ query: "nee(?=dle)", regex: true, scope: s.projectA });
    expect(look.text).toMatch(/built-in scanner used: ripgrep has no exact equivalent for lookarounds/);
  });

  it.skipIf(!rgFound)("uses ripgrep when it is found, and falls back when ripgrep fails", async () => {
    const s = setup({ useRipgrep: true });
    writeTranscript(s.transcriptsDir, s.projectA, "ses_aaaaaaaa01", ["needle", "other"]);
    const found = await s.search({ query: "needle", scope: s.projectA });
    expect(found.engine).toMatch(/^ripgrep \d+\.\d+\.\d+$/);
    // JavaScript accepts a lone surrogate escape, ripgrep refuses it: the built-in scanner answers instead.
    const refused = await s.search({ query: "needle|\\uD800", regex: true, scope: s.projectA, contextLines: 0 });
    expect(refused.engine).toMatch(/^the built-in scanner/);
    expect(refused.text).toMatch(/ripgrep failed, built-in scanner used: ripgrep failed: regex parse error: .*D800/);
    expect(refused.result.matches).toBe(1);
  });
});
