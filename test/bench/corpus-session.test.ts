import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type SessionPlan, sessionLines } from "../../bench/corpus-session.js";
import { SearchIndex } from "../../src/transcripts/index/search-index.js";
import { roleSql } from "../../src/transcripts/index/unit-columns.js";
import { formatLines } from "../../src/transcripts/transcript-file.js";
import { REPO_ROOT } from "../helpers/runtime-child.js";
import { seeded } from "../helpers/secret-samples.js";
import { tempDir } from "../helpers/temp-dir.js";

/** A generated session written as the corpus writes it, indexed by the real index. */
async function indexedSession(plan: Partial<SessionPlan> = {}) {
  // Files read by the session's tools; as in the corpus, none that holds the planted words.
  const share = ["src/transcripts/transcript-format.ts", "README.md", "docs/architecture.md"]
    .map((f) => fs.readFileSync(path.join(REPO_ROOT, f), "utf8"))
    .filter((text) => !/econn|git status/i.test(text))
    .map((text) => text.split("\n"));
  expect(share.length).toBeGreaterThan(0);
  const session = "ses_000000corpus0Bench1";
  const lines = sessionLines({
    next: seeded(7),
    project: 3,
    session,
    targetBytes: 150_000,
    rare: true,
    common: true,
    share,
    ...plan,
  });
  const dir = tempDir();
  const file = path.join(dir, "transcripts", "project-3", `${session}.md`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, formatLines(1, lines), { mode: 0o600 });
  const stat = fs.statSync(file);
  const index = new SearchIndex(path.join(dir, "data"));
  const health = await index.forWriting();
  if (!health.usable) throw new Error(health.reason);
  const transcript = {
    sessionID: session,
    path: file,
    relative: `project-3/${session}.md`,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    ino: stat.ino,
  };
  const caught = await index.catchUp([transcript], true);
  expect(caught.failed).toEqual([]);
  return { lines, connection: health.connection, close: () => index.close() };
}

describe("the benchmark corpus's sessions", () => {
  it("are read by the index as messages: user and assistant text, reasoning, tool inputs and outputs, with times", async () => {
    const { connection, close } = await indexedSession();
    const rows = connection.all<{ role: string; n: number; timed: number; lines: number }>(
      `SELECT ${roleSql("u")} AS role, count(*) AS n, count(u.time) AS timed, sum(u.line_span + 1) AS lines
         FROM units u GROUP BY role ORDER BY role`,
    );
    close();
    const count = new Map(rows.map((r) => [r.role, r.n]));
    for (const role of ["user", "assistant", "reasoning", "tool-input", "tool-output"]) {
      expect([role, (count.get(role) ?? 0) > 0]).toEqual([role, true]);
    }
    // Every unit has its message's time (the header's, the session's creation).
    expect(rows.every((r) => r.timed === r.n)).toBe(true);
    // The notes are the session's header, the message headers and the step markers: one line each, few of the lines.
    const lines = (of: typeof rows) => of.reduce((n, r) => n + r.lines, 0);
    expect(lines(rows.filter((r) => r.role !== "meta")) / lines(rows)).toBeGreaterThan(0.8);
  });

  it("hold the planted lines where a real session would: the error of a failed call, a call's input", async () => {
    const { lines, connection, close } = await indexedSession();
    const where = (match: string) =>
      connection.all<{ role: string; tool: string | null }>(
        `SELECT ${roleSql("u")} AS role, u.tool FROM unit_text JOIN units u ON u.id = unit_text.rowid
           WHERE unit_text MATCH ?`,
        match,
      );
    const rare = where('"ECONNRESET"');
    const common = where('"git status"');
    close();
    expect(rare).toEqual([{ role: "tool-output", tool: "bash" }]);
    expect(lines.filter((l) => l.includes("ECONNRESET"))).toHaveLength(1);
    expect(lines[lines.findIndex((l) => l.includes("ECONNRESET")) - 1]).toBe("[error · 1 line]");
    expect(common.length).toBeGreaterThan(0);
    // The call's input, and its output, which the index holds with the start of its call.
    expect(common).toContainEqual({ role: "tool-input", tool: "bash" });
    expect(common.every((u) => u.tool === "bash" && u.role.startsWith("tool-"))).toBe(true);
  });

  it("are the same for the same seed", () => {
    const plan = (): SessionPlan => ({
      next: seeded(11),
      project: 1,
      session: "ses_000000corpus0Bench2",
      targetBytes: 20_000,
      rare: false,
      common: false,
      share: [["one line", "two lines"]],
    });
    expect(sessionLines(plan())).toEqual(sessionLines(plan()));
  });
});
