import { describe, expect, it } from "vitest";
import { entryText, lookupSteps, strengthOf } from "../../src/action-recall/subject-match.js";
import { fileSubject } from "../../src/action-recall/tool-subjects.js";
import type { EntryView } from "../../src/store/memory-types.js";

const FILE = fileSubject("/p/src/db/migrate.ts", "/p");

function entry(title: string, body: string, tags: string[] = []) {
  return entryText(view(title, body, tags));
}

function view(title: string, body: string, tags: string[]): EntryView {
  return {
    id: "mem_x",
    scope: "/p",
    kind: "gotcha",
    title,
    body,
    tags,
    status: "active",
    supersededBy: null,
    supersedes: [],
    source: { agent: null, session: null },
    createdAt: 0,
    updatedAt: 0,
    validFrom: null,
    validUntil: null,
    expiresAt: null,
    trashedAt: null,
  };
}

describe("how surely an entry names a subject", () => {
  it("asks the store for names and commands, path tails when crowded, then folders, then modules and programs in tags", () => {
    const push = { kind: "command" as const, program: "git", subcommand: "push" };
    expect(lookupSteps([FILE, push, { kind: "command", program: "tsc" }])).toEqual([
      {
        mentions: [
          { text: "migrate.ts", where: "named" },
          { text: "git push", where: "named" },
        ],
        best: 4,
      },
      { mentions: [{ text: "db/migrate", where: "named" }], best: 4, whenCrowded: true },
      { mentions: [{ text: "src/db", where: "named" }], best: 2 },
      {
        mentions: [
          { text: "migrate", where: "tagged" },
          { text: "git", where: "tagged" },
          { text: "tsc", where: "tagged" },
        ],
        best: 1,
      },
    ]);
    expect(lookupSteps([push])).toEqual([
      { mentions: [{ text: "git push", where: "named" }], best: 4 },
      { mentions: [{ text: "git", where: "tagged" }], best: 1 },
    ]);
    expect(lookupSteps([])).toEqual([]);
    // a file at the root has no tail and no folder
    expect(lookupSteps([fileSubject("/p/Makefile", "/p")])).toEqual([
      { mentions: [{ text: "Makefile", where: "named" }], best: 4 },
      { mentions: [{ text: "makefile", where: "tagged" }], best: 1 },
    ]);
  });

  it("ranks the path over the bare name over the folder over the module", () => {
    expect(strengthOf(entry("Migrations", "Edit src/db/migrate.ts with care."), FILE)).toBe(4);
    expect(strengthOf(entry("Migrations", "See /home/me/p/src/db/migrate.ts."), FILE)).toBe(4);
    expect(strengthOf(entry("Migrations", "db/migrate.ts must stay idempotent"), FILE)).toBe(4);
    expect(strengthOf(entry("Migrations", "migrate.ts must stay idempotent"), FILE)).toBe(3);
    expect(strengthOf(entry("Store layout", "Nothing in src/db/ knows the driver."), FILE)).toBe(2);
    expect(strengthOf(entry("Store layout", "x", ["src/db"]), FILE)).toBe(2);
    expect(strengthOf(entry("Schema changes", "x", ["migrate"]), FILE)).toBe(1);
  });

  it("does not take another file of the same name, a longer name, a file beside it or a word in the body", () => {
    expect(strengthOf(entry("CLI", "src/cli/migrate.ts prints the plan"), FILE)).toBe(0);
    expect(strengthOf(entry("CLI", "migrate.tsx is the dialog; old/migrate.ts.bak too"), FILE)).toBe(0);
    expect(strengthOf(entry("Schema", "src/db/schema.ts holds the tables"), FILE)).toBe(0);
    expect(strengthOf(entry("Moving data", "we migrate users at night"), FILE)).toBe(0);
    expect(strengthOf(entry("How we migrate", "x"), FILE)).toBe(0);
    expect(strengthOf(entry("Nothing", "src/dbx/other"), FILE)).toBe(0);
  });

  it("takes a command's program and subcommand in a row, and a bare program only from a tag", () => {
    const push = { kind: "command" as const, program: "git", subcommand: "push" };
    expect(strengthOf(entry("Never force", "Do not git push --force to main."), push)).toBe(3);
    expect(strengthOf(entry("Never force", "git pushes are checked", []), push)).toBe(0);
    expect(strengthOf(entry("Branches", "git then push"), push)).toBe(0);
    // a tag naming the program is about every command of it
    expect(strengthOf(entry("Branches", "x", ["git"]), push)).toBe(1);
    const tsc = { kind: "command" as const, program: "tsc" };
    expect(strengthOf(entry("Slow", "x", ["tsc"]), tsc)).toBe(1);
    expect(strengthOf(entry("Slow tsc", "x"), tsc)).toBe(0);
    expect(strengthOf(entry("Types", "run tsc first"), tsc)).toBe(0);
  });
});
