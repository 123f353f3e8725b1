import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { teamScope } from "../../../src/scope.js";
import { teamFilePath } from "../../../src/team/team-path.js";
import { AGENT, cliFixture, linkedEntries } from "../../helpers/cli.js";
import { teamLine as line } from "../../helpers/team.js";

describe("opencode-ledger team promote and demote, and the memory commands over team entries", () => {
  it("lists, shows and reviews team entries with their scope, and promotes and demotes in place", async () => {
    const f = cliFixture();
    const memory = f.memory();
    const local = await memory.save(
      { scope: f.project, kind: "decision", title: "Use tabs", body: "team-wide?" },
      AGENT,
    );
    f.close();
    const file = teamFilePath(f.project);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${line("aa0000000001", "Staging gate", "every deploy", "candidate")}\n`);
    const list = f.run(["list", "--scope", "team", "--json"]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.json<{ items: { id: string; scope: string }[] }>().items).toEqual([
      expect.objectContaining({ id: "aa0000000001", scope: teamScope(f.project) }),
    ]);
    const table = f.run(["list"]);
    expect(table.stdout).toContain("team:");
    expect(table.stdout).toContain("Staging gate");
    expect(table.stdout).toContain("Use tabs");
    expect(f.run(["show", "aa0000000001"]).stdout).toContain("every deploy");
    // Review: approving a team candidate rewrites its line.
    const review = f.run(["review", "--scope", "team"], { input: "a\n" });
    expect(review.code, review.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({ id: "aa0000000001", status: "active" });
    const up = f.run(["team", "promote", local.entry.id, "--reason", "agreed"]);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toContain(`Promoted to the team memory of`);
    expect(fs.readFileSync(file, "utf8")).toContain(`"id":"${local.entry.id}"`);
    const again = f.run(["team", "promote", local.entry.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("is not in scope");
    const down = f.run(["team", "demote", local.entry.id]);
    expect(down.code, down.stderr).toBe(0);
    expect(fs.readFileSync(file, "utf8")).not.toContain(local.entry.id);
    expect(f.run(["team", "demote", "nosuchid0000"]).code).toBe(1);
    // A bad line blocks changes to the team memory, with the line named.
    fs.appendFileSync(file, "{oops\n");
    const blocked = f.run(["team", "promote", local.entry.id]);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain("has 1 bad line (line 2: not valid JSON)");
    f.close();
  }, 60_000);

  it("moves linked entries together or not at all, and says which link stopped it", async () => {
    const f = cliFixture();
    const { old, next } = await linkedEntries(f);
    const file = teamFilePath(f.project);
    const refused = f.run(["team", "promote", next.entry.id]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`supersedes ${old.entry.id} ("Old way")`);
    expect(refused.stderr).toContain("give both ids");
    expect(fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "").toBe("");
    const both = f.run(["team", "promote", next.entry.id, old.entry.id]);
    expect(both.code, both.stderr).toBe(0);
    expect(both.stdout.match(/Promoted to the team memory of/g)).toHaveLength(2);
    expect(fs.readFileSync(file, "utf8").trimEnd().split("\n")).toHaveLength(2);
  }, 60_000);
});
