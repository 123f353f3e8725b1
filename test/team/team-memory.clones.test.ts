/**
 * Two developers, each with a clone and a store of their own, and a bare repository between them: team memory
 * travels by commit, push and pull, and git merges it.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildMemoryBlock } from "../../src/injection/memory-block.js";
import { teamScope } from "../../src/scope.js";
import { readTeamText } from "../../src/team/team-read.js";
import { SAMPLES, seeded } from "../helpers/secret-samples.js";
import { type Developer, git, gitOk, idOf, teamRepo } from "../helpers/team.js";

function commitAndPush(dev: Developer, message: string): void {
  gitOk(dev.project, "add", "-A", ".opencode/memory");
  gitOk(dev.project, "commit", "-m", message);
  gitOk(dev.project, "push", "origin", "HEAD:main");
}

const titles = async (dev: Developer) =>
  (await dev.memory.list({ scopes: [teamScope(dev.project)], status: "all" })).items.map((e) => e.title).sort();

describe("team memory between two clones", () => {
  it("A saves, commits and pushes; B pulls and B's next session has it injected and searchable", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const b = repo.developer("bob");
    const id = idOf(
      await a.tools.memory_save.execute(
        { kind: "decision", title: "Never run the seed on prod", body: "It truncates every table.", scope: "team" },
        a.ctx,
      ),
    );
    commitAndPush(a, "team memory: the seed");
    expect(await b.memory.get(id)).toBeUndefined();
    gitOk(b.project, "pull", "--no-rebase", "origin", "main");
    const block = await buildMemoryBlock(b.memory, b.project, 4000);
    expect(block).toContain(`- decision: Never run the seed on prod (team) [${id}]`);
    const found = String(await b.tools.memory_search.execute({ query: "seed prod" }, b.ctx));
    expect(found).toContain(`[${id}] "Never run the seed on prod" (decision, active, team)`);
    const head = gitOk(b.project, "rev-parse", "--short=12", "HEAD").trim();
    expect((await b.memory.history(id)).rows).toMatchObject([
      { action: "create", actor: { kind: "repo", agent: head } },
    ]);
    a.close();
    b.close();
  }, 60_000);

  it("both add entries at once and git merges them without a conflict", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const b = repo.developer("bob");
    await a.tools.memory_save.execute({ kind: "decision", title: "Base", body: "b", scope: "team" }, a.ctx);
    commitAndPush(a, "base");
    gitOk(b.project, "pull", "--no-rebase", "origin", "main");
    // Several each, so some land in the same place of the sorted file.
    for (let i = 0; i < 4; i++) {
      await a.tools.memory_save.execute({ kind: "fact", title: `Alice ${i}`, body: "a", scope: "team" }, a.ctx);
      await b.tools.memory_save.execute({ kind: "fact", title: `Bob ${i}`, body: "b", scope: "team" }, b.ctx);
    }
    commitAndPush(a, "alice's facts");
    gitOk(b.project, "add", ".opencode/memory");
    gitOk(b.project, "commit", "-m", "bob's facts");
    const pull = git(b.project, "pull", "--no-rebase", "--no-edit", "origin", "main");
    expect(pull.status, pull.stdout + pull.stderr).toBe(0);
    expect(pull.stdout + pull.stderr).not.toContain("CONFLICT");
    const merged = readTeamText(fs.readFileSync(b.file, "utf8"), repo.now.value);
    expect(merged.problems, fs.readFileSync(b.file, "utf8")).toEqual([]);
    expect(merged.entries).toHaveLength(9);
    expect(await titles(b)).toEqual([
      "Alice 0",
      "Alice 1",
      "Alice 2",
      "Alice 3",
      "Base",
      "Bob 0",
      "Bob 1",
      "Bob 2",
      "Bob 3",
    ]);
    // B's next write puts the merged file back in sorted order.
    await b.tools.memory_save.execute({ kind: "fact", title: "After merge", body: "c", scope: "team" }, b.ctx);
    const ids = readTeamText(fs.readFileSync(b.file, "utf8"), repo.now.value).entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort());
    commitAndPush(b, "merged");
    gitOk(a.project, "pull", "--no-rebase", "origin", "main");
    expect(await titles(a)).toHaveLength(10);
    a.close();
    b.close();
  }, 60_000);

  it("a conflicting edit of one entry is reported until a person resolves it, and the index follows the result", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const b = repo.developer("bob");
    const id = idOf(
      await a.tools.memory_save.execute(
        { kind: "decision", title: "Database", body: "Postgres", scope: "team" },
        a.ctx,
      ),
    );
    commitAndPush(a, "database");
    gitOk(b.project, "pull", "--no-rebase", "origin", "main");
    repo.now.value += 60_000;
    await a.tools.memory_save.execute(
      { kind: "decision", title: "Database", body: "Postgres 16", scope: "team" },
      a.ctx,
    );
    commitAndPush(a, "postgres 16");
    await b.tools.memory_save.execute(
      { kind: "decision", title: "Database", body: "Postgres 17", scope: "team" },
      b.ctx,
    );
    gitOk(b.project, "add", ".opencode/memory");
    gitOk(b.project, "commit", "-m", "postgres 17");
    const pull = git(b.project, "pull", "--no-rebase", "--no-edit", "origin", "main");
    expect(pull.status, pull.stderr).toBe(0);
    // The union merge kept both versions: the second line of the id is reported, the index keeps the first.
    const report = await b.memory.syncTeam(b.project);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]?.message).toBe(`entry ${id} is already on line 1; keep one of the two lines`);
    expect(b.logged().join("\n")).toContain(`line 2: entry ${id} is already on line 1`);
    const refused = String(
      await b.tools.memory_save.execute({ kind: "fact", title: "Blocked", body: "b", scope: "team" }, b.ctx),
    );
    expect(refused).toContain("has 1 bad line");
    // The person resolves it by keeping A's version, as they would resolve any merge, and commits.
    const lines = fs.readFileSync(b.file, "utf8").split("\n").filter(Boolean);
    const keep = lines.find((l) => l.includes("Postgres 16")) as string;
    fs.writeFileSync(b.file, `${keep}\n`);
    gitOk(b.project, "commit", "-am", "resolve: keep postgres 16");
    expect((await b.memory.get(id))?.body).toBe("Postgres 16");
    expect((await b.memory.syncTeam(b.project)).problems).toEqual([]);
    a.close();
    b.close();
  }, 60_000);

  it("a conflict-marked file from a merge without the attributes is read as far as valid and followed once resolved", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const b = repo.developer("bob");
    const id = idOf(
      await a.tools.memory_save.execute({ kind: "decision", title: "Runtime", body: "Node 20", scope: "team" }, a.ctx),
    );
    // A repository that does not keep the attributes the plugin writes beside the file.
    const withoutAttributes = (dev: Developer) => fs.rmSync(path.join(path.dirname(dev.file), ".gitattributes"));
    withoutAttributes(a);
    commitAndPush(a, "runtime");
    gitOk(b.project, "pull", "--no-rebase", "origin", "main");
    await a.tools.memory_save.execute({ kind: "decision", title: "Runtime", body: "Node 22", scope: "team" }, a.ctx);
    withoutAttributes(a);
    commitAndPush(a, "node 22");
    await b.tools.memory_save.execute({ kind: "decision", title: "Runtime", body: "Bun", scope: "team" }, b.ctx);
    withoutAttributes(b);
    gitOk(b.project, "add", ".opencode/memory");
    gitOk(b.project, "commit", "-m", "bun");
    const pull = git(b.project, "pull", "--no-rebase", "--no-edit", "origin", "main");
    expect(pull.status).not.toBe(0);
    expect(pull.stdout).toContain("CONFLICT");
    const report = await b.memory.syncTeam(b.project);
    expect(report.problems.map((p) => p.message)).toEqual([
      "a merge conflict marker; resolve the conflict and remove it",
      "a merge conflict marker; resolve the conflict and remove it",
      `entry ${id} is already on line 2; keep one of the two lines`,
      "a merge conflict marker; resolve the conflict and remove it",
    ]);
    expect((await b.memory.get(id))?.body).toBe("Bun");
    // git's own flow: take theirs, add, commit.
    gitOk(b.project, "checkout", "--theirs", ".opencode/memory/team.jsonl");
    gitOk(b.project, "add", ".opencode/memory/team.jsonl");
    gitOk(b.project, "commit", "--no-edit");
    expect((await b.memory.get(id))?.body).toBe("Node 22");
    expect((await b.memory.syncTeam(b.project)).problems).toEqual([]);
    a.close();
    b.close();
  }, 60_000);

  it("a pulled line holding a secret is refused from B's index and reported, the rest indexed", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const b = repo.developer("bob");
    await a.tools.memory_save.execute({ kind: "decision", title: "Fine", body: "ok", scope: "team" }, a.ctx);
    const sample = SAMPLES.find((s) => s.kind === "GitHub token") ?? SAMPLES[0];
    if (!sample) throw new Error("no sample");
    const secret = sample.build(seeded(3));
    const [line] = fs.readFileSync(a.file, "utf8").split("\n");
    // Written by hand past the guard, as a careless commit would.
    const leaked = { ...JSON.parse(line as string), id: "leak00000001", title: "CI token", body: `token ${secret}` };
    fs.appendFileSync(a.file, `${JSON.stringify(leaked)}\n`);
    commitAndPush(a, "oops");
    gitOk(b.project, "pull", "--no-rebase", "origin", "main");
    expect(await titles(b)).toEqual(["Fine"]);
    expect(await b.memory.get("leak00000001")).toBeUndefined();
    const block = await buildMemoryBlock(b.memory, b.project, 4000);
    expect(block).not.toContain(secret);
    expect(b.logged().join("\n")).toContain(`line 2: refused: body looks like it holds a secret (${sample.kind})`);
    a.close();
    b.close();
  }, 60_000);
});
