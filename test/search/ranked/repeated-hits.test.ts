/**
 * What takes no place among the hits, on real sessions of the corpus: the same document read or attached in several
 * sessions (AGENTS.md attached in two real sessions, in two versions, and read once more with a read tool's
 * numbering), the bare note that an attachment was read, and a directory listing whose paths hold the query's words.
 * And what still does: a short line said twice, and a run of a command whose result differs from another run's.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { RankedHit } from "../../../src/search/ranked/ranked-search.js";
import { exportTranscript } from "../../../src/transcripts/export/export-transcript.js";
import { createMemorySource, type SessionExport } from "../../../src/transcripts/source/export-file-source.js";
import { PROJECT, searchOver } from "../../helpers/indexed-sessions.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";
import { corpusFile, corpusFiles, testDataContext } from "../../helpers/transcripts.js";

const HIDDEN_RIVER = "ses_39b709b7fffea1aT6PAuEvX6Zq";
const CRISP_GARDEN = "ses_39bc72f63ffeQb8egYBpyTrCNr";
const NEON_RIVER = "ses_39b623ce7ffeILPe9UgDcyGicH";
const CURIOUS_HARBOR = "ses_39b4b4b3bffeXCkbhNdUgsq5wv";

const real = (id: string) => JSON.parse(fs.readFileSync(corpusFile(id), "utf8")) as SessionExport;

/** Sessions exported and indexed into a fresh data folder, and the plugin's search over them. */
async function indexed(sessions: readonly SessionExport[]) {
  const data = testDataContext();
  const source = createMemorySource(sessions);
  for (const s of sessions) await exportTranscript({ data, source, sessionID: s.info.id, scope: PROJECT });
  return searchOver(data);
}

/** The text of a real part: the AGENTS.md attached in a real session, as the host put it in the message. */
function attached(session: SessionExport, endsWith: string): string {
  for (const m of session.messages)
    for (const p of m.parts)
      if (p.type === "text" && p.text.startsWith("<path>") && p.text.split("\n")[0]?.endsWith(`${endsWith}</path>`))
        return p.text;
  throw new Error(`no attachment of ${endsWith} in ${session.info.id}`);
}

/** A shown line without its number (`24: `, `00024| `) and spacing. */
const bare = (text: string) => text.replace(/^\s*\d+[:|]\s?/, "").trim();
const showing = (hits: readonly RankedHit[] | undefined, line: string) =>
  (hits ?? []).filter((h) => h.lines.some((l) => bare(l.text) === line));

/** The AGENTS.md a real session attached, read once more by a read tool in a session of its own (`00024| ` lines). */
function readAgain(doc: string): SessionExport {
  const body = /<content>([\s\S]*)<\/content>/.exec(doc)?.[1] ?? "";
  const numbered = body
    .split("\n")
    .map((l) => l.replace(/^(\d+): /, (_, n: string) => `${n.padStart(5, "0")}| `))
    .join("\n");
  const b = new SessionBuilder("ses_zzreadsagentsmd0001", "Reads the guide", PROJECT, "RDG");
  b.user("Read the agent guide first, then fix the logging format.");
  b.assistant((a) => {
    a.step();
    a.tool("read", { filePath: "/Users/alex/repos/vfp/dark-factory/AGENTS.md" }, `<file>\n${numbered}\n</file>`);
    a.text("The guide asks for `System // Sub system // Message` log lines; I will follow it.");
  });
  return b.data;
}

/** A hit showing at least three lines that are only a path (a glob's, an `ls`'s or an attached folder's entries). */
const listing = (h: RankedHit) => h.lines.filter((l) => /^[\w@./-]*[/.][\w@./-]*$/.test(l.text.trim())).length >= 3;

const allCorpus = () => corpusFiles().map((f) => JSON.parse(fs.readFileSync(f, "utf8")) as SessionExport);

