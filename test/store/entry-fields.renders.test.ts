/**
 * What is written and shown from an entry's fields beyond its formats: the audit log of every kind of write, the
 * changes as text, and an entry as the tools and the command line show it. The fixtures were written before these
 * were derived from the fields' declaration (src/store/entry-fields.ts); the bytes must stay as they were.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CliContext } from "../../src/cli/context.js";
import { entryBlock as cliEntryBlock } from "../../src/cli/entry-text.js";
import { renderChanges } from "../../src/store/change-text.js";
import type { Changes } from "../../src/store/memory-types.js";
import { entryBlock as toolEntryBlock } from "../../src/tools/run/render-entry.js";
import { FIXTURES, fixtureHistory, fixtureStore } from "./entry-formats.shared.js";

const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const PROJECT = "/home/someone/projects/alpha";

async function renders() {
  const { database, views: fixed } = await fixtureStore();
  database.close();
  const { audit, views } = await fixtureHistory();
  const all = [...fixed, ...views];
  const changes = audit
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as { action: string; changes: string | null })
    .filter((row) => row.changes !== null)
    .map((row) => {
      const parsed = JSON.parse(row.changes as string) as Changes;
      return `${row.action}: ${renderChanges(parsed)}\n${row.action}, as created: ${renderChanges(parsed, 60, true)}\n`;
    })
    .join("");
  const plain = { color: false } as CliContext;
  const colored = { color: true } as CliContext;
  const tool = all.map((v) => `${toolEntryBlock(v, PROJECT)}\n${toolEntryBlock(v, PROJECT, 3)}\n---\n`).join("");
  const cli = all.map((v) => `${cliEntryBlock(v, plain)}\n${cliEntryBlock(v, colored)}\n---\n`).join("");
  return { audit, changes, tool, cli };
}

describe("the writes and the renderings of an entry's fields", () => {
  it("keep the bytes of the fixtures: the audit log, the changes as text, the tool's and the CLI's entry", async () => {
    const out = await renders();
    expect(out.audit).toBe(fixture("audit.jsonl"));
    expect(out.changes).toBe(fixture("changes.txt"));
    expect(out.tool).toBe(fixture("tool-entry.txt"));
    expect(out.cli).toBe(fixture("cli-entry.txt"));
  });
});
