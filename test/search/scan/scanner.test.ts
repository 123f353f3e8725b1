import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileQuery, type QueryInput } from "../../../src/search/query.js";
import { type ScanOptions, scanFiles } from "../../../src/search/scan/scanner.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { numbered } from "../../helpers/transcript-files.js";

const base: ScanOptions = {
  contextLines: 0,
  maxMatches: 50,
  matchLineBytes: 400,
  contextLineBytes: 200,
  timeBudgetMs: 30_000,
  threads: 0,
};

function files(contents: string[]): { path: string; size: number }[] {
  const dir = tempDir();
  return contents.map((text, i) => {
    const file = path.join(dir, `ses_file${String(i).padStart(6, "0")}.md`);
    fs.writeFileSync(file, text);
    return { path: file, size: Buffer.byteLength(text) };
  });
}

async function search(contents: string[], input: QueryInput, options: Partial<ScanOptions> = {}) {
  const targets = files(contents);
  return scanFiles(targets, input, compileQuery(input), { ...base, ...options });
}

/** `line:text` for every shown line of every file, matches marked with ":" and context with "-". */
async function lines(contents: string[], input: QueryInput, options: Partial<ScanOptions> = {}) {
  const result = await search(contents, input, options);
  return result.files.flatMap((f) =>
    f.hits.lines.map((l) => `${f.index}${l.match ? ":" : "-"}${l.line}${l.match ? ":" : "-"}${l.text}`),
  );
}

describe("the built-in scanner", () => {
  it("finds a literal with its line number, case-insensitively by default", async () => {
    const text = numbered(["first line", "the OpenCode plugin", "nothing", "opencode again", "OPENCODE"]);
    expect(await lines([text], { query: "opencode" })).toEqual([
      "0:2:the OpenCode plugin",
      "0:4:opencode again",
      "0:5:OPENCODE",
    ]);
    expect(await lines([text], { query: "OpenCode", caseSensitive: true })).toEqual(["0:2:the OpenCode plugin"]);
  });

  it("matches the text after the line number, never the number itself", async () => {
    const text = numbered(Array.from({ length: 45 }, (_, i) => (i === 30 ? "port 42 is open" : "an ordinary line")));
    expect(await lines([text], { query: "42" })).toEqual(["0:31:port 42 is open"]);
    expect(await lines([text], { query: "^port", regex: true })).toEqual(["0:31:port 42 is open"]);
  });

  it("folds case for non-ASCII letters and for the Kelvin sign and long s, as Unicode simple case folding does", async () => {
    const text = numbered([
      "Grüße aus KÖLN",
      "grüsse",
      "ÉCOLE normale",
      "école",
      "temperature 3 \u212a",
      "me\u017fsage",
      "plain",
    ]);
    expect(await lines([text], { query: "köln" })).toEqual(["0:1:Grüße aus KÖLN"]);
    expect(await lines([text], { query: "École" })).toEqual(["0:3:ÉCOLE normale", "0:4:école"]);
    expect(await lines([text], { query: "3 k" })).toEqual(["0:5:temperature 3 \u212a"]);
    expect(await lines([text], { query: "message" })).toEqual(["0:6:me\u017fsage"]);
    expect(await lines([text], { query: "École", caseSensitive: true })).toEqual([]);
  });

  it("runs a regular expression over each line's text", async () => {
    const text = numbered(["timeout after 300 ms", "Timeout after 12ms", "no timeout here", "## user · 2026"]);
    expect(await lines([text], { query: "timeout after \\d+ ?ms", regex: true })).toEqual([
      "0:1:timeout after 300 ms",
      "0:2:Timeout after 12ms",
    ]);
    expect(await lines([text], { query: "^## user", regex: true })).toEqual(["0:4:## user · 2026"]);
  });

  it("shows context lines, merged when they overlap and cut at the file's edges", async () => {
    const text = numbered(["a hit", "two", "three", "hit four", "five", "six", "seven", "eight", "hit nine"]);
    expect(await lines([text], { query: "hit" }, { contextLines: 2 })).toEqual([
      "0:1:a hit",
      "0-2-two",
      "0-3-three",
      "0:4:hit four",
      "0-5-five",
      "0-6-six",
      "0-7-seven",
      "0-8-eight",
      "0:9:hit nine",
    ]);
  });

  it("gives the same lines whatever the chunk size, across chunk boundaries", async () => {
    const body = Array.from({ length: 300 }, (_, i) =>
      i % 37 === 5 ? `needle at ${i + 1} ${"é".repeat(i % 7)}` : `filler ${"x".repeat(i % 50)}`,
    );
    const text = numbered(body);
    const expected = await lines([text], { query: "needle" }, { contextLines: 1 });
    expect(expected.filter((l) => l.includes(":needle"))).toHaveLength(8);
    for (const chunkBytes of [1, 7, 64, 333, 4096]) {
      expect(await lines([text], { query: "needle" }, { contextLines: 1, chunkBytes })).toEqual(expected);
    }
  });

  it("finds a match deep inside a very long line and shows a window around it", async () => {
    const long = `${"x".repeat(200_000)}the needle${"y".repeat(50_000)}`;
    const text = numbered(["before", long, "after"]);
    const [match] = (await search([text], { query: "NEEDLE" }, { chunkBytes: 4096 })).files[0]?.hits.lines ?? [];
    expect(match?.line).toBe(2);
    expect(match?.text).toMatch(/^\[…199\d{3} bytes\] x+the needley+ \[…\d+ bytes\]$/);
    expect(Buffer.byteLength(match?.text ?? "")).toBeLessThan(500);
  });

  it("stops at the match limit, in file order, and says so", async () => {
    const a = numbered(["hit 1", "hit 2", "hit 3"]);
    const b = numbered(["hit 4"]);
    const result = await search([a, b], { query: "hit" }, { maxMatches: 2, contextLines: 1 });
    expect(result.capped).toBe(true);
    expect(result.matches).toBe(2);
    expect(result.files.map((f) => f.hits.lines.map((l) => `${l.line}${l.match ? ":" : "-"}`))).toEqual([
      ["1:", "2:", "3-"],
    ]);
  });

  it("reports files that cannot be read and keeps searching the others", async () => {
    const targets = files([numbered(["hit"]), numbered(["hit"])]);
    fs.rmSync((targets[0] as { path: string }).path);
    const input = { query: "hit" };
    const result = await scanFiles(targets, input, compileQuery(input), base);
    expect(result.unreadable).toEqual([{ index: 0, error: "ENOENT" }]);
    expect(result.files.map((f) => f.index)).toEqual([1]);
  });
});
