/**
 * A repository cloned from someone else can hold links git restored: at `.opencode`, `.opencode/memory`, the team
 * file, its `.gitattributes`, or a temp name the writer once used. None is followed: the save is refused with the
 * link named, and nothing is created or changed outside the repository.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { teamLine, teamRepo } from "../helpers/team.js";

const save = { kind: "decision", title: "Deploys go through staging", body: "never straight to prod", scope: "team" };

describe("links in the repository where team memory writes", () => {
  it("refuses .opencode/memory as a link: nothing is written in the folder it names", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const outside = path.join(repo.root, "outside");
    fs.mkdirSync(outside);
    fs.mkdirSync(path.join(a.project, ".opencode"));
    fs.symlinkSync(outside, path.join(a.project, ".opencode", "memory"));
    const out = String(await a.tools.memory_save.execute(save, a.ctx));
    expect(out).toMatch(/\.opencode\/memory in .* is a symbolic link; team memory never writes through a link/);
    expect(fs.readdirSync(outside)).toEqual([]);
    a.close();
  });

  it("refuses .opencode as a link", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const outside = path.join(repo.root, "outside");
    fs.mkdirSync(outside);
    fs.symlinkSync(outside, path.join(a.project, ".opencode"));
    expect(String(await a.tools.memory_save.execute(save, a.ctx))).toContain(".opencode in ");
    expect(fs.readdirSync(outside)).toEqual([]);
    a.close();
  });

  it("refuses a dangling .gitattributes link: its target is never created", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const target = path.join(repo.root, "planted-attributes");
    fs.mkdirSync(path.dirname(a.file), { recursive: true });
    fs.symlinkSync(target, path.join(path.dirname(a.file), ".gitattributes"));
    const out = String(await a.tools.memory_save.execute(save, a.ctx));
    expect(out).toContain(".opencode/memory/.gitattributes in ");
    expect(out).toContain("is a symbolic link");
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.existsSync(a.file)).toBe(false);
    a.close();
  });

  it("refuses the team file as a link, read or written: the file it names is neither indexed nor replaced", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const target = path.join(repo.root, "elsewhere.jsonl");
    fs.writeFileSync(target, `${teamLine("aaaaaaaaaaaa", "From outside the repository")}\n`);
    fs.mkdirSync(path.dirname(a.file), { recursive: true });
    fs.symlinkSync(target, a.file);
    expect(String(await a.tools.memory_search.execute({ query: "outside" }, a.ctx))).not.toContain("From outside");
    expect(a.logged().join("\n")).toContain("is a symbolic link");
    expect(String(await a.tools.memory_save.execute(save, a.ctx))).toContain("is a symbolic link");
    expect(fs.lstatSync(a.file).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(target, "utf8")).toBe(`${teamLine("aaaaaaaaaaaa", "From outside the repository")}\n`);
    a.close();
  });

  it("never writes through a link at a temp name beside the file", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    const victim = path.join(repo.root, "victim.txt");
    fs.writeFileSync(victim, "keep me\n");
    fs.mkdirSync(path.dirname(a.file), { recursive: true });
    fs.symlinkSync(victim, path.join(path.dirname(a.file), `.team.jsonl.${process.pid}.tmp`));
    expect(String(await a.tools.memory_save.execute(save, a.ctx))).toMatch(/^Saved decision/);
    expect(fs.readFileSync(victim, "utf8")).toBe("keep me\n");
    expect(fs.readFileSync(a.file, "utf8")).toContain("Deploys go through staging");
    a.close();
  });
});
