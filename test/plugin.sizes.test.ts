/**
 * Sizes: huge bodies, huge tool outputs, very long transcript lines and thousands of sessions. Every tool result stays
 * within its byte bound, and where memory matters (a search over everything, a window of a huge line, the export of
 * a huge output) a process of its own measures its peak resident set: it grows with the budget, not with the data.
 * The figures are printed for docs/reliability.md.
 */

import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byteLength, MAX_RESULT_BYTES } from "../src/bounded-output.js";
import { normalizeScopePath } from "../src/scope.js";
import { LIMITS } from "../src/store/memory-types.js";
import type { NewTranscriptRow } from "../src/store/schema.js";
import { saveTranscript } from "../src/transcripts/catalog.js";
import { exportTranscript } from "../src/transcripts/export/export-transcript.js";
import { scopeDir } from "../src/transcripts/paths.js";
import { createMemorySource } from "../src/transcripts/source/export-file-source.js";
import { type PluginParts, type ProjectParts, pluginParts } from "./helpers/plugin-parts.js";
import { NODE_BIN, REPO_ROOT, spawnBun } from "./helpers/runtime-child.js";
import { SessionBuilder } from "./helpers/synthetic-session.js";
import { suiteDir } from "./helpers/temp-dir.js";

const PROBE = path.join(REPO_ROOT, "test", "helpers", "size-probe.mjs");
const SESSIONS = 4_000;
const PROJECTS = 40;
const LINES_PER_SESSION = 500;
const LONG_LINE = 8_000_000;
const HUGE_OUTPUT = 40_000_000;
const MB = 1024 * 1024;

interface Probe {
  growth: number;
  peakRss: number;
  rssBefore: number;
  [key: string]: unknown;
}

