import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors.js";
import { createMemoryLogger } from "../../src/log.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { resolveTuiOptions } from "../../src/tui/tui-options.js";
import { createTuiServices } from "../../src/tui/tui-services.js";
import { tempDir } from "../helpers/temp-dir.js";

describe("TUI options", () => {
  it("takes the options of a server entry that names another copy of the package, as the CLI reads it", () => {
    // OpenCode's cache installs the server part apart from a TUI part loaded from a checkout: the same plugin.
    const copy = "/home/someone/.cache/opencode/node_modules/opencode-ledger/dist/index.js";
    expect(resolveTuiOptions(undefined, [[copy, { dataDir: "/data/copy" }]])).toEqual({
      raw: { dataDir: "/data/copy" },
      source: "opencode.json",
    });
  });

  it("tui.json options win; else the server entry's options; else the defaults", () => {
    const server = [
      "some-other-plugin",
      ["another", { dataDir: "/nope" }],
      ["opencode-ledger", { dataDir: "/data/ledger" }],
    ] as const;
    expect(resolveTuiOptions({ dataDir: "/tui" }, server)).toEqual({ raw: { dataDir: "/tui" }, source: "tui.json" });
    expect(resolveTuiOptions(undefined, server)).toEqual({ raw: { dataDir: "/data/ledger" }, source: "opencode.json" });
    expect(resolveTuiOptions({}, server)).toEqual({ raw: { dataDir: "/data/ledger" }, source: "opencode.json" });
    expect(resolveTuiOptions(undefined, ["opencode-ledger"])).toEqual({ raw: undefined, source: "defaults" });
    expect(resolveTuiOptions(undefined, undefined)).toEqual({ raw: undefined, source: "defaults" });
  });

  it("services use the resolved dataDir and report options that do not validate", () => {
    const dataDir = path.join(tempDir(), "ledger");
    const project = tempDir();
    const s = createTuiServices({
      tuiOptions: undefined,
      serverPlugins: [["opencode-ledger", { dataDir, retention: { keepRecent: -1 } }]],
      worktree: project,
      directory: project,
      source: createMemorySource([]),
      log: createMemoryLogger(),
    });
    expect(s.optionsSource).toBe("opencode.json");
    expect(s.data.database.file).toBe(path.join(dataDir, "ledger.db"));
    expect(s.project).toBe(fs.realpathSync(project));
    expect(s.problems).toHaveLength(1);
    expect(s.problems[0]).toMatch(/^\[opencode-ledger\] option "retention.keepRecent": /);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("refuses to start on a dataDir that does not validate", () => {
    expect(() =>
      createTuiServices({
        tuiOptions: { dataDir: "" },
        serverPlugins: undefined,
        worktree: "/",
        directory: tempDir(),
        source: createMemorySource([]),
        log: createMemoryLogger(),
      }),
    ).toThrow(InvalidOptionError);
  });
});