describe("what takes no second place among the hits, on real sessions", () => {
  it("shows a document attached or read in several sessions once, in two versions and with a read tool's numbers", async () => {
    // Two real sessions attached AGENTS.md in two versions (the later one two lines longer, its numbers shifted).
    const crisp = real(CRISP_GARDEN);
    const sessions = [real(HIDDEN_RIVER), crisp, readAgain(attached(crisp, "AGENTS.md"))];
    const search = await indexed(sessions);
    const out = await search({ query: "cursor copilot rules", mode: "ranked", scope: PROJECT, limit: 5 });
    expect(showing(out.ranked?.hits, "## 3) Cursor and Copilot Rules")).toHaveLength(1);
    expect(out.ranked?.repeated).toBeGreaterThanOrEqual(2);
    // The places left go to other messages: what was said and done about those rules.
    expect(out.ranked?.hits.length).toBe(5);
  });

  it("keeps a short line said twice: two sessions thanking for different things are two answers", async () => {
    const thanks = (id: string, tag: string, done: string) => {
      const b = new SessionBuilder(id, "Thanks", PROJECT, tag);
      b.user(done);
      b.assistant((a) => a.text("Done."));
      b.user("Thanks! That works.");
      return b.data;
    };
    const search = await indexed([
      thanks("ses_zzthanks00000001", "THA", "Bump the zebracorn timeout to 30 s."),
      thanks("ses_zzthanks00000002", "THB", "Rename the zebracorn queue to jobs."),
    ]);
    const out = await search({ query: "thanks that works", mode: "ranked", scope: PROJECT, limit: 5 });
    expect(showing(out.ranked?.hits, "Thanks! That works.")).toHaveLength(2);
  });

  it("keeps two runs of one command whose outcome differs: the same lines around another result are two answers", async () => {
    const run = (id: string, tag: string, result: string) => {
      const b = new SessionBuilder(id, "Parser tests", PROJECT, tag);
      b.user("Run the parser tests.");
      b.assistant((a) => {
        a.step();
        const lines = Array.from(
          { length: 8 },
          (_, i) => `test/parser/case-${i + 1}.test.ts: tokenizes nested brackets`,
        );
        a.tool("bash", { command: "bun test test/parser" }, [...lines, result].join("\n"));
      });
      return b.data;
    };
    const search = await indexed([
      run("ses_zzparser00000001", "PRA", "7 pass 1 fail: case-3 expected ']' got EOF"),
      run("ses_zzparser00000002", "PRB", "8 pass 0 fail"),
    ]);
    const out = await search({ query: "did the parser tests pass", mode: "ranked", scope: PROJECT, limit: 5 });
    const results = (out.ranked?.hits ?? []).flatMap((h) => h.lines.filter((l) => / pass \d+ fail/.test(l.text)));
    expect(results.map((l) => l.text).sort()).toEqual(["7 pass 1 fail: case-3 expected ']' got EOF", "8 pass 0 fail"]);
  });

  it("never gives a place to the bare note that an attachment was read", async () => {
    // Real notes: "Called the Read tool with the following input: {"filePath":…/README.md"}" and the like, each a
    // unit of its own beside the attached text; with the session named, nothing caps them by session.
    const search = await indexed(allCorpus());
    const notes: string[] = [];
    for (const sessionID of [HIDDEN_RIVER, NEON_RIVER, CURIOUS_HARBOR])
      for (const query of ["read tool input filePath README", "logging ts read input"]) {
        const out = await search({ query, mode: "ranked", scope: PROJECT, sessionID, limit: 5 });
        expect(out.ranked?.hits.length).toBeGreaterThan(0);
        for (const h of out.ranked?.hits ?? [])
          notes.push(...h.lines.filter((l) => l.text.startsWith("Called the Read tool")).map((l) => l.text));
      }
    expect(notes).toEqual([]);
  });

  it("gives a directory listing of the query's path parts one place, not several", async () => {
    const search = await indexed(allCorpus());
    // A glob of a hundred paths is several units of one output: one place, the others add their lines to it.
    const glob = await search({
      query: "docs external moonrepo guides examples",
      mode: "ranked",
      scope: PROJECT,
      sessionID: HIDDEN_RIVER,
      limit: 5,
    });
    expect(glob.ranked?.hits.filter((h) => h.tool === "glob")).toHaveLength(1);
    expect(glob.ranked?.hits.length).toBe(5);
    // The moonrepo docs folder attached twice in one session, and globbed in another, project-wide.
    const out = await search({
      query: "docs external moonrepo commands docker",
      mode: "ranked",
      scope: PROJECT,
      limit: 5,
    });
    expect(out.ranked?.hits.filter((h) => listing(h)).length).toBeLessThanOrEqual(1);
    expect(out.ranked?.hits.length).toBe(5);
    const attached = await search({
      query: "docs commands docker scaffold ext md",
      mode: "ranked",
      scope: PROJECT,
      sessionID: NEON_RIVER,
      limit: 5,
    });
    expect(attached.ranked?.hits.filter((h) => listing(h)).length).toBeLessThanOrEqual(1);
  });
});
