import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { teamScope } from "../../src/scope.js";
import { teamFilePath } from "../../src/team/team-path.js";
import { loadReview, reviewCandidate } from "../../src/tui/review.js";
import { gitOk, teamRepo } from "../helpers/team.js";

const agent = { kind: "agent", agent: "build", session: "ses_agent00001" } as const;

describe("the /memory dialog and team memory", () => {
  it("shows the team entries apart, reviews team candidates into the file, and lists the file's bad lines", async () => {
    const repo = teamRepo();
    const a = repo.developer("alice");
    await a.memory.save({ scope: a.project, kind: "fact", title: "Mine", body: "local" }, agent);
    await a.memory.save({ scope: teamScope(a.project), kind: "decision", title: "Ours", body: "shared" }, agent);
    const { entry } = await a.memory.save(
      { scope: teamScope(a.project), kind: "decision", title: "Proposed", body: "maybe" },
      agent,
      { changesAwaitReview: true },
    );
    const view = await loadReview(a.memory, { project: a.project });
    expect(view.recent.map((r) => [r.title, r.where])).toEqual([["Mine", "project"]]);
    expect(view.team.map((r) => [r.title, r.where])).toEqual([["Ours", "team"]]);
    expect(view.teamTotal).toBe(2);
    expect(view.candidates.map((r) => [r.title, r.where])).toEqual([["Proposed", "team"]]);
    expect(view.teamProblems).toEqual([]);
    await reviewCandidate(a.memory, entry.id, "approve");
    const line = fs
      .readFileSync(a.file, "utf8")
      .split("\n")
      .find((l) => l.includes(entry.id)) as string;
    expect(JSON.parse(line).status).toBe("active");
    // A teammate's broken line, pulled or written by hand, is listed by number.
    fs.appendFileSync(teamFilePath(a.project), "<<<<<<< HEAD\n{oops\n");
    const broken = await loadReview(a.memory, { project: a.project });
    expect(broken.teamProblems).toEqual([
      "line 3: a merge conflict marker; resolve the conflict and remove it",
      "line 4: not valid JSON",
    ]);
    expect(broken.team.map((r) => r.title).sort()).toEqual(["Ours", "Proposed"]);
    expect(fs.existsSync(path.join(a.project, ".git"))).toBe(true);
    expect(gitOk(a.project, "status", "--porcelain")).toContain(".opencode/");
    a.close();
  });
});
