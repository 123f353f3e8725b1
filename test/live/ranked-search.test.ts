/**
 * Ranked recall in the real OpenCode binary: a session is compacted (its transcript exported and indexed by the
 * plugin inside OpenCode's Bun), then the model, in another session, asks memory_session_search a question in words
 * that are not the transcript's; the answering line comes first. A literal and a regex search return exactly the
 * lines a scan of the transcript finds. Once the folders were listed and indexed, later ranked searches take their
 * transcripts from the index's record of them.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveServer, startOpencode } from "./harness.js";

const DECISION =
  "For the record: we settled on a token bucket for the rate limiter, 50 requests per second per client.";
const PLAN =
  "Plan, part 2 of 4: the callsite migration covers src/lib/resolve-target.ts, 796 callsites, then src/commands/list.ts.";
const FILLER = [
  "Please list the files in the repository and tell me which ones have tests.",
  "Rename the helper in utils to something clearer and update the imports.",
  "Run the linter and fix the warnings it reports about unused variables.",
];

describe("ranked transcript search, live", () => {
  let oc: LiveServer;
  let asker: string;
  let transcript: string;

  const call = async (args: Record<string, unknown>) => {
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: "memory_session_search", args });
    await oc.prompt(asker, "Search the transcripts, please.");
    return (
      oc.stub
        .since(mark)
        .find((r) => r.messages.at(-1)?.role === "tool")
        ?.messages.at(-1)?.text ?? ""
    );
  };

  /** The `<file>:<line>: text` lines of a result, as number and text. */
  const matchLines = (result: string) =>
    result
      .split("\n")
      .map((l) => /^ses_\w+\.md:(\d+): (.*)$/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ line: Number(m[1]), text: m[2] as string }));

  /** What a plain scan of the transcript finds: every line whose text passes `test`. */
  const scan = (test: (text: string) => boolean) =>
    fs
      .readFileSync(transcript, "utf8")
      .split("\n")
      .map((l) => /^ *(\d+)\t(.*)$/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null && test(m[2] as string))
      .map((m) => ({ line: Number(m[1]), text: m[2] as string }));

  beforeAll(async () => {
    oc = await startOpencode({ plugin: {} });
    const recorded = await oc.createSession("Throttling decisions");
    for (const text of [FILLER[0], DECISION, FILLER[1], PLAN, FILLER[2]]) await oc.prompt(recorded, text as string);
    expect((await oc.summarize(recorded)).status).toBe(200);
    const dir = path.join(oc.dataDir, "transcripts");
    const folder = fs.readdirSync(dir).find((d) => fs.existsSync(path.join(dir, d, `${recorded}.md`)));
    transcript = path.join(dir, folder ?? "", `${recorded}.md`);
    expect(fs.existsSync(path.join(oc.dataDir, "search-index.db"))).toBe(true);
    asker = await oc.createSession("Asking");
  }, 120_000);
  afterAll(async () => {
    await oc?.stop();
  });

  it("answers a question asked in other words with the line that answers it, first", async () => {
    const result = await call({ query: "what did we decide about throttling the rate limiter?" });
    const first = result.split("\n").find((l) => /^\d+: /.test(l));
    expect(first, result).toContain("we settled on a token bucket for the rate limiter");
    expect(result).toMatch(/^# ses_\w+ · "Throttling decisions"\n## 1 · /m);
    expect(result).toMatch(
      /\[search\] ranked: searched (?:all )?\d+(?: of \d+)? transcripts? in this project · \d+ hits?( · |$)/m,
    );
  });

  it("answers a long question in a user's words, naming the session, with the answering line first", async () => {
    const result = await call({
      query:
        "In the proposed 4-part plan, what specific files were listed for callsite migration in Part 2, and how many callsites were in each?",
      sessionID: path.basename(transcript, ".md"),
      limit: 5,
    });
    expect(result).not.toContain("No matches");
    const first = result.split("\n").find((l) => /^\d+: /.test(l));
    expect(first, result).toContain("src/lib/resolve-target.ts, 796 callsites");
  });

  it("literal and regex return exactly what a scan of the transcript finds", async () => {
    const literal = await call({
      query: "Rate Limiter",
      mode: "literal",
      contextLines: 0,
      sessionID: path.basename(transcript, ".md"),
    });
    const expected = scan((t) => t.toLowerCase().includes("rate limiter"));
    expect(expected.length).toBeGreaterThan(0);
    expect(matchLines(literal)).toEqual(expected);
    const regex = await call({
      query: "\\b(files|imports?)\\b",
      mode: "regex",
      contextLines: 0,
      sessionID: path.basename(transcript, ".md"),
    });
    const pattern = /\b(files|imports?)\b/iu;
    const expectedRegex = scan((t) => pattern.test(t));
    expect(expectedRegex.length).toBeGreaterThan(1);
    expect(matchLines(regex)).toEqual(expectedRegex);
  });

  it("answers from the index's record of the folders listed lately, and a session searched by id joins it", async () => {
    const listed = await call({ query: "token bucket rate limiter" });
    expect(listed).toContain("we settled on a token bucket for the rate limiter");
    // A copy put into the folder by hand (no export, no catalog row): not listed, so not found, while the listing
    // of the folder stands.
    const copy = path.join(path.dirname(transcript), "ses_plantedlive000001.md");
    fs.writeFileSync(copy, fs.readFileSync(transcript, "utf8").replace("token bucket", "leaky bucket"));
    const quiet = await call({ query: "leaky bucket rate limiter" });
    expect(quiet).not.toContain("ses_plantedlive000001");
    // From the last line: a hit may quote an earlier result's (the stub model repeats a tool's result in its reply).
    const searched = (result: string) =>
      Number(/^\[search\] ranked: searched (?:all )?(\d+) /.exec(result.split("\n").at(-1) ?? "")?.[1]);
    expect(searched(quiet)).toBeGreaterThan(0);
    // Named by its id it is found on disk and indexed; from then on the index's record holds it.
    const named = await call({ query: "leaky bucket", sessionID: "ses_plantedlive000001" });
    expect(named).toContain("1 transcript indexed by this search");
    // The asking session's own transcript, exported as it went idle, holds the query too, and the stub model's replies
    // repeat the earlier results, the copy's line among them: the copy need not be first, but a quote of its line in the
    // asking session never leaves it out as a repeat (it did when that reply ranked first).
    const joined = await call({ query: "leaky bucket rate limiter" });
    expect(joined).toMatch(/^# ses_plantedlive000001\b/m);
    expect(joined).toMatch(
      /^# ses_plantedlive000001\b.*\n## \d · .*\n(?:\d+- .*\n)*\d+: For the record: we settled on a leaky bucket/m,
    );
    expect(searched(joined)).toBe(searched(quiet) + 1);
  });
});
