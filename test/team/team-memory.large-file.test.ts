/** A team file that grew past 4 MB, or that an editor gave a byte-order mark, costs no entry of the index. */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { teamScope } from "../../src/scope.js";
import { MAX_TEAM_FILE_BYTES } from "../../src/team/team-read.js";
import { idOf, teamRepo } from "../helpers/team.js";

const liveIds = async (dev: ReturnType<ReturnType<typeof teamRepo>["developer"]>) =>
  (await dev.memory.list({ scopes: [teamScope(dev.project)], limit: 100 })).items.map((e) => e.id).sort();

describe("team files the reader must not lose entries over", () => {
  it("over 4 MB: every entry stays live, the bad size is reported, and changes are refused", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const ids = [];
    for (const title of ["Alpha decision", "Beta decision", "Gamma decision"]) {
      ids.push(idOf(await a.tools.memory_save.execute({ kind: "decision", title, body: "b", scope: "team" }, a.ctx)));
    }
    const lines = fs.readFileSync(a.file, "utf8").split("\n").filter(Boolean);
    fs.writeFileSync(a.file, `${lines[0]}\n${" \n".repeat(MAX_TEAM_FILE_BYTES / 2)}${lines.slice(1).join("\n")}\n`);
    expect(await liveIds(a)).toEqual([...ids].sort());
    expect(a.logged().join("\n")).toContain("larger than");
    const out = String(
      await a.tools.memory_save.execute({ kind: "fact", title: "More", body: "b", scope: "team" }, a.ctx),
    );
    expect(out).toContain("nothing was changed");
    expect(await liveIds(a)).toEqual([...ids].sort());
    a.close();
  });

  it("with a byte-order mark: the first line's entry stays live and nothing is reported", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const ids = [];
    for (const title of ["Alpha decision", "Beta decision"]) {
      ids.push(idOf(await a.tools.memory_save.execute({ kind: "decision", title, body: "b", scope: "team" }, a.ctx)));
    }
    fs.writeFileSync(a.file, `\uFEFF${fs.readFileSync(a.file, "utf8")}`);
    expect(await liveIds(a)).toEqual([...ids].sort());
    expect(a.logged()).toEqual([]);
    a.close();
  });
});
