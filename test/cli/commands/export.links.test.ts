/**
 * `export -o F` in a folder another local user can write to: links planted where a guessable temp file would go, or
 * at F itself, are never followed; F ends up a regular 0600 file holding the export, and nothing else is written.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AGENT, cliFixture } from "../../helpers/cli.js";

const PLANTED = 4_000;

describe("export -o through planted links", () => {
  it("never writes through a link planted for a likely temp name, nor through one at the target", async () => {
    const f = cliFixture();
    await f.memory().save({ scope: f.project, kind: "fact", title: "Export me", body: "the body" }, AGENT);
    f.close();
    const shared = path.join(f.root, "shared");
    fs.mkdirSync(shared, { mode: 0o1777 });
    const target = path.join(shared, "memory.jsonl");
    const captured = path.join(f.root, "attacker");
    fs.mkdirSync(captured);
    // Links for the next few thousand process ids (the old temp name was F.<pid>.tmp), each to its own file.
    for (let pid = process.pid; pid < process.pid + PLANTED; pid++) {
      fs.symlinkSync(path.join(captured, `got-${pid}`), `${target}.${pid}.tmp`);
    }
    const decoy = path.join(captured, "decoy");
    fs.writeFileSync(decoy, "");
    fs.symlinkSync(decoy, target);

    const r = f.run(["export", "-o", target]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Exported 1 entry");
    // Nothing reached the attacker's side: no file created through a link, the decoy untouched.
    expect(fs.readdirSync(captured)).toEqual(["decoy"]);
    expect(fs.readFileSync(decoy, "utf8")).toBe("");
    const stat = fs.lstatSync(target);
    expect(stat.isFile()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(target, "utf8")).title).toBe("Export me");
    // No temp file of ours is left beside it.
    expect(fs.readdirSync(shared).filter((n) => !/\.\d+\.tmp$/.test(n))).toEqual(["memory.jsonl"]);
  }, 60_000);

  it("an output that cannot be written is refused with a message naming the file (exit 1)", async () => {
    const f = cliFixture();
    await f.memory().save({ scope: f.project, kind: "fact", title: "Export me", body: "the body" }, AGENT);
    f.close();
    const dir = path.join(f.root, "a-folder");
    fs.mkdirSync(dir);
    const r = f.run(["export", "-o", dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`cannot write ${dir}`);
    expect(r.stderr).not.toContain("unexpected error");
    expect(fs.readdirSync(f.root).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  }, 60_000);
});
