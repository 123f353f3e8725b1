/**
 * Team memory live, in two OpenCode processes with two clones of one repository: the model saves a decision with
 * scope team in the first, which writes the project's team file; it is committed and pushed; the second clone pulls,
 * and an OpenCode started there finds the decision with memory_search and has it in its system prompt.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gitOk } from "../helpers/team.js";
import { type LiveServer, startOpencode } from "./harness.js";
import type { LivePaths } from "./live-home.js";

const TEAM_FILE = ".opencode/memory/team.jsonl";

/** OpenCode installs its plugin package into every `.opencode` folder it finds unless it is there already. */
function seedOpencodeFolder(project: string): void {
  const dir = path.join(project, ".opencode");
  const deps = { "@opencode-ai/plugin": "1.18.33" };
  fs.mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ dependencies: deps }));
  fs.writeFileSync(
    path.join(dir, "package-lock.json"),
    JSON.stringify({ lockfileVersion: 3, packages: { "": { dependencies: deps } } }),
  );
}

describe("team memory through git, live", () => {
  const servers: LiveServer[] = [];
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-live-team-"));
  const bare = path.join(root, "remote.git");
  afterAll(async () => {
    for (const server of servers) await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const cloneInto = (p: LivePaths) => {
    fs.rmSync(p.project, { recursive: true, force: true });
    gitOk(root, "clone", bare, p.project);
  };

  /** The stub model calls `tool`; resolves with the tool result OpenCode handed back to it. */
  const call = async (oc: LiveServer, session: string, tool: string, args: Record<string, unknown>) => {
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: tool, args });
    await oc.prompt(session, `Please use ${tool}.`);
    return (
      oc.stub
        .since(mark)
        .find((r) => r.messages.at(-1)?.role === "tool")
        ?.messages.at(-1)?.text ?? ""
    );
  };

  it("a save with scope team in one clone reaches another clone's OpenCode after a pull", async () => {
    gitOk(root, "init", "--bare", "--initial-branch=main", bare);
    const seed = path.join(root, "seed");
    gitOk(root, "clone", bare, seed);
    fs.writeFileSync(path.join(seed, "README.md"), "# shop\n");
    gitOk(seed, "add", "README.md");
    gitOk(seed, "commit", "-m", "start");
    gitOk(seed, "push", "origin", "HEAD:main");

    const a = await startOpencode({ plugin: {}, prepare: cloneInto });
    servers.push(a);
    const session = await a.createSession();
    const saved = await call(a, session, "memory_save", {
      kind: "decision",
      title: "Never run the seed script on prod",
      body: "It truncates every table; use the staging snapshot instead.",
      scope: "team",
    });
    expect(saved).toMatch(/^Saved decision \[[0-9a-z]{12}\] "Never run the seed script on prod" as active in team\./);
    const id = /\[([0-9a-z]{12})\]/.exec(saved)?.[1] as string;
    const file = path.join(a.project, TEAM_FILE);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({ id, status: "active" });
    expect(gitOk(a.project, "status", "--porcelain", "--untracked-files=all")).toContain(`?? ${TEAM_FILE}`);
    gitOk(a.project, "add", ".opencode/memory");
    gitOk(a.project, "commit", "-m", "team memory: the seed script");
    gitOk(a.project, "push", "origin", "HEAD:main");
    await a.stop();
    servers.pop();

    const b = await startOpencode({
      plugin: {},
      prepare: (p) => {
        // A clone made before the push, brought up to date by a pull.
        cloneInto(p);
        gitOk(p.project, "reset", "--hard", "HEAD~1");
        expect(fs.existsSync(path.join(p.project, TEAM_FILE))).toBe(false);
        gitOk(p.project, "pull", "--no-rebase", "origin", "main");
        seedOpencodeFolder(p.project);
      },
    });
    servers.push(b);
    expect(b.dataDir).not.toBe(a.dataDir);
    const other = await b.createSession();
    const mark = b.stub.mark();
    const found = await call(b, other, "memory_search", { query: "seed script prod" });
    expect(found).toContain(`[${id}] "Never run the seed script on prod" (decision, active, team)`);
    const system = b.stub
      .since(mark)
      .filter((r) => r.kind === "chat")
      .at(0)?.system;
    expect(system).toContain(`- decision: Never run the seed script on prod (team) [${id}]`);
  }, 180_000);
});
