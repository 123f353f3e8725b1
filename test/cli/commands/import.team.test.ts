/**
 * A backup of a whole store restores: `export -o` then `import` of a store that holds team memory imports every other
 * entry and skips the team entries with a count (they live in the project's .opencode/memory/team.jsonl), exit 0.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GLOBAL_SCOPE } from "../../../src/scope.js";
import { AGENT, cliFixture, linkedEntries } from "../../helpers/cli.js";

describe("export and import of a whole store with team memory", () => {
  it("round-trips every entry but the team's, which are skipped and counted, never refused", async () => {
    const f = cliFixture();
    const m = f.memory();
    await m.save({ scope: f.project, kind: "fact", title: "Local", body: "stays in the store" }, AGENT);
    await m.save({ scope: GLOBAL_SCOPE, kind: "lesson", title: "Global", body: "everywhere" }, AGENT);
    const shared = await m.save({ scope: f.project, kind: "decision", title: "Shared", body: "for the team" }, AGENT);
    f.close();
    expect(f.run(["team", "promote", shared.entry.id]).code).toBe(0);

    const backup = path.join(f.root, "mem.jsonl");
    const exported = f.run(["export", "-o", backup]);
    expect(exported.code).toBe(0);

    const copy = path.join(f.root, "copy");
    const restored = f.runBare(["--data-dir", copy, "import", backup]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("Imported 2, already present 0, refused 0.");
    expect(restored.stdout).toContain("1 team entry skipped: team memory lives in each project's");
    const json = f.runBare(["--data-dir", copy, "import", backup, "--json"]).json<Record<string, unknown>>();
    expect(json).toMatchObject({ imported: 0, present: 2, refusedCount: 0, teamSkipped: 1 });
    // Back into the store it came from: nothing changes, nothing fails.
    const again = f.run(["import", backup]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("already present 2");
  });

  it("keeps the link of an entry a team entry superseded, where the copy's project file holds the target", async () => {
    const f = cliFixture();
    const { old, next } = await linkedEntries(f);
    // The replaced entry in the project's own memory, linked to a team entry: a backup written before `team promote`
    // refused to move one of two linked entries alone. Both are promoted, and the backup's line of the replaced entry
    // is given back its project scope, as such a backup has it.
    expect(f.run(["team", "promote", next.entry.id, old.entry.id]).code).toBe(0);
    const backup = path.join(f.root, "mem.jsonl");
    expect(f.run(["export", "-o", backup]).code).toBe(0);
    const lines = fs.readFileSync(backup, "utf8").trimEnd().split("\n");
    const older = lines.map((l) => {
      const entry = JSON.parse(l) as { id: string; scope: string };
      return entry.id === old.entry.id ? JSON.stringify({ ...entry, scope: f.project }) : l;
    });
    fs.writeFileSync(backup, `${older.join("\n")}\n`);

    const copy = path.join(f.root, "copy");
    const restored = f.runBare(["--data-dir", copy, "import", backup, "--json"]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.json()).toMatchObject({ imported: 1, refusedCount: 0, teamSkipped: 1 });
    const shown = f.runBare(["--data-dir", copy, "show", old.entry.id, "--json"]);
    expect(shown.code).toBe(0);
    expect(shown.json().entry).toMatchObject({ status: "superseded", supersededBy: next.entry.id });
    // The project's file brings the replacement into the copy's index, and the link points at it.
    const target = f.runBare(["--data-dir", copy, "show", next.entry.id, "--json"]);
    expect(target.code).toBe(0);
    expect(target.json().entry).toMatchObject({ title: "New way", supersedes: [old.entry.id] });
  });

  it("still refuses a bad team line by its number, and a link to no entry at all, importing the rest", async () => {
    const f = cliFixture();
    const m = f.memory();
    const shared = await m.save({ scope: f.project, kind: "decision", title: "Shared", body: "for the team" }, AGENT);
    await m.save({ scope: f.project, kind: "fact", title: "Local", body: "stays" }, AGENT);
    f.close();
    expect(f.run(["team", "promote", shared.entry.id]).code).toBe(0);
    const backup = path.join(f.root, "mem.jsonl");
    expect(f.run(["export", "-o", backup]).code).toBe(0);
    const lines = fs.readFileSync(backup, "utf8").trimEnd().split("\n");
    const team = JSON.parse(lines.find((l) => l.includes(shared.entry.id)) as string);
    const broken = { ...team, id: "teambroken01", title: "Broken", status: "bogus" };
    const dangling = {
      ...JSON.parse(lines.find((l) => !l.includes(shared.entry.id)) as string),
      id: "dangling0001",
      title: "Dangling",
      status: "superseded",
      supersededBy: "nowhere00001",
    };
    fs.writeFileSync(
      backup,
      [...lines, JSON.stringify(broken), JSON.stringify(dangling)].map((l) => `${l}\n`).join(""),
    );

    const copy = path.join(f.root, "copy");
    const restored = f.runBare(["--data-dir", copy, "import", backup, "--json"]);
    expect(restored.code).toBe(1);
    const json = restored.json<{ refused: { line: number; id: string; message: string }[] }>();
    expect(json).toMatchObject({ imported: 1, refusedCount: 2, teamSkipped: 1 });
    expect(json.refused.map((r) => [r.line, r.id])).toEqual([
      [3, "teambroken01"],
      [4, "dangling0001"],
    ]);
    expect(json.refused[0]?.message).toContain("candidate, active, superseded or rejected");
    expect(json.refused[1]?.message).toContain("nowhere00001");
  });
});
