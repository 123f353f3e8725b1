import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ConflictError, NotFoundError } from "../../src/errors.js";
import { isBun } from "../../src/store/driver.js";
import { figureLines, loadReview, makeActiveAgain, REVIEW_PAGE_SIZE, reviewCandidate } from "../../src/tui/review.js";
import { memoryFixture } from "../helpers/memory.js";

const agent = { kind: "agent", agent: "build", session: "ses_agent00001" } as const;

async function seed(f: ReturnType<typeof memoryFixture>, candidates: number) {
  const ids: string[] = [];
  for (let i = 0; i < candidates; i++) {
    f.now.value += 1_000;
    const { entry } = await f.memory.save(
      { scope: i % 2 === 0 ? f.project : "global", kind: "lesson", title: `Candidate ${i}`, body: `body ${i}\nline` },
      agent,
      { changesAwaitReview: true },
    );
    ids.push(entry.id);
  }
  return ids;
}

describe(`TUI review (${isBun ? "bun:sqlite" : "better-sqlite3"})`, () => {
  it("shows empty figures and no candidates without creating a store", async () => {
    const f = memoryFixture();
    const view = await loadReview(f.memory, { project: f.project });
    expect(view).toEqual({
      figures: [
        "0 entries: 0 active, 0 candidate, 0 superseded, 0 rejected",
        "0 in the trash · store 0 B (every project)",
      ],
      recent: [],
      team: [],
      teamTotal: 0,
      teamProblems: [],
      list: "candidates",
      candidates: [],
      page: 0,
      pages: 1,
      candidateTotal: 0,
      note: "No candidates wait for review.",
    });
    expect(fs.existsSync(f.dbFile)).toBe(false);
  });

  it("shows figures, the newest active entries, and this project's and global candidates, not another project's", async () => {
    const f = memoryFixture();
    await f.memory.save({ scope: f.project, kind: "decision", title: "Use pnpm", body: "pnpm   workspaces" }, agent);
    await f.memory.save({ scope: f.other, kind: "fact", title: "Other project", body: "x" }, agent, {
      changesAwaitReview: true,
    });
    const [first, second] = await seed(f, 2);
    const trashed = await f.memory.save({ scope: f.project, kind: "fact", title: "Gone", body: "x" }, agent);
    await f.memory.trash(trashed.entry.id, agent);

    const view = await loadReview(f.memory, { project: f.project });
    expect(view.figures[0]).toBe("3 entries: 1 active, 2 candidate, 0 superseded, 0 rejected");
    expect(view.figures[1]).toMatch(/^1 in the trash · store \d+(\.\d)? kB \(every project\)$/);
    expect(view.recent).toEqual([
      {
        id: expect.any(String),
        kind: "decision",
        where: "project",
        title: "Use pnpm",
        preview: "pnpm workspaces",
        status: "active",
      },
    ]);
    expect(view.candidates.map((c) => [c.id, c.where, c.preview])).toEqual([
      [second, "global", "body 1 line"],
      [first, "project", "body 0 line"],
    ]);
    expect(view.note).toBe("2 candidates wait for review.");
  });

  it("pages long candidate lists and says which slice is shown; a page past the end shows the last", async () => {
    const f = memoryFixture();
    const total = REVIEW_PAGE_SIZE * 2 + 3;
    await seed(f, total);
    const first = await loadReview(f.memory, { project: f.project }, 0);
    expect(first.candidates).toHaveLength(REVIEW_PAGE_SIZE);
    expect(first.pages).toBe(3);
    expect(first.note).toBe(`Candidates 1-${REVIEW_PAGE_SIZE} of ${total}.`);
    const last = await loadReview(f.memory, { project: f.project }, 99);
    expect(last.page).toBe(2);
    expect(last.candidates).toHaveLength(3);
    expect(last.note).toBe(`Candidates ${REVIEW_PAGE_SIZE * 2 + 1}-${total} of ${total}.`);
    expect((await loadReview(f.memory, { project: f.project }, -4)).page).toBe(0);
  });

  it("cuts long titles and bodies to one bounded line", async () => {
    const f = memoryFixture();
    await f.memory.save({ scope: f.project, kind: "fact", title: "T".repeat(120), body: "word ".repeat(400) }, agent, {
      changesAwaitReview: true,
    });
    const [row] = (await loadReview(f.memory, { project: f.project })).candidates;
    expect(row?.title.length).toBeLessThanOrEqual(60);
    expect(row?.title.endsWith("…")).toBe(true);
    expect(row?.preview.length).toBeLessThanOrEqual(160);
    expect(row?.preview).not.toContain("\n");
  });

  it("approve makes a candidate active and reject makes it rejected; the audit rows name a person", async () => {
    const f = memoryFixture();
    const [a, b] = await seed(f, 2);
    f.now.value += 5_000;
    expect((await reviewCandidate(f.memory, a as string, "approve", "ses_tuireview01")).status).toBe("active");
    expect((await reviewCandidate(f.memory, b as string, "reject")).status).toBe("rejected");

    const rowA = (await f.memory.history(a as string)).rows.at(-1);
    expect(rowA).toMatchObject({
      action: "status",
      actor: { kind: "person", session: "ses_tuireview01" },
      changes: { status: ["candidate", "active"] },
      reason: "approved in the TUI review",
      at: f.now.value,
    });
    const rowB = (await f.memory.history(b as string)).rows.at(-1);
    expect(rowB).toMatchObject({
      action: "status",
      actor: { kind: "person" },
      changes: { status: ["candidate", "rejected"] },
    });
    expect(rowB?.actor.session).toBeUndefined();

    const view = await loadReview(f.memory, { project: f.project });
    expect(view.candidateTotal).toBe(0);
    expect(view.figures[0]).toBe("2 entries: 1 active, 0 candidate, 0 superseded, 1 rejected");
  });

  it("refuses to review what is no longer a candidate or does not exist, writing nothing", async () => {
    const f = memoryFixture();
    const [a] = await seed(f, 1);
    await reviewCandidate(f.memory, a as string, "approve");
    const before = (await f.memory.history(a as string)).rows.length;
    await expect(reviewCandidate(f.memory, a as string, "reject")).rejects.toBeInstanceOf(ConflictError);
    await expect(reviewCandidate(f.memory, a as string, "reject")).rejects.toThrow(
      /"Candidate 0" is no longer a candidate \(it is active\)/,
    );
    expect((await f.memory.history(a as string)).rows).toHaveLength(before);
    await expect(reviewCandidate(f.memory, "nosuchid0000", "approve")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lists the rejected entries and makes one active again, with memory_review's audit row, the person as actor", async () => {
    const f = memoryFixture();
    const [a, b, c] = (await seed(f, 3)) as [string, string, string];
    for (const id of [a, b]) await reviewCandidate(f.memory, id, "reject");
    const rejected = await loadReview(f.memory, { project: f.project }, 0, "rejected");
    expect(rejected.list).toBe("rejected");
    expect(rejected.candidates.map((r) => r.id).sort()).toEqual([a, b].sort());
    expect(rejected.candidateTotal).toBe(2);
    expect(rejected.note).toBe("2 rejected entries.");
    expect((await loadReview(f.memory, { project: f.project })).candidates.map((r) => r.id)).toEqual([c]);

    f.now.value += 5_000;
    expect((await makeActiveAgain(f.memory, a, "ses_tuireview02")).status).toBe("active");
    // The agent's memory_review with status active, on the other one.
    const reason = "made active again in the TUI review";
    await f.tools.memory_review.execute({ id: b, status: "active", reason }, f.ctx);
    const byPerson = (await f.memory.history(a)).rows.at(-1);
    const byTool = (await f.memory.history(b)).rows.at(-1);
    expect(byPerson).toMatchObject({
      action: "status",
      actor: { kind: "person", session: "ses_tuireview02" },
      changes: { status: ["rejected", "active"] },
      reason,
    });
    expect(byTool).toMatchObject({
      action: byPerson?.action,
      changes: byPerson?.changes,
      reason,
      actor: { kind: "agent" },
    });
    expect((await loadReview(f.memory, { project: f.project }, 0, "rejected")).note).toBe("No rejected entries.");
    // Made active meanwhile: refused, nothing written; a candidate is not "made active again".
    const before = (await f.memory.history(a)).rows.length;
    await expect(makeActiveAgain(f.memory, a)).rejects.toThrow(/"Candidate 0" is no longer rejected \(it is active\)/);
    await expect(makeActiveAgain(f.memory, c)).rejects.toBeInstanceOf(ConflictError);
    expect((await f.memory.history(a)).rows).toHaveLength(before);
    expect((await f.memory.get(c))?.status).toBe("candidate");
  });

  it("figure lines read every status", () => {
    expect(
      figureLines({
        byKind: {},
        byStatus: { active: 3, candidate: 2, superseded: 1, rejected: 4 },
        live: 10,
        trash: 7,
        total: 17,
        storeBytes: 3_000_000,
        oldestLive: null,
      }),
    ).toEqual([
      "10 entries: 3 active, 2 candidate, 1 superseded, 4 rejected",
      "7 in the trash · store 3.0 MB (every project)",
    ]);
  });

  it("says one entry in the singular", () => {
    const stats = {
      byKind: {},
      byStatus: { active: 1, candidate: 0, superseded: 0, rejected: 0 },
      live: 1,
      trash: 0,
      total: 1,
      storeBytes: 4096,
      oldestLive: null,
    };
    expect(figureLines(stats)[0]).toBe("1 entry: 1 active, 0 candidate, 0 superseded, 0 rejected");
  });
});
