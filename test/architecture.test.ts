/**
 * The layering of src/ (docs/architecture.md) as dependency-cruiser checks it in `npm test`: the tree as it is
 * passes, and a planted back-edge of each kind fails with the rule that names it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/runtime-child.js";
import { tempDir } from "./helpers/temp-dir.js";

const CRUISER = path.join(REPO_ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");

/** Runs the project's rules over `root`'s src/ (Node, whichever runtime runs the test). */
function cruise(root: string): { status: number | null; output: string } {
  const result = spawnSync("node", [CRUISER, "src", "--config", ".dependency-cruiser.cjs"], {
    cwd: root,
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The type errors of `files` in `root` (and of what they import), under the project's compiler options. */
function typeErrors(root: string, files: string[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("tsconfig.json could not be read");
  const program = ts.createProgram(
    files.map((file) => path.join(root, file)),
    config.options,
  );
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.relative(root, d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
    );
}

/** A copy of src/ with the rules and tsconfig beside it, and `plant` written into it. */
function treeWith(plant: Record<string, string>): string {
  const root = tempDir("ledger-layers-");
  fs.cpSync(path.join(REPO_ROOT, "src"), path.join(root, "src"), { recursive: true });
  for (const file of [".dependency-cruiser.cjs", "tsconfig.json"]) {
    fs.copyFileSync(path.join(REPO_ROOT, file), path.join(root, file));
  }
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(root, "node_modules"));
  for (const [file, text] of Object.entries(plant)) fs.writeFileSync(path.join(root, file), text);
  return root;
}

describe("the dependency rule", () => {
  it("passes the tree as it is", () => {
    const { status, output } = cruise(REPO_ROOT);
    expect(output).toContain("no dependency violations found");
    expect(status).toBe(0);
  }, 60_000);

  it("fails on a back-edge from the store to search, a CLI that imports a tool, a tool that builds a host adapter, and a cycle (not a type-only one)", () => {
    const root = treeWith({
      "src/store/planted.ts":
        'import { createTranscriptSearch } from "../search/search.js";\nexport const x = createTranscriptSearch;\n',
      "src/cli/planted.ts":
        'import { createMemoryTools } from "../tools/memory-tools.js";\nexport const y = createMemoryTools;\n',
      // Only the composition root builds a host adapter.
      "src/tools/planted-host.ts":
        'import { createV1Host } from "../host/v1/v1-host.js";\nexport const h = createV1Host;\n',
      "src/planted-a.ts": 'import { b } from "./planted-b.js";\nexport const a = () => b;\n',
      "src/planted-b.ts": 'import { a } from "./planted-a.js";\nexport const b = () => a;\n',
      // A dynamic import closes a cycle as a static one does: only type-only edges are left out.
      "src/planted-c.ts": 'export const c = () => import("./planted-d.js");\n',
      "src/planted-d.ts": 'import { c } from "./planted-c.js";\nexport const d = c;\n',
      // Gone at run time: a module that loads another and takes a type back from it is no cycle.
      "src/planted-e.ts": 'export const e = () => import("./planted-f.js");\nexport type E = number;\n',
      "src/planted-f.ts": 'import type { E } from "./planted-e.js";\nexport const f = (n: E) => n;\n',
    });
    const { status, output } = cruise(root);
    expect(status).not.toBe(0);
    expect(output).toMatch(/store-knows-no-transcripts: src\/store\/planted\.ts → src\/search\/search\.ts/);
    expect(output).toMatch(/cli-stands-alone: src\/cli\/planted\.ts → src\/tools\/memory-tools\.ts/);
    expect(output).toMatch(/adapters-are-the-roots: src\/tools\/planted-host\.ts → src\/host\/v1\/v1-host\.ts/);
    expect(output).toMatch(/no-cycles: src\/planted-a\.ts/);
    expect(output).toMatch(/no-cycles: src\/planted-c\.ts/);
    expect(output).not.toMatch(/planted-[ef]/);
  }, 60_000);

  it("fails on a write from search into the index, a search that rebuilds it, and a data context that names search", () => {
    const root = treeWith({
      // The index's writes are the transcripts' own: a search adding units itself is refused...
      "src/search/planted-write.ts":
        'import { refreshIndex } from "../transcripts/index/index-update.js";\nexport const w = refreshIndex;\n',
      // ...as is one that drops and rebuilds the whole index (doctor's, through transcripts/index).
      "src/search/planted-rebuild.ts":
        'import { rebuildIndex } from "../transcripts/index/index-maintenance.js";\nexport const r = rebuildIndex;\n',
      // A tool, too, reaches the index's writes only through the transcripts.
      "src/tools/planted-index.ts":
        'import { dropSession } from "../transcripts/index/index-update.js";\nexport const d = dropSession;\n',
      // The data context carries the transcripts' port, never a class of search's.
      "src/data-context.ts": `${fs.readFileSync(path.join(REPO_ROOT, "src", "data-context.ts"), "utf8")}
import { createTranscriptSearch } from "./search/search.js";
export const planted = createTranscriptSearch;
`,
    });
    const { status, output } = cruise(root);
    expect(status).not.toBe(0);
    expect(output).toMatch(
      /only-transcripts-write-the-index: src\/search\/planted-write\.ts → src\/transcripts\/index\/index-update\.ts/,
    );
    expect(output).toMatch(
      /search-only-reads-transcripts: src\/search\/planted-write\.ts → src\/transcripts\/index\/index-update\.ts/,
    );
    expect(output).toMatch(
      /search-only-reads-transcripts: src\/search\/planted-rebuild\.ts → src\/transcripts\/index\/index-maintenance\.ts/,
    );
    expect(output).toMatch(
      /only-transcripts-write-the-index: src\/tools\/planted-index\.ts → src\/transcripts\/index\/index-update\.ts/,
    );
    expect(output).toMatch(/data-context-knows-no-search: src\/data-context\.ts → src\/search\/search\.ts/);
    // The exporter's own write and doctor's rebuild are where they belong: not reported.
    expect(output).not.toMatch(/src\/transcripts\/export\/[^ ]+ → src\/transcripts\/index/);
    expect(output).not.toMatch(/src\/cli\//);
  }, 60_000);

  it("fails on a search that holds the index's class or its read-write connection instead of the reading port", () => {
    const root = treeWith({
      "src/search/planted-class.ts":
        'import type { SearchIndex } from "../transcripts/index/search-index.js";\nexport type S = SearchIndex;\n',
      "src/search/planted-connection.ts":
        'import type { IndexConnection } from "../transcripts/index/index-connection.js";\nexport type C = IndexConnection;\n',
      "src/search/planted-catch-up.ts":
        'import { catchUp } from "../transcripts/index/index-catch-up.js";\nexport const c = catchUp;\n',
    });
    const { status, output } = cruise(root);
    expect(status).not.toBe(0);
    for (const [planted, target] of [
      ["planted-class", "search-index"],
      ["planted-connection", "index-connection"],
      ["planted-catch-up", "index-catch-up"],
    ]) {
      expect(output).toMatch(
        new RegExp(
          `search-reads-the-index-through-its-port: src/search/${planted}\\.ts → src/transcripts/index/${target}\\.ts`,
        ),
      );
    }
    // The port itself, and the words and units search shares with the index, are allowed.
    expect(output).not.toMatch(
      /→ src\/transcripts\/index\/(index-reader|index-tokens|unit-words|transcript-units)\.ts/,
    );
  }, 60_000);

  it("refuses to typecheck a write to the index through what a search holds of it", () => {
    const reads = `import type { IndexReader } from "../transcripts/index/index-reader.js";
export async function plant(index: IndexReader): Promise<void> {
  const health = await index.forReading();
  if (!health.usable) return;
  health.connection.get("SELECT count(*) FROM units");
  await index.catchUp([], false);
}
`;
    const writes = `import type { IndexReader } from "../transcripts/index/index-reader.js";
export async function plant(index: IndexReader): Promise<void> {
  const health = await index.forReading();
  if (!health.usable) return;
  health.connection.run("DELETE FROM units");
  health.connection.exec("DROP TABLE units");
  await index.forget("ses_planted");
  index.remove();
}
`;
    const root = treeWith({
      // The package's module type: the sources are ECMAScript modules.
      "package.json": fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"),
      "src/search/planted-reads.ts": reads,
      "src/search/planted-writes.ts": writes,
    });
    // What a search may do through the port typechecks (planted-reads.ts), each write through it does not.
    const errors = typeErrors(root, ["src/search/planted-reads.ts", "src/search/planted-writes.ts"]);
    expect(errors).toEqual([
      "src/search/planted-writes.ts: Property 'run' does not exist on type 'IndexRows'.",
      "src/search/planted-writes.ts: Property 'exec' does not exist on type 'IndexRows'.",
      "src/search/planted-writes.ts: Property 'forget' does not exist on type 'IndexReader'.",
      "src/search/planted-writes.ts: Property 'remove' does not exist on type 'IndexReader'.",
    ]);
  }, 60_000);
});
