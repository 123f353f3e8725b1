/**
 * What a ranked hit shows, on real sessions of the corpus: the line that answers, not only the line holding the
 * question's words. Each case is one way the answer was lost: a number lines below the words, an error in a tool's
 * output under the call that matched, the call an output came from, terminal escape codes, the plugin's own search
 * results, and the asking turn itself.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { RankedHit } from "../../../src/search/ranked/ranked-search.js";
import { exportTranscript } from "../../../src/transcripts/export/export-transcript.js";
import {
  createExportFileSource,
  createMemorySource,
  type SessionExport,
} from "../../../src/transcripts/source/export-file-source.js";
import { askRealSession, PROJECT, searchOver } from "../../helpers/indexed-sessions.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";
import { corpusFile, readTranscript, sharedSessionFile, testDataContext } from "../../helpers/transcripts.js";

/** Real sessions exported and indexed into a fresh data folder, and the plugin's search over them. */
async function realSessions(files: readonly string[], extra: readonly SessionExport[] = []) {
  const data = testDataContext();
  const real = files.map((f) => JSON.parse(fs.readFileSync(f, "utf8")) as SessionExport);
  const sessions = [...real.filter((r) => !extra.some((e) => e.info.id === r.info.id)), ...extra];
  const source = extra.length > 0 ? createMemorySource(sessions) : createExportFileSource(files);
  for (const s of sessions) await exportTranscript({ data, source, sessionID: s.info.id, scope: PROJECT });
  return { data, search: searchOver(data) };
}

const shown = (hits: readonly RankedHit[] | undefined) => (hits ?? []).flatMap((h) => h.lines.map((l) => l.text));

const LOGGING = "ses_39b4b4b3bffeXCkbhNdUgsq5wv";

describe("what a ranked hit shows, on real sessions", () => {
  it("shows the number a question asks for, lines below the line holding its words", async () => {
    // An issue's details as a tool listed them: the words are on the description line, the count nine lines lower.
    const out = await askRealSession(
      sharedSessionFile("lore", "CliSentryIssue"),
      "how many users were hit by the sentry issue saying the issue id is required",
    );
    expect(shown(out.ranked?.hits)).toContain("**Users Impacted**: 5");
  });

  it("shows a tool call's error from its output when the call is the hit, and an output's call", async () => {
    const { search } = await realSessions([corpusFile(LOGGING)]);
    const out = await search({
      query: "what went wrong fetching the logysia readme",
      mode: "ranked",
      scope: PROJECT,
      sessionID: LOGGING,
      limit: 5,
    });
    const call = out.ranked?.hits.find((h) => h.role === "tool-input" && h.tool === "webfetch");
    expect(call?.lines.map((l) => l.text)).toContain("Error: Request failed with status code: 404");
    // The error line is the output's, below the call's own lines.
    const error = call?.lines.find((l) => l.text.startsWith("Error:"));
    expect(error?.line).toBeGreaterThan(call?.line as number);
    const output = await search({
      query: "Request failed with status code",
      mode: "ranked",
      scope: PROJECT,
      role: "tool-output",
      sessionID: LOGGING,
    });
    const hit = output.ranked?.hits[0];
    expect(hit?.lines[0]?.text).toMatch(/^\[tool webfetch · error\]$/);
    expect(out.text).toContain("Error: Request failed with status code: 404");
  });

  it("shows the output a message comments on, just before it", async () => {
    // After the failed fetch, the agent's next thought names a new strategy; what failed stands in the output above.
    const { search } = await realSessions([corpusFile(LOGGING)]);
    const out = await search({
      query: "testing readme fetch strategies",
      mode: "ranked",
      scope: PROJECT,
      sessionID: LOGGING,
      role: "reasoning",
    });
    const thought = out.ranked?.hits.find((h) =>
      h.lines.some((l) => l.match && l.text === "**Testing README fetch strategies**"),
    );
    expect(thought?.lines.map((l) => l.text)).toContain("Error: Request failed with status code: 404");
  });

  it("leaves terminal escape codes out of the lines shown, while the transcript keeps them", async () => {
    const out = await askRealSession(
      sharedSessionFile("more", "ses_4pbkvtzm5tu4miskfklt"),
      "why did generating the markdown parser fail",
    );
    const lines = (out.ranked?.hits ?? []).flatMap((h) => h.lines);
    expect(lines.map((l) => l.text)).toContain("Error: Error when generating parser");
    expect(out.text).not.toContain("\u001b");
    const transcript = readTranscript(out.ranked?.hits[0]?.file.path as string);
    const raw = lines.find((l) => l.text === "Error: Error when generating parser");
    expect(transcript.find((l) => l.number === raw?.line)?.text).toContain("\u001b[31mError:\u001b[0m");
  });
});

