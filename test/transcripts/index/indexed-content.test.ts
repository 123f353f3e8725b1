/**
 * What the index holds of real transcripts of the corpus, each case a cause of a missed answer: terminal escape
 * sequences, the plugin's own tool results, a fetched page above the conversation, an error in a tool's output found
 * by the words of its call.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { IndexConnection } from "../../../src/transcripts/index/index-connection.js";
import type { SessionExport } from "../../../src/transcripts/source/export-file-source.js";
import { indexedSessions, PROJECT } from "../../helpers/indexed-sessions.js";
import { CORPUS_DIR, cloneExport, corpusFile } from "../../helpers/transcripts.js";

const exportOf = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as SessionExport;
const corpusSession = (name: string) => exportOf(corpusFile(name));
/** A session of another project and agent, converted to an OpenCode export (`corpus/more/`). */
const moreSession = (name: string) => {
  const dir = path.join(path.dirname(CORPUS_DIR), "more");
  return exportOf(path.join(dir, fs.readdirSync(dir).find((f) => f.includes(name)) as string));
};

async function connectionOf(sessions: SessionExport[]) {
  const indexed = await indexedSessions(sessions);
  const health = await indexed.data.searchIndex.forReading();
  if (!health.usable) throw new Error(health.reason);
  return { ...indexed, connection: health.connection };
}

/** Whether the index holds `term` (as FTS5 stores it: folded, stemmed) in either column. */
function holdsTerm(connection: IndexConnection, term: string): boolean {
  connection.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocab USING fts5vocab(main, unit_text, row)");
  return connection.get("SELECT term FROM temp.vocab WHERE term = ?", term) !== undefined;
}

// A hit's header says what it is (its session is the heading above it).
const hitsOf = (text: string) => [...text.matchAll(/^## \d+ · (\S+(?: \(\S+\))?) · /gm)].map((m) => m[1]);
const linesOf = (text: string) => [...text.matchAll(/^(\d+): /gm)].map((m) => Number(m[1]));

describe("terminal escape sequences", () => {
  it("are left out of the index: a coloured `error[E0433]` is the word error, not 1merror", async () => {
    // specstory-copilot-tree-sitter: cargo's output, `ESC[91;1merror[E0433]ESC[39m: failed to resolve: …`
    const { connection, search } = await connectionOf([moreSession("ses_4pbkvtzm5tu4miskfklt")]);
    expect(holdsTerm(connection, "1merror")).toBe(false);
    expect(holdsTerm(connection, "39m")).toBe(false);
    expect(holdsTerm(connection, "e0433")).toBe(true);
    // The transcript keeps the bytes, and a literal search for them still finds them (the index does not rule the
    // transcript out for words it left out).
    const literal = await search({ query: "\u001b[91;1merror[E0433]", mode: "literal", scope: PROJECT });
    expect(literal.result.matches).toBeGreaterThan(0);
    const session = connection.get<{ partial: number }>("SELECT partial FROM sessions");
    expect(session?.partial).toBe(1);
  });
});

describe("the plugin's own tool results", () => {
  it("are never indexed, so a search never returns what an earlier search returned", async () => {
    const session = cloneExport(corpusSession("curious-harbor"));
    const last = session.messages.at(-1) as SessionExport["messages"][number];
    const id = (tag: string) => `${last.info.id}${tag}`;
    const base = { sessionID: session.info.id, messageID: id("own") };
    const time = { start: last.info.time.created + 1_000, end: last.info.time.created + 1_100 };
    const echoed = "Cannot find package 'elysia-protobuf' from 'core/src/protobuf.ts'";
    session.messages.push({
      info: { ...last.info, id: id("own"), time: { created: time.start, completed: time.end } },
      parts: [
        {
          ...base,
          id: `${id("own")}p1`,
          type: "tool",
          callID: "call_ownsearch",
          tool: "memory_session_search",
          state: {
            status: "completed",
            input: { query: "which package could the smoke run not find" },
            output: `# ${session.info.id}\n## 1 · assistant\n1657: - \`${echoed}\``,
            title: "ranked search",
            metadata: {},
            time,
          },
        },
      ],
    } as SessionExport["messages"][number]);
    const { search, connection } = await connectionOf([session]);
    const out = await search({ query: "which package could the smoke run not find", mode: "ranked", scope: PROJECT });
    expect(out.ranked?.hits.length).toBeGreaterThan(0);
    expect(out.text).not.toContain("memory_session_search");
    expect(hitsOf(out.text).every((kind) => !kind?.includes("memory_"))).toBe(true);
    const own = connection.get<{ n: number }>("SELECT count(*) AS n FROM units WHERE tool LIKE 'memory%'");
    expect(own?.n).toBe(0);
    // The literal search still reads the whole transcript: the index does not rule it out for what it left out.
    const literal = await search({ query: "ranked search", mode: "literal", scope: PROJECT });
    expect(literal.result.matches).toBeGreaterThan(0);
  });
});

describe("documents the agent fetched", () => {
  it("weigh below what was said: the request about logysia, not its fetched README, comes first", async () => {
    // curious-harbor: the user asks for logysia support (line 526); the agent fetches its README (line 1002).
    const session = corpusSession("curious-harbor");
    const { search } = await connectionOf([session]);
    const out = await search({
      query: "logysia logging middleware",
      mode: "ranked",
      scope: PROJECT,
      sessionID: session.info.id,
    });
    expect(hitsOf(out.text)[0]).toBe("user");
    expect(linesOf(out.text)[0]).toBe(526);
    // Still found, below the conversation.
    expect(hitsOf(out.text).indexOf("tool-output (webfetch)")).toBeGreaterThan(0);
  });
});

describe("a tool's output", () => {
  it("is found by the words of its call: the error of the smoke run", async () => {
    // curious-harbor line 1632: `[tool bash · … · "Smoke-run core entry for startup errors"]`, its output at 1638:
    // `error: Cannot find package 'elysia-protobuf' from '…/core/src/protobuf.ts'`
    const { search } = await connectionOf([corpusSession("curious-harbor")]);
    const out = await search({
      query: "smoke run of the core entry",
      mode: "ranked",
      scope: PROJECT,
      role: "tool-output",
    });
    expect(linesOf(out.text)[0]).toBe(1638);
  });
});

describe("identifiers", () => {
  it("match by their camelCase parts as well as whole", async () => {
    // curious-harbor line 1475: "preserves `createLogysiaWriter()` so `@grotto/logysia` can write through …"
    const { search } = await connectionOf([corpusSession("curious-harbor")]);
    const parts = await search({ query: '"logysia writer"', mode: "ranked", scope: PROJECT });
    expect(linesOf(parts.text)).toContain(1475);
    const whole = await search({ query: "createLogysiaWriter", mode: "ranked", scope: PROJECT });
    expect(linesOf(whole.text)).toContain(1475);
  });
});
