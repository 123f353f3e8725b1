import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../src/log.js";
import { parseOptions } from "../../../src/options.js";
import { SEARCH_LIMITS } from "../../../src/search/limits.js";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { createDataContext } from "../../../src/services.js";
import { exportTranscript } from "../../../src/transcripts/export/export-transcript.js";
import { createExportFileSource, readExportFile } from "../../../src/transcripts/source/export-file-source.js";
import { cliFixture } from "../../helpers/cli.js";
import { corpusFiles } from "../../helpers/transcripts.js";

interface Hit {
  sessionID: string;
  file: string;
  title?: string;
  lines: { line: number; text: string; match: boolean }[];
}

async function exported() {
  const f = cliFixture();
  const files = corpusFiles();
  const data = createDataContext(parseOptions({ dataDir: f.dataDir }).options, createMemoryLogger());
  const source = createExportFileSource(files);
  const ids: string[] = [];
  for (const [i, file] of files.entries()) {
    const id = readExportFile(file).info.id;
    await exportTranscript({ data, source, sessionID: id, scope: i === 0 ? f.project : f.other });
    ids.push(id);
  }
  data.database.close();
  return { f, ids };
}

describe("opencode-ledger transcripts search", () => {
  it("says in its help what the default search is and how many hits it gives", () => {
    const f = cliFixture();
    const help = f.run(["transcripts", "search", "--help"]);
    expect(help.code).toBe(0);
    const limit = help.stdout.split("\n").find((l) => l.includes("--limit")) as string;
    expect(limit).toContain(
      `default ${SEARCH_LIMITS.defaultHits} ranked, ${SEARCH_LIMITS.defaultMatches} matching lines`,
    );
    // The hits one session may have are the ranking profile's, said as the profile says.
    expect(help.stdout.replace(/\s+/g, " ")).toContain(`at most ${DEFAULT_PROFILE.sessions.perSession} per session`);
    const group = f.run(["transcripts", "--help"]).stdout;
    const summary = group.split("\n").find((l) => /^\s+search\s/.test(l)) as string;
    expect(summary).toContain("best-matching lines first");
    expect(summary).not.toContain("exact lines");
  });

  it("says how to get more in its own flags (--limit, --session), not the tool's argument names", async () => {
    const { f } = await exported();
    for (const mode of ["ranked", "literal"]) {
      const out = f.run(["transcripts", "search", "the", "--mode", mode, "--limit", "1", "--scope", "all"]);
      expect(out.code, out.stderr).toBe(0);
      const footer = out.stdout.trim().split("\n").at(-1) as string;
      expect(footer, mode).toMatch(/raise --limit/);
      expect(footer, mode).not.toMatch(/raise limit|sessionID|maxBytes|contextLines/);
    }
  });

  it("finds exact lines with their numbers, in this project by default and everywhere with --scope all", async () => {
    const { f, ids } = await exported();
    const mine = ids[0] as string;
    const file = f.run(["transcripts", "list", "--json"]).json<{ transcripts: { file: string }[] }>().transcripts[0]
      ?.file as string;
    const lines = fs.readFileSync(file, "utf8").split("\n");
    // A line of this transcript's text to look for: its title line.
    const titleLine = lines.find((l) => /\ttitle: /.test(l)) as string;
    const needle = titleLine.split("\ttitle: ")[1]?.slice(0, 30) as string;
    const out = f.run(["transcripts", "search", needle, "--mode", "literal", "--json"]);
    expect(out.code, out.stderr).toBe(0);
    const doc = out.json<{ matches: number; files: Hit[]; engine: string }>();
    expect(doc.files.map((h) => h.sessionID)).toEqual([mine]);
    const hit = doc.files[0]?.lines.find((l) => l.match);
    expect(hit?.text).toContain(needle);
    expect(lines[(hit?.line ?? 0) - 1]).toContain(needle);
    const text = f.run(["transcripts", "search", needle, "--mode", "literal"]);
    expect(text.stdout).toContain(`${path.basename(file)}:${hit?.line}:`);
    const everywhere = f.run([
      "transcripts",
      "search",
      "the",
      "--mode",
      "literal",
      "--scope",
      "all",
      "--limit",
      "500",
      "--json",
    ]);
    expect(new Set(everywhere.json<{ files: Hit[] }>().files.map((h) => h.sessionID)).size).toBeGreaterThan(1);
  }, 60_000);

  it("searches one session, with a regular expression and case, and refuses bad input", async () => {
    const { f, ids } = await exported();
    const other = ids[1] as string;
    // The other project's session, named from this project: an id is found wherever its transcript is.
    const one = f.run(["transcripts", "search", "--session", other, "--regex", "^#\\s+Session", "--json"]);
    expect(one.code, one.stderr).toBe(0);
    expect(one.json<{ files: Hit[] }>().files.map((h) => h.sessionID)).toEqual([other]);
    const cased = f.run([
      "transcripts",
      "search",
      "SESSION SES_",
      "--mode",
      "literal",
      "--case-sensitive",
      "--scope",
      "all",
      "--json",
    ]);
    expect(cased.json<{ matches: number }>().matches).toBe(0);
    const none = f.run(["transcripts", "search", "no-such-text-anywhere-4821", "--mode", "literal"]);
    expect(none.code).toBe(0);
    expect(f.run(["transcripts", "search"]).code).toBe(2);
    expect(f.run(["transcripts", "search", "x", "--context", "11"]).code).toBe(2);
    expect(f.run(["transcripts", "search", "x", "--session", "bad"]).code).toBe(2);
    const badRegex = f.run(["transcripts", "search", "(", "--regex"]);
    expect(badRegex.code).toBe(1);
    expect(badRegex.stderr).toContain("[opencode-ledger]");
    // A word longer than the index holds is refused for what it is, not as punctuation; literal still finds it.
    const long = f.run(["transcripts", "search", "a".repeat(1_000)]);
    expect(long.stderr).toContain("holds only words longer than 40 characters, which the index leaves out");
    expect(long.stderr).not.toContain("punctuation");
    expect(f.run(["transcripts", "search", "a".repeat(1_000), "--mode", "literal"]).code).toBe(0);
    expect(f.run(["transcripts", "search", "*** ---"]).stderr).toContain("only punctuation");
  }, 60_000);

  it("says with --explain what each stage of the ranking gave each hit, and refuses it for an exact search", async () => {
    const { f } = await exported();
    const out = f.run(["transcripts", "search", "error build test", "--scope", "all", "--explain"]);
    expect(out.code, out.stderr).toBe(0);
    const lines = out.stdout.split("\n");
    const headers = lines.flatMap((l, i) => (l.startsWith("## ") ? [i] : []));
    expect(headers.length).toBeGreaterThan(0);
    for (const at of headers) expect(lines[at + 1]).toMatch(/^explain: score [\d.]+ = \(?bm25 [\d.]+/);
    const json = f.run(["transcripts", "search", "error build test", "--scope", "all", "--explain", "--json"]);
    const hits = json.json<{ hits: { score: number; explain: { score: number; bm25: number } }[] }>().hits;
    expect(hits.length).toBe(headers.length);
    for (const hit of hits) expect(hit.explain.score).toBe(hit.score);
    const plain = f.run(["transcripts", "search", "error build test", "--scope", "all"]);
    expect(plain.stdout).not.toContain("explain:");
    const exact = f.run(["transcripts", "search", "error", "--mode", "literal", "--explain"]);
    expect(exact.code).toBe(1);
    expect(exact.stderr).toContain('explain: explains ranked searches only; use mode "ranked"');
  }, 60_000);
});