describe("what a ranked search never shows", () => {
  /** The real session, then a later turn: a question, a search of this plugin's that echoes the answer, a reply. */
  function withOwnSearch(): {
    session: SessionExport;
    asking: { sessionID: string; messageID: string };
    userLine: string;
  } {
    const real = JSON.parse(fs.readFileSync(corpusFile(LOGGING), "utf8")) as SessionExport;
    const s = new SessionBuilder(LOGGING, real.info.title, real.info.directory, "ASK");
    s.data.info = real.info;
    s.data.messages.push(...real.messages);
    const question = "Which status code did the logysia readme fetch come back with?";
    s.user(question);
    const reply = s.assistant(
      (b) => {
        b.step();
        b.tool(
          "memory_session_search",
          { query: "logysia readme fetch status code" },
          `# ${LOGGING}\n## 1 · tool-input (webfetch)\n638- Error: Request failed with status code: 404 (logysia readme fetch)`,
        );
        b.tool(
          "memory_save",
          { content: "Keep the logysia readme mirror under docs/vendor/logysia.md" },
          "saved entry 12",
        );
        b.text("Looking at the logysia readme fetch now.");
      },
      { completed: false },
    );
    return { session: s.data, asking: { sessionID: LOGGING, messageID: reply.info.id }, userLine: question };
  }

  it("never returns the plugin's own search results", async () => {
    const { session } = withOwnSearch();
    const { search } = await realSessions([corpusFile(LOGGING)], [session]);
    const out = await search({ query: "logysia readme fetch status code", mode: "ranked", scope: PROJECT, limit: 10 });
    expect(out.ranked?.hits.length).toBeGreaterThan(0);
    expect(out.ranked?.hits.filter((h) => h.tool === "memory_session_search")).toEqual([]);
    expect(out.text).not.toContain("(logysia readme fetch)");
    // What was given to memory_save is what the user chose to keep: it is found.
    const kept = await search({ query: "logysia readme mirror vendor", mode: "ranked", scope: PROJECT, limit: 5 });
    expect(kept.ranked?.hits.some((h) => h.tool === "memory_save" && h.role === "tool-input")).toBe(true);
    expect(kept.text).not.toContain("saved entry 12");
  });

  it("never returns the turn the search is asked from, and does without the asking message", async () => {
    const { session, asking, userLine } = withOwnSearch();
    const { search } = await realSessions([corpusFile(LOGGING)], [session]);
    const query = "which status code did the logysia readme fetch come back with";
    const asked = await search({ query, mode: "ranked", scope: PROJECT, limit: 10, asking });
    expect(shown(asked.ranked?.hits)).not.toContain(userLine);
    expect(shown(asked.ranked?.hits)).toContain("Error: Request failed with status code: 404");
    // Asked from elsewhere, the same question finds that turn's question: it is the asking turn that is left out.
    const elsewhere = await search({ query, mode: "ranked", scope: PROJECT, limit: 10 });
    expect(shown(elsewhere.ranked?.hits)).toContain(userLine);
    // A message the transcript does not hold (exported before the turn began) leaves every line searchable.
    const unknown = await search({
      query,
      mode: "ranked",
      scope: PROJECT,
      limit: 10,
      asking: { ...asking, messageID: "msg_notinthetranscript" },
    });
    expect(shown(unknown.ranked?.hits)).toContain(userLine);
  });
});
