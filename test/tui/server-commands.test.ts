import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { CLEANUP_COMMAND, CONTINUE_COMMAND } from "../../src/slash-commands/definitions.js";
import { SERVER_COMMANDS, serverSlashNames } from "../../src/tui/server-commands.js";
import { PACKAGE_ROOT } from "../../src/tui/tui-options.js";

const BOTH = ["memory-continue", "memory-cleanup"];

describe("the server part's slash names the TUI leaves out", () => {
  it("are the names the server part gives its commands", () => {
    expect([...SERVER_COMMANDS]).toEqual([CONTINUE_COMMAND, CLEANUP_COMMAND]);
  });

  it("are both of them when the server part is configured, by name, pinned, by path or with options", () => {
    const entry = pathToFileURL(path.join(PACKAGE_ROOT, "dist", "server", "index.js")).href;
    for (const plugin of [["opencode-ledger"], ["opencode-ledger@0.1.0"], [entry], [[entry, { dataDir: "/d" }]]]) {
      expect([...serverSlashNames({ plugin })], JSON.stringify(plugin)).toEqual(BOTH);
    }
  });

  it("are none without the server part, so the TUI's own commands stay in the autocomplete", () => {
    expect([...serverSlashNames({})]).toEqual([]);
    expect([...serverSlashNames({ plugin: ["opencode-other", "file:///elsewhere/index.js"] })]).toEqual([]);
    expect([...serverSlashNames({ plugin: "opencode-ledger" })]).toEqual([]);
  });

  it("include a command of the same name the user defined, and no other", () => {
    const command = { "memory-cleanup": { template: "mine" }, review: { template: "x" } };
    expect([...serverSlashNames({ command })]).toEqual(["memory-cleanup"]);
  });
});
