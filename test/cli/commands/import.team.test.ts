/**
 * A backup of a whole store restores: `export -o` then `import` of a store that holds team memory imports every other
 * entry and skips the team entries with a count (they live in the project's .opencode/memory/team.jsonl), exit 0.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GLOBAL_SCOPE } from "../../../src/scope.js";
import { AGENT, cliFixture } from "../../helpers/cli.js";

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
});