/** Runs the size probe under Node and under Bun; resolves with both measurements. */
async function probe(args: string[]): Promise<{ node: Probe; bun: Probe }> {
  const run = (child: { stdout: () => string; stderr: () => string; exited: Promise<{ code: number | null }> }) =>
    child.exited.then(({ code }) => {
      if (code !== 0) throw new Error(`size probe ${args[0]} failed (${code}): ${child.stderr()}`);
      return JSON.parse(child.stdout().trim().split("\n").at(-1) ?? "{}") as Probe;
    });
  const node = spawn(NODE_BIN, [PROBE, ...args], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  node.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  node.stderr.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const nodeResult = await run({
    stdout: () => out,
    stderr: () => err,
    exited: new Promise((resolve) => node.on("exit", (code) => resolve({ code }))),
  });
  const bunResult = await run(spawnBun(PROBE, args));
  return { node: nodeResult, bun: bunResult };
}

const figure = (what: string, m: { node: Probe; bun: Probe }) =>
  console.log(
    `[figures] ${what}: RSS growth Node ${(m.node.growth / MB).toFixed(1)} MB, Bun ${(m.bun.growth / MB).toFixed(1)} MB`,
  );

describe("sizes", () => {
  const suite = suiteDir();
  let parts: PluginParts;
  let alpha: ProjectParts;
  let hugeFile: string;
  let totalBytes = 0;

  beforeAll(async () => {
    parts = pluginParts({}, normalizeScopePath(suite.path));
    alpha = parts.project("alpha");
    const line = (i: number, text: string) => `${String(i).padStart(6)}\t${text}\n`;
    const rows: NewTranscriptRow[] = [];
    const now = Date.now();
    for (let f = 0; f < SESSIONS; f++) {
      const scope = path.join(parts.root, `project-${f % PROJECTS}`);
      const dir = scopeDir(parts.data.transcriptsDir, scope);
      fs.mkdirSync(dir, { recursive: true });
      let text = "";
      for (let i = 1; i <= LINES_PER_SESSION; i++) {
        text += line(
          i,
          i % 97 === 0
            ? `needle in session ${f} line ${i}`
            : `ordinary line ${i} of session ${f}: words that make it as long as a line of a real transcript is`,
        );
      }
      const sessionId = `ses_many${String(f).padStart(8, "0")}`;
      const file = path.join(dir, `${sessionId}.md`);
      fs.writeFileSync(file, text);
      totalBytes += text.length;
      rows.push({
        sessionId,
        scope,
        path: path.relative(parts.data.transcriptsDir, file),
        title: `Session ${f}`,
        lines: LINES_PER_SESSION,
        bytes: text.length,
        messageCount: 10,
        exportedAt: now - f * 60_000,
        createdAt: now - f * 60_000,
        updatedAt: now - f * 60_000,
      });
    }
    await parts.data.database.write((_, connection) => {
      for (const row of rows) saveTranscript(connection, row);
    });
    // One transcript of this project with an 8 MB line near its start and 200,000 lines after it.
    hugeFile = path.join(scopeDir(parts.data.transcriptsDir, alpha.scope), "ses_hugehugehuge0001.md");
    fs.mkdirSync(path.dirname(hugeFile), { recursive: true });
    const fd = fs.openSync(hugeFile, "w");
    fs.writeSync(fd, line(1, "start"));
    fs.writeSync(fd, line(2, `${"y".repeat(LONG_LINE)} needle at the end of a long line`));
    let filler = "";
    for (let i = 3; i < 200_000; i++) filler += line(i, `filler line ${i} of the huge transcript`);
    fs.writeSync(fd, filler);
    fs.closeSync(fd);
    const hugeBytes = fs.statSync(hugeFile).size;
    totalBytes += hugeBytes;
    await parts.data.database.write((_, connection) =>
      saveTranscript(connection, {
        sessionId: "ses_hugehugehuge0001",
        scope: alpha.scope,
        path: path.relative(parts.data.transcriptsDir, hugeFile),
        title: "Huge lines",
        lines: 199_999,
        bytes: hugeBytes,
        exportedAt: now,
        createdAt: now,
        updatedAt: now,
      }),
    );
  }, 120_000);
  afterAll(() => {
    parts?.data.database.close();
    suite.remove();
  });

  it("huge fields are refused by name with a short message, and nothing is saved", async () => {
    const huge = "z".repeat(10_000_000);
    const calls = [
      { kind: "fact", title: "Huge body", body: huge },
      { kind: "fact", title: huge, body: "b" },
      { kind: huge, title: "Huge kind", body: "b" },
      { kind: "fact", title: "Many tags", body: "b", tags: Array.from({ length: 100_000 }, (_, i) => `t${i}`) },
      { kind: "fact", title: "Long tag", body: "b", tags: [huge] },
    ];
    for (const args of calls) {
      const result = await alpha.call("memory_save", args);
      expect(result).toMatch(/^Error: \[opencode-ledger\] (body|title|kind|tags(\[\d+\])?): /);
      expect(byteLength(result)).toBeLessThan(2_100);
    }
    expect(await alpha.call("memory_stats", {})).toMatch(/: 0 live entries/);
    // Positive control: at the limit, it is saved; 50 such entries list within the bound.
    for (let i = 0; i < 60; i++) {
      const saved = await alpha.call("memory_save", {
        kind: "fact",
        title: `Full ${i}`,
        body: "w ".repeat(LIMITS.body / 2),
      });
      expect(saved).toMatch(/^Saved fact/);
    }
    for (const tool of ["memory_list", "memory_search", "memory_history"]) {
      const result = await alpha.call(tool, { query: "w", limit: 50 });
      expect(byteLength(result), tool).toBeLessThanOrEqual(MAX_RESULT_BYTES);
      expect(result, tool).toMatch(/more not shown/);
    }
  }, 120_000);

  it("a 40 MB tool output is cut head and tail in the transcript; the export's memory does not grow with it", async () => {
    const session = new SessionBuilder("ses_hugeoutput000001", "Huge output", alpha.scope);
    session.user("run the huge command");
    const output = `${"output line of a huge command ".repeat(3)}\n`.repeat(HUGE_OUTPUT / 91);
    session.assistant((b) => {
      b.tool("bash", { command: "huge" }, output);
      b.text("done");
    });
    const result = await exportTranscript({
      data: parts.data,
      source: createMemorySource([session.data]),
      sessionID: session.sessionID,
      scope: alpha.scope,
    });
    expect(fs.statSync(result.path).size).toBeLessThan(120_000);
    expect(fs.readFileSync(result.path, "utf8")).toMatch(/\[… \d+ lines \(\d+ bytes\) of this output cut here; /);
    const measured = await probe(["export", path.join(parts.root, "probe-export"), String(HUGE_OUTPUT)]);
    figure(`export of a session with a ${HUGE_OUTPUT / 1e6} MB tool output`, measured);
    for (const m of [measured.node, measured.bun]) {
      expect(m.transcriptBytes as number).toBeLessThan(120_000);
      expect(m.growth).toBeLessThan(24 * MB);
    }
  }, 120_000);

  it("an 8 MB line: search shows a window around the match, a read cuts it, both within their bound", async () => {
    const found = await alpha.call("memory_session_search", {
      query: "needle at the end of a long line",
      mode: "literal",
    });
    expect(found).toContain("ses_hugehugehuge0001.md:2:");
    // Ranked, the line is shown as a window around the first word of the query it holds, within the bound too.
    const ranked = await alpha.call("memory_session_search", { query: "needle at the end of a long line" });
    expect(ranked).toMatch(/^# ses_hugehugehuge0001\b[^\n]*\n## 1 · [^\n]*\n2: \[…\d+ bytes\] .*needle/m);
    expect(byteLength(ranked)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(byteLength(found)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    const read = await alpha.call("memory_session_read", { sessionID: "ses_hugehugehuge0001", offset: 2, limit: 3 });
    expect(read).toMatch(/more bytes on this line\]/);
    expect(byteLength(read)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    const measured = await probe(["read", hugeFile, "2", "24000"]);
    figure(`window of an ${LONG_LINE / 1e6} MB line`, measured);
    for (const m of [measured.node, measured.bun]) {
      expect(m.cut).toBe(true);
      expect(m.growth).toBeLessThan(8 * MB);
    }
  }, 60_000);

  it(`${SESSIONS} sessions: a search of everything, the list and a cleanup stay bounded; memory does not follow the data`, async () => {
    const searched = await alpha.call("memory_session_search", {
      query: "needle",
      mode: "literal",
      all: true,
      limit: 500,
    });
    expect(byteLength(searched)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(searched.split("\n").at(-1)).toMatch(/output cut at 24,000 bytes|stopped at the limit/);
    const none = await alpha.call("memory_session_search", {
      query: "found nowhere at all",
      mode: "literal",
      all: true,
    });
    // Every one in scope searched: "all 4,001 transcripts", not "4,000 of 4,001".
    const scanned = /searched all ([\d,]+) transcripts/.exec(none.split("\n").at(-1) ?? "");
    expect(Number(scanned?.[1]?.replaceAll(",", ""))).toBeGreaterThan(SESSIONS);
    const listed = await alpha.call("memory_transcript_list", { all: true });
    expect(listed.split("\n")[0]).toMatch(/^400\d transcripts, .* in all; the newest 50 are listed\.$/);
    expect(byteLength(listed)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    const cleanup = await alpha.call("memory_transcript_cleanup", { allScopes: true, maxSessions: 1, keepRecent: 1 });
    expect(cleanup).toMatch(/^Dry run: \d+ of \d+ transcripts are eligible/);
    expect(cleanup).toMatch(/more not shown \(output limit 24000 bytes\)/);
    expect(byteLength(cleanup)).toBeLessThanOrEqual(MAX_RESULT_BYTES + 200);

    const measured = await probe(["search", parts.data.transcriptsDir, alpha.scope, "found nowhere at all"]);
    figure(`search of ${SESSIONS + 1} transcripts, ${(totalBytes / MB).toFixed(0)} MB, 2 threads`, measured);
    for (const m of [measured.node, measured.bun]) {
      expect(m.searched).toBeGreaterThan(SESSIONS);
      expect(m.growth).toBeLessThan(64 * MB);
      expect(m.growth).toBeLessThan(totalBytes / 2);
    }
  }, 120_000);
});
