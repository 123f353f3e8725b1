import path from "node:path";
import { describe, expect, it } from "vitest";
import { fileSubject, subjectLabel, subjectsOf } from "../../src/action-recall/tool-subjects.js";
import { V1_TOOLS, V2_TOOLS } from "../../src/host-tools.js";

const PROJECT = path.resolve("/work/app");

describe("the subjects of a tool call", () => {
  it("names an edited file by its path in the project, its name, its folder and its module", () => {
    expect(subjectsOf({ tool: "edit", args: { filePath: `${PROJECT}/src/db/migrate.ts` } }, PROJECT)).toEqual([
      { kind: "file", path: "src/db/migrate.ts", name: "migrate.ts", folder: "src/db", module: "migrate" },
    ]);
    // a relative path is resolved against the project; a file at the root or one folder deep has no folder subject
    expect(subjectsOf({ tool: "write", args: { filePath: "README.md" } }, PROJECT)).toEqual([
      { kind: "file", path: "README.md", name: "README.md", folder: undefined, module: undefined },
    ]);
    expect(fileSubject("src/index.ts", PROJECT)).toMatchObject({ folder: undefined, module: undefined });
  });

  it("reads OpenCode 2.x's tools by its table: edit/write(path), patch(patchText), shell(command, workdir)", () => {
    const edit = { tool: "edit", args: { path: "src/db/migrate.ts" } };
    expect(subjectsOf(edit, PROJECT, V2_TOOLS).map(subjectLabel)).toEqual(["src/db/migrate.ts"]);
    expect(subjectsOf({ tool: "write", args: { path: `${PROJECT}/docs/x.md` } }, PROJECT, V2_TOOLS)).toHaveLength(1);
    const patchText = "*** Begin Patch\n*** Update File: src/a/one.ts\n*** End Patch";
    expect(subjectsOf({ tool: "patch", args: { patchText } }, PROJECT, V2_TOOLS).map(subjectLabel)).toEqual([
      "src/a/one.ts",
    ]);
    // A command run in another folder names its files relative to that folder.
    const shell = { tool: "shell", args: { command: "npx vitest run test/x.test.ts", workdir: "packages/core" } };
    expect(subjectsOf(shell, PROJECT, V2_TOOLS).map(subjectLabel)).toEqual([
      "vitest run",
      "packages/core/test/x.test.ts",
    ]);
    // Each host's names are its own: 1.x's table knows no `shell` and no `path`, 2.x's no `bash`.
    expect(subjectsOf(shell, PROJECT, V1_TOOLS)).toEqual([]);
    expect(subjectsOf(edit, PROJECT, V1_TOOLS)).toEqual([]);
    expect(subjectsOf({ tool: "bash", args: { command: "git push" } }, PROJECT, V2_TOOLS)).toEqual([]);
    // A name inherited by every object is no tool.
    expect(subjectsOf({ tool: "constructor", args: { path: "x.ts" } }, PROJECT, V2_TOOLS)).toEqual([]);
  });

  it("keeps a file outside the project as its absolute path", () => {
    expect(fileSubject("/etc/nginx/nginx.conf", PROJECT)).toMatchObject({
      path: "/etc/nginx/nginx.conf",
      name: "nginx.conf",
      folder: undefined,
      module: "nginx",
    });
  });

  it("reads the files of a patch, each once, at most four", () => {
    const patchText = [
      "*** Begin Patch",
      "*** Update File: src/a/one.ts",
      "@@",
      "*** Add File: src/a/two.ts",
      "*** Update File: src/a/one.ts",
      "*** Move to: src/b/three.ts",
      "*** Delete File: src/c/four.ts",
      "*** Delete File: src/c/five.ts",
      "*** End Patch",
    ].join("\n");
    const subjects = subjectsOf({ tool: "apply_patch", args: { patchText } }, PROJECT);
    expect(subjects.map(subjectLabel)).toEqual(["src/a/one.ts", "src/a/two.ts", "src/b/three.ts", "src/c/four.ts"]);
  });

  it("reads a command's program and subcommand past assignments and wrappers, and the files it names", () => {
    const subjects = subjectsOf(
      {
        tool: "bash",
        args: { command: "cd web && CI=1 npx vitest run test/db/migrate.test.ts | tee out.log; git push -f" },
      },
      PROJECT,
    );
    expect(subjects.map(subjectLabel)).toEqual(["vitest run", "tee", "git push", "test/db/migrate.test.ts"]);
    expect(subjectsOf({ tool: "bash", args: { command: "npm run build -- --watch" } }, PROJECT)).toEqual([
      { kind: "command", program: "npm", subcommand: "run build" },
    ]);
    expect(subjectsOf({ tool: "bash", args: { command: "./node_modules/.bin/tsc --noEmit" } }, PROJECT)).toEqual([
      { kind: "command", program: "tsc" },
    ]);
  });

  it("has nothing for other tools, trivial commands and missing or empty arguments", () => {
    expect(subjectsOf({ tool: "read", args: { filePath: "src/db/migrate.ts" } }, PROJECT)).toEqual([]);
    expect(subjectsOf({ tool: "bash", args: { command: "ls -la && echo done; pwd" } }, PROJECT)).toEqual([]);
    expect(subjectsOf({ tool: "edit", args: { filePath: "  " } }, PROJECT)).toEqual([]);
    expect(subjectsOf({ tool: "edit", args: null }, PROJECT)).toEqual([]);
    expect(subjectsOf({ tool: "bash", args: { command: 42 } }, PROJECT)).toEqual([]);
    expect(subjectsOf({ tool: "apply_patch", args: { patchText: "no headers here" } }, PROJECT)).toEqual([]);
  });
});
