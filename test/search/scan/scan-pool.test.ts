import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { compileQuery, type QueryInput } from "../../../src/search/query.js";
import { type ScanOptions, scanFiles } from "../../../src/search/scan/scanner.js";
import { isBun } from "../../../src/store/driver.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { numbered } from "../../helpers/transcript-files.js";

const SRC = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "..", "..", "src");

/**
 * Node cannot start a worker from TypeScript sources: compile src/ into a temp folder (same layout, ".js" imports
 * already) and point the scanner at the compiled worker. Bun runs the sources as they are.
 */
function workerUrl(): URL | undefined {
  if (isBun) return undefined;
  const out = tempDir("ledger-worker-");
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
  for (const file of walk(SRC).filter((f) => f.endsWith(".ts"))) {
    const js = ts.transpileModule(fs.readFileSync(file, "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const target = path.join(out, "src", path.relative(SRC, file)).replace(/\.ts$/, ".js");
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, js);
  }
  fs.writeFileSync(path.join(out, "package.json"), '{"type":"module"}');
  fs.symlinkSync(path.join(SRC, "..", "node_modules"), path.join(out, "node_modules"));
  return pathToFileURL(path.join(out, "src", "search", "scan", "scan-worker.js"));
}

const options: ScanOptions = {
  contextLines: 1,
  maxMatches: 40,
  matchLineBytes: 200,
  contextLineBytes: 100,
  timeBudgetMs: 60_000,
};

function corpus(count: number): { path: string; size: number }[] {
  const dir = tempDir();
  return Array.from({ length: count }, (_, i) => {
    const lines = Array.from({ length: 200 }, (_, j) =>
      (i * 7 + j) % 97 === 3 ? `the Needle ${i}:${j}` : `filler ${i} ${j} ${"é".repeat(j % 5)}`,
    );
    const file = path.join(dir, `ses_threads${String(i).padStart(5, "0")}.md`);
    fs.writeFileSync(file, numbered(lines));
    return { path: file, size: fs.statSync(file).size };
  });
}

// Each test starts worker threads (and, under Node, compiles a copy of the scanner): about a second each at load 14,
// where Bun's default timeout of 5 s is near; the explicit timeouts hold under vitest and bun test alike.
describe(`scanning on worker threads (${isBun ? "Bun, from the sources" : "Node, from a compiled copy"})`, () => {
  const url = workerUrl();

  it("gives the same files, lines and matches as one thread, in file order, up to the limit", async () => {
    const targets = corpus(60);
    for (const input of [
      { query: "needle" },
      { query: "needle \\d+:1\\d", regex: true },
      { query: "nothing here" },
    ] as QueryInput[]) {
      const query = compileQuery(input);
      const one = await scanFiles(targets, input, query, { ...options, threads: 0 });
      const two = await scanFiles(targets, input, query, { ...options, threads: 2, workerUrl: url });
      expect(two.threads).toBe(2);
      expect({ files: two.files, matches: two.matches, capped: two.capped }).toEqual({
        files: one.files,
        matches: one.matches,
        capped: one.capped,
      });
    }
  }, 60_000);

  it("scans a literal on the calling thread too: all of it when the threads never start, a regex never", async () => {
    const idle = path.join(tempDir(), "idle-worker.mjs");
    fs.writeFileSync(idle, "setInterval(() => {}, 1000);\n");
    const targets = corpus(20);
    const literal = { query: "needle" };
    const query = compileQuery(literal);
    const all = { ...options, maxMatches: 1_000 };
    const one = await scanFiles(targets, literal, query, { ...all, threads: 0 });
    const here = await scanFiles(targets, literal, query, { ...all, threads: 2, workerUrl: pathToFileURL(idle) });
    expect({ files: here.files, matches: here.matches, timedOut: here.timedOut, searched: here.searched }).toEqual({
      files: one.files,
      matches: one.matches,
      timedOut: false,
      searched: targets.length,
    });
    const regex = { query: "needle \\d+", regex: true };
    const left = await scanFiles(targets, regex, compileQuery(regex), {
      ...options,
      timeBudgetMs: 150,
      threads: 2,
      workerUrl: pathToFileURL(idle),
    });
    expect(left.timedOut).toBe(true);
    expect(left.files).toEqual([]);
  }, 60_000);

  it("reports unreadable files and stops at the time budget", async () => {
    const targets = corpus(8);
    fs.rmSync((targets[2] as { path: string }).path);
    const input = { query: "needle" };
    const result = await scanFiles(targets, input, compileQuery(input), { ...options, threads: 2, workerUrl: url });
    expect(result.unreadable).toEqual([{ index: 2, error: "ENOENT" }]);
    const slow = [{ path: path.join(tempDir(), "ses_slowslow01.md"), size: 0 }];
    fs.writeFileSync(
      (slow[0] as { path: string }).path,
      numbered(Array.from({ length: 400 }, () => "a".repeat(8_000))),
    );
    const regex = { query: "a.*b", regex: true };
    const stopped = await scanFiles(slow, regex, compileQuery(regex), {
      ...options,
      timeBudgetMs: 150,
      threads: 1,
      workerUrl: url,
    });
    expect(stopped.timedOut).toBe(true);
    expect(stopped.searched).toBe(0);
  }, 60_000);
});
