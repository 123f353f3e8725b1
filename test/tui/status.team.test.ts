import { describe, expect, it } from "vitest";
import { teamScope } from "../../src/scope.js";
import { createSessionSettings } from "../../src/store/session-settings.js";
import { loadReview } from "../../src/tui/review.js";
import { loadStatus } from "../../src/tui/status-load.js";
import { teamRepo } from "../helpers/team.js";

const agent = { kind: "agent", agent: "build", session: "ses_agent00001" } as const;

describe("the status line and /memory count the same entries", () => {
  it("counts the project's team memory in the status line as /memory does", async () => {
    const a = teamRepo().developer("alice");
    await a.memory.save({ scope: a.project, kind: "fact", title: "Mine", body: "local" }, agent);
    await a.memory.save({ scope: "global", kind: "fact", title: "Everywhere", body: "global" }, agent);
    await a.memory.save({ scope: teamScope(a.project), kind: "decision", title: "Ours", body: "shared" }, agent);
    await a.memory.save({ scope: teamScope(a.project), kind: "decision", title: "Maybe", body: "?" }, agent, {
      changesAwaitReview: true,
    });
    const settings = createSessionSettings({ database: a.memory.database, clock: Date.now });
    const status = await loadStatus(
      { memory: a.memory, database: a.memory.database, settings, project: a.project, actionRecall: true },
      undefined,
    );
    const review = await loadReview(a.memory, { project: a.project });
    expect(status.entries).toBe(3);
    expect(status.candidates).toBe(1);
    expect(review.figures[0]).toContain(`${status.entries} active, ${status.candidates} candidate`);
    a.close();
  });
});
