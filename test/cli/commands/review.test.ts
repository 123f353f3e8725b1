import { describe, expect, it } from "vitest";
import { GLOBAL_SCOPE, teamScope } from "../../../src/scope.js";
import type { EntryView, HistoryRow } from "../../../src/store/memory-types.js";
import { AGENT, cliFixture, finished, secretOf, waitForOutput } from "../../helpers/cli.js";

async function withCandidates() {
  const f = cliFixture();
  const m = f.memory();
  const first = await m.save(
    { scope: f.project, kind: "fact", title: "First", body: "one", status: "candidate" },
    AGENT,
  );
  const second = await m.save(
    { scope: GLOBAL_SCOPE, kind: "fact", title: "Second", body: "two", status: "candidate" },
    AGENT,
  );
  const third = await m.save(
    { scope: f.project, kind: "lesson", title: "Third", body: "three", status: "candidate" },
    AGENT,
  );
  await m.save({ scope: f.other, kind: "fact", title: "Elsewhere", body: "not here", status: "candidate" }, AGENT);
  await m.save({ scope: f.project, kind: "fact", title: "Already active", body: "-" }, AGENT);
  f.close();
  return { f, ids: [first.entry.id, second.entry.id, third.entry.id] as const };
}

const statusOf = (f: ReturnType<typeof cliFixture>, id: string) =>
  f.run(["show", id, "--json"]).json<{ entry: EntryView }>().entry.status;

describe("opencode-ledger review", () => {
  it("walks the candidates oldest first, driven by answers on stdin", async () => {
    const { f, ids } = await withCandidates();
    const out = f.run(["review"], { input: "maybe\na\nr\n\nr\nduplicate of First\ns\n" });
    expect(out.code).toBe(0);
    const order = ids.map((id) => out.stdout.indexOf(`id:      ${id}`));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > (order[i - 1] ?? 0)))).toBe(true);
    expect(out.stdout).not.toContain("Elsewhere");
    expect(out.stdout).not.toContain("Already active");
    expect(out.stdout).toContain('"maybe" is not an answer.');
    expect(out.stdout).toContain(`Approved ${ids[0]}: it is active.`);
    expect(out.stdout).toContain(`Rejected ${ids[1]}.`);
    expect(out.stdout).toContain("Approved 1, rejected 1, skipped 1; 0 not reviewed.");
    expect(statusOf(f, ids[0])).toBe("active");
    expect(statusOf(f, ids[1])).toBe("rejected");
    expect(statusOf(f, ids[2])).toBe("candidate");
    const rows = f.run(["history", ids[1], "--json"]).json<{ rows: HistoryRow[] }>().rows;
    expect(rows.at(-1)).toMatchObject({
      action: "status",
      actor: { kind: "person" },
      reason: "duplicate of First",
      changes: { status: ["candidate", "rejected"] },
    });
  }, 60_000);

  it("quits on q or at the end of input, leaving the rest unreviewed; --json is one document", async () => {
    const { f, ids } = await withCandidates();
    const quit = f.run(["review", "--json"], { input: "s\nq\n" });
    expect(quit.code).toBe(0);
    expect(quit.json()).toEqual({
      scopes: [f.project, teamScope(f.project), GLOBAL_SCOPE],
      approved: [],
      rejected: [],
      skipped: [ids[0]],
      changedMeanwhile: [],
      refused: [],
      unreviewed: [ids[1], ids[2]],
    });
    // The conversation went to stderr.
    expect(quit.stderr).toContain("3 candidates to review.");
    const eof = f.run(["review", "--json"], { input: "a\n" });
    expect(eof.json()).toMatchObject({ approved: [ids[0]], unreviewed: [ids[1], ids[2]] });
    // A rejection needs a reason: the end of input while asking for one rejects nothing.
    const noReason = f.run(["review", "--json"], { input: "r\n" });
    expect(noReason.json()).toMatchObject({ rejected: [], unreviewed: [ids[1], ids[2]] });
    expect(statusOf(f, ids[1])).toBe("candidate");
  }, 60_000);

  it("filters by --scope and --kind, and says when there is nothing to review", async () => {
    const { f, ids } = await withCandidates();
    const lessons = f.run(["review", "--kind", "lesson", "--json"], { input: "a\n" });
    expect(lessons.json()).toMatchObject({ approved: [ids[2]], unreviewed: [] });
    const global = f.run(["review", "--scope", "global", "--json"], { input: "q\n" });
    expect(global.json()).toMatchObject({ unreviewed: [ids[1]] });
    const empty = f.run(["review", "--scope", "global", "--kind", "decision"]);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain("No candidates to review. Scope: global.");
  }, 60_000);

  it("refuses a reason that holds a secret and keeps the entry a candidate", async () => {
    const { f, ids } = await withCandidates();
    const key = secretOf("Anthropic API key");
    const out = f.run(["review", "--json"], { input: `r\nkey is ${key}\nq\n` });
    expect(out.code).toBe(0);
    const doc = out.json<{ refused: { id: string; error: string }[] }>();
    expect(doc.refused).toEqual([
      { id: ids[0], error: expect.stringContaining("reason looks like it holds a secret") },
    ]);
    expect(out.stdout + out.stderr).not.toContain(key);
    expect(statusOf(f, ids[0])).toBe("candidate");
  }, 60_000);

  it("leaves an entry alone when it changed while it was on screen", async () => {
    const { f, ids } = await withCandidates();
    const child = f.spawn(["review", "--json"]);
    const done = finished(child);
    await waitForOutput(child, "[a/r/s/q]");
    // An agent approves the first candidate while the person is looking at it.
    await f.memory().setStatus(ids[0], { status: "active", reason: "agent decided" }, AGENT);
    f.close();
    child.stdin.end("r\nnot needed\nq\n");
    const out = await done;
    expect(out.code).toBe(0);
    expect(out.json()).toMatchObject({ rejected: [], changedMeanwhile: [ids[0]] });
    expect(out.stderr).toContain(`${ids[0]} changed meanwhile (active); left as it is.`);
    expect(statusOf(f, ids[0])).toBe("active");
  }, 60_000);
});
