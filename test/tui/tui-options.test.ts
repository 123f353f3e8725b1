import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors.js";
import { createMemoryLogger } from "../../src/log.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { PACKAGE_ROOT, resolveTuiOptions, specIsOurs } from "../../src/tui/tui-options.js";
import { createTuiServices } from "../../src/tui/tui-services.js";
import { tempDir } from "../helpers/temp-dir.js";

describe("TUI options", () => {
  it("recognises this package in OpenCode's plugin list: npm name, file URL or path inside it", () => {
    expect(specIsOurs("opencode-ledger")).toBe(true);
    expect(specIsOurs("opencode-ledger@0.1.0")).toBe(true);
    expect(specIsOurs(pathToFileURL(path.join(PACKAGE_ROOT, "dist", "index.js")).href)).toBe(true);
    expect(specIsOurs(PACKAGE_ROOT)).toBe(true);
    expect(specIsOurs("opencode-ledger-fork")).toBe(false);
    expect(specIsOurs("file:///elsewhere/plugin.js")).toBe(false);
    expect(specIsOurs(`${PACKAGE_ROOT}-copy/dist/index.js`)).toBe(false);
    expect(specIsOurs("file://%%bad")).toBe(false);
  });

  it("a symlink to the package counts as the package", () => {
    const link = path.join(tempDir(), "linked");
    fs.symlinkSync(PACKAGE_ROOT, link);
    expect(specIsOurs(pathToFileURL(path.join(link, "dist", "index.js")).href)).toBe(true);
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
