import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildMemoryBlock } from "../../src/injection/memory-block.js";
import { teamScope } from "../../src/scope.js";
import { readTeamText } from "../../src/team/team-read.js";
import { SAMPLES, seeded } from "../helpers/secret-samples.js";
import { gitOk, idOf, teamRepo } from "../helpers/team.js";

const fileLines = (file: string) => fs.readFileSync(file, "utf8").split("\n").filter(Boolean);

describe("team memory through memory_save and the other tools", () => {
  it("saves with scope team into the project's file, which git sees as a change beside its .gitattributes", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const out = String(
      await a.tools.memory_save.execute(
        { kind: "decision", title: "Deploys go through staging", body: "Never straight to prod.", scope: "team" },
        a.ctx,
      ),
    );
    expect(out).toMatch(/^Saved decision \[[0-9a-z]{12}\] "Deploys go through staging" as active in team\.$/);
    const id = idOf(out);
    const lines = fileLines(a.file);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ id, title: "Deploys go through staging", status: "active" });
    expect(fs.readFileSync(path.join(path.dirname(a.file), ".gitattributes"), "utf8")).toBe("team.jsonl merge=union\n");
    expect(
      gitOk(a.project, "status", "--porcelain", "--untracked-files=all").split("\n").filter(Boolean).sort(),
    ).toEqual(["?? .opencode/memory/.gitattributes", "?? .opencode/memory/team.jsonl"]);
    expect((await a.memory.get(id))?.scope).toBe(teamScope(a.project));
    // Search and list show it with its scope, and a project entry is not written to the file.
    await a.tools.memory_save.execute({ kind: "fact", title: "Local staging note", body: "mine only" }, a.ctx);
    const search = String(await a.tools.memory_search.execute({ query: "staging" }, a.ctx));
    expect(search).toContain(`[${id}] "Deploys go through staging" (decision, active, team)`);
    expect(search).toContain('"Local staging note" (fact, active, this project)');
    expect(search).toContain("in this project, team and global");
    expect(fileLines(a.file)).toHaveLength(1);
    a.close();
  });

  it("trashing a team entry removes its line; restoring puts it back; review and supersede rewrite it", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const first = idOf(
      await a.tools.memory_save.execute({ kind: "decision", title: "Use Postgres", body: "b1", scope: "team" }, a.ctx),
    );
    const second = idOf(
      await a.tools.memory_save.execute({ kind: "decision", title: "Use SQLite", body: "b2", scope: "team" }, a.ctx),
    );
    expect(fileLines(a.file).map((l) => JSON.parse(l).id)).toEqual([first, second].sort());
    expect(String(await a.tools.memory_forget.execute({ id: first }, a.ctx))).toContain("Moved 1 entry to the trash");
    expect(fileLines(a.file).map((l) => JSON.parse(l).id)).toEqual([second]);
    expect(String(await a.tools.memory_restore.execute({ id: first }, a.ctx))).toContain("to team");
    expect(fileLines(a.file).map((l) => JSON.parse(l).id)).toEqual([first, second].sort());
    await a.tools.memory_review.execute({ id: first, status: "superseded", superseded_by: second }, a.ctx);
    const line = fileLines(a.file).find((l) => l.includes(first)) as string;
    expect(JSON.parse(line)).toMatchObject({ status: "superseded", superseded_by: second });
    expect(JSON.parse(line).valid_until).toBeDefined();
    // A team entry and an entry outside that team memory never supersede each other.
    const local = idOf(await a.tools.memory_save.execute({ kind: "fact", title: "Local", body: "b" }, a.ctx));
    const refused = String(
      await a.tools.memory_save.execute(
        { kind: "decision", title: "Team replaces local", body: "b", scope: "team", supersedes: local },
        a.ctx,
      ),
    );
    expect(refused).toContain("a team entry and an entry outside that team memory cannot supersede each other");
    expect(
      String(await a.tools.memory_review.execute({ id: second, status: "superseded", superseded_by: local }, a.ctx)),
    ).toContain("cannot supersede each other");
    expect(fileLines(a.file)).toHaveLength(2);
    a.close();
  }, 60_000);

  it("forgets by query only this project's team entries, never another project's", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const b = repo.developer("bob");
    // One store, two repositories (one person working in both): a session in b saves to b's team memory.
    await a.tools.memory_save.execute({ kind: "gotcha", title: "Flaky seed script", body: "x", scope: "team" }, a.ctx);
    await a.tools.memory_save.execute(
      { kind: "gotcha", title: "Other flaky seed script", body: "x", scope: "team" },
      b.ctx,
    );
    const out = String(await a.tools.memory_forget.execute({ query: "flaky seed" }, a.ctx));
    expect(out).toContain("Moved 1 entry to the trash");
    expect(out).toContain("(gotcha, team)");
    expect(fs.existsSync(a.file)).toBe(true);
    expect(fileLines(a.file)).toEqual([]);
    expect(fileLines(b.file)).toHaveLength(1);
    const left = await a.memory.list({ scopes: [teamScope(b.project)] });
    expect(left.items.map((e) => e.title)).toEqual(["Other flaky seed script"]);
    // Nor by id, nor by naming its scope: a session never writes another project's repository.
    const otherId = left.items[0]?.id as string;
    const before = fs.readFileSync(b.file, "utf8");
    for (const out of [
      await a.tools.memory_forget.execute({ id: otherId }, a.ctx),
      await a.tools.memory_review.execute({ id: otherId, status: "rejected" }, a.ctx),
      await a.tools.memory_save.execute(
        { kind: "fact", title: "Sneaky", body: "x", scope: teamScope(b.project) },
        a.ctx,
      ),
    ]) {
      expect(String(out)).toMatch(
        /^Error: \[opencode-ledger\] (scope "team:.*" is not this project's|entry .* belongs to another project|scope: )/,
      );
    }
    expect(fs.readFileSync(b.file, "utf8")).toBe(before);
    await a.memory.trash(otherId, { kind: "person" });
    expect(String(await a.tools.memory_restore.execute({ id: otherId }, a.ctx))).toMatch(
      /is not this project's|belongs to another project/,
    );
    a.close();
    b.close();
  }, 60_000);

  it("follows edits of the file on disk: new, changed and removed lines, audited by the repository with its commit", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const id = idOf(
      await a.tools.memory_save.execute(
        { kind: "decision", title: "Ship on Fridays", body: "yes", scope: "team" },
        a.ctx,
      ),
    );
    gitOk(a.project, "add", ".opencode");
    gitOk(a.project, "commit", "-m", "team memory");
    const head = gitOk(a.project, "rev-parse", "--short=12", "HEAD").trim();
    const [line] = fileLines(a.file);
    const changed = JSON.parse(line as string);
    changed.body = "no, never on Fridays";
    const added = { ...changed, id: "manual000001", title: "Review every migration", body: "two people" };
    fs.writeFileSync(a.file, `${JSON.stringify(changed)}\n${JSON.stringify(added)}\n`);
    repo.now.value += 1000;
    const list = await a.memory.list({ scopes: [teamScope(a.project)] });
    expect(new Map(list.items.map((e) => [e.id, e.body]))).toEqual(
      new Map([
        [id, "no, never on Fridays"],
        ["manual000001", "two people"],
      ]),
    );
    const history = await a.memory.history(id);
    expect(history.rows.at(-1)).toMatchObject({
      action: "update",
      actor: { kind: "repo", agent: head },
      changes: { body: ["yes", "no, never on Fridays"] },
      reason: ".opencode/memory/team.jsonl line 1",
    });
    const historyText = String(await a.tools.memory_history.execute({ id }, a.ctx));
    expect(historyText).toContain(`by the repository (commit ${head})`);
    fs.writeFileSync(a.file, `${JSON.stringify(added)}\n`);
    expect((await a.memory.get(id))?.trashedAt).not.toBeNull();
    expect((await a.memory.history(id)).rows.at(-1)).toMatchObject({ action: "trash", actor: { kind: "repo" } });
    // The line comes back (git checkout of the earlier commit): the entry is restored as it was there.
    gitOk(a.project, "checkout", "--", ".opencode/memory/team.jsonl");
    const back = await a.memory.get(id);
    expect(back).toMatchObject({ trashedAt: null, body: "yes" });
    expect((await a.memory.history(id)).rows.slice(-2).map((r) => r.action)).toEqual(["restore", "update"]);
    // The file removed altogether (a checkout of a branch without it): its entries leave the index.
    fs.rmSync(path.dirname(a.file), { recursive: true });
    expect((await a.memory.list({ scopes: [teamScope(a.project)] })).total).toBe(0);
    a.close();
  });

  it("keeps bad lines out of the index, reports them, holds the entry they name, and refuses team saves meanwhile", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const id = idOf(
      await a.tools.memory_save.execute({ kind: "decision", title: "Keep me", body: "valid", scope: "team" }, a.ctx),
    );
    const good = fileLines(a.file)[0] as string;
    const broken = good.replace('"body":"valid"', `"body":"${"x".repeat(8001)}"`);
    fs.writeFileSync(a.file, `${broken}\n<<<<<<< HEAD\n`);
    const report = await a.memory.syncTeam(a.project);
    expect(report.problems.map((p) => p.line)).toEqual([1, 2]);
    expect(report.problems[0]?.message).toContain("body: is 8001 characters; the limit is 8000");
    expect(a.logged().join("\n")).toMatch(
      /2 bad lines left out of the index \(line 1: body: is 8001 characters.*line 2: a merge conflict marker/,
    );
    // The entry of the bad line keeps what the index had: nothing valid is lost.
    expect(await a.memory.get(id)).toMatchObject({ body: "valid", trashedAt: null });
    const refused = String(
      await a.tools.memory_save.execute({ kind: "fact", title: "New", body: "b", scope: "team" }, a.ctx),
    );
    expect(refused).toMatch(
      /^Error: \[opencode-ledger\] the team memory file \.opencode\/memory\/team\.jsonl of .* has 2 bad lines \(line 1: /,
    );
    expect(fs.readFileSync(a.file, "utf8")).toBe(`${broken}\n<<<<<<< HEAD\n`);
    // Saving outside the team memory still works.
    expect(String(await a.tools.memory_save.execute({ kind: "fact", title: "New", body: "b" }, a.ctx))).toMatch(
      /^Saved/,
    );
    a.close();
  }, 60_000);

  it("refuses a secret that arrived in the file, never injecting it, and reports its line", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    await a.tools.memory_save.execute({ kind: "decision", title: "Clean", body: "fine", scope: "team" }, a.ctx);
    const sample = SAMPLES[3];
    if (!sample) throw new Error("no sample");
    const secret = sample.build(seeded(11));
    const line = JSON.parse(fileLines(a.file)[0] as string);
    const leaked = { ...line, id: "leak00000001", title: "Prod access", body: `use ${secret}` };
    fs.appendFileSync(a.file, `${JSON.stringify(leaked)}\n`);
    const block = await buildMemoryBlock(a.memory, a.project, 4000);
    expect(block).toContain("- decision: Clean (team)");
    expect(block).not.toContain("Prod access");
    expect(block).not.toContain(secret);
    expect((await a.memory.search({ query: "prod access" })).total).toBe(0);
    expect(a.logged().join("\n")).toContain(`line 2: refused: body looks like it holds a secret (${sample.kind})`);
    expect(a.logged().join("\n")).not.toContain(secret);
    a.close();
  });

  it("lets a person promote a project entry to the team and demote it back, keeping its id", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const id = idOf(await a.tools.memory_save.execute({ kind: "decision", title: "Tabs", body: "b" }, a.ctx));
    const person = { kind: "person" as const };
    const [up] = await a.memory.promote([id], a.project, person, "the team agrees");
    expect(up?.entry.scope).toBe(teamScope(a.project));
    expect(readTeamText(fs.readFileSync(a.file, "utf8"), repo.now.value).entries.map((e) => e.id)).toEqual([id]);
    await expect(a.memory.promote([id], a.project, person)).rejects.toThrow(/is not in scope/);
    const [down] = await a.memory.demote([id], a.project, person);
    expect(down?.entry.scope).toBe(a.project);
    expect(fileLines(a.file)).toEqual([]);
    expect((await a.memory.history(id)).rows.map((r) => r.changes?.scope ?? null).filter(Boolean)).toEqual([
      [null, a.project],
      [a.project, teamScope(a.project)],
      [teamScope(a.project), a.project],
    ]);
    a.close();
  });

  it("never leaves a team entry and one outside it superseding each other: linked entries move together or not at all", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const person = { kind: "person" as const };
    const save = async (title: string, supersedes?: string) =>
      idOf(await a.tools.memory_save.execute({ kind: "decision", title, body: title, supersedes }, a.ctx));
    const old = await save("Spaces");
    const current = await save("Tabs", old);
    const alone = await save("Unrelated");
    // The replacement alone, or the replaced entry alone, would link across: refused, nothing moved, no line written.
    for (const ids of [[current], [old], [alone, current]]) {
      await expect(a.memory.promote(ids, a.project, person)).rejects.toThrow(/supersedes|is superseded by/);
    }
    await expect(a.memory.promote([current], a.project, person)).rejects.toThrow(
      `entry ${current} ("Tabs") supersedes ${old} ("Spaces") in ${a.project}: a team entry and an entry outside that team memory cannot supersede each other, so nothing was moved`,
    );
    expect(fs.existsSync(a.file) ? fileLines(a.file) : []).toEqual([]);
    expect((await a.memory.get(alone))?.scope).toBe(a.project);
    // Both together: the file holds both lines, the link intact on each side.
    const moved = await a.memory.promote([current, old], a.project, person, "the team agrees");
    expect(moved.map((m) => m.entry.scope)).toEqual([teamScope(a.project), teamScope(a.project)]);
    const lines = readTeamText(fs.readFileSync(a.file, "utf8"), repo.now.value).entries;
    expect(lines.find((e) => e.id === old)?.supersededBy).toBe(current);
    expect(lines.map((e) => e.id).sort()).toEqual([current, old].sort());
    // Demoting one of them back alone is refused the same way; both together go.
    await expect(a.memory.demote([old], a.project, person)).rejects.toThrow(/is superseded by/);
    await a.memory.demote([old, current], a.project, person);
    expect(fileLines(a.file)).toEqual([]);
    expect((await a.memory.get(old))?.supersededBy).toBe(current);
    a.close();
  });
});
