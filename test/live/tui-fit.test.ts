/**
 * /memory at 80x24 in the real OpenCode TUI under tmux, with more candidates and entries than fit: the dialog ends
 * with its key line on screen, the cursor's candidate stays in view as it moves down the page, and no line runs past
 * the dialog's right edge; a candidate rejected by keystroke is made active again from the list of rejected entries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import { type StubModel, startStubModel } from "./stub-model.js";
import { startTui, type TuiRun } from "./tui-harness.js";

const agent = { kind: "agent", agent: "build", session: "ses_seedagent0001" } as const;
const KEY_LINE = "a approve · r reject · ↑/↓ move · n/p page · x rejected · esc close";
/** The selected candidate with the key line below it, in one capture. */
const selectedThenKeys = (n: string) => new RegExp(`› lesson\\s+Candidate ${n}[\\s\\S]*${KEY_LINE}`);
/** The server part's log lines that OpenCode's process writes straight over the pane now and then (not the dialog). */
const strayLog = (line: string) => /opencode-ledger\]|^ *ncode-ledger|^ +the OpenCode/.test(line);

async function seed(dataDir: string, project: string) {
  const database = new Database({ dataDir });
  const memory = createMemoryStore({ database, clock: Date.now });
  for (let i = 1; i <= 6; i += 1) {
    await memory.save({ scope: project, kind: "fact", title: `Known fact number ${i}`, body: `Fact ${i}.` }, agent);
  }
  for (let i = 1; i <= 12; i += 1) {
    const title = `Candidate ${String(i).padStart(2, "0")} ${"with a long title ".repeat(3)}`;
    await memory.save({ scope: project, kind: "lesson", title, body: `Body of candidate ${i}. `.repeat(10) }, agent, {
      changesAwaitReview: true,
    });
  }
  database.close();
}

describe("/memory at 80x24", () => {
  let stub: StubModel;
  let run: TuiRun;

  beforeAll(async () => {
    stub = await startStubModel();
    run = await startTui({
      stub,
      columns: 80,
      rows: 24,
      serverOptions: { backfill: { enabled: false } },
      prepare: (paths) => seed(paths.dataDir, paths.project),
    });
  }, 120_000);

  afterAll(async () => {
    await run?.stop();
    await stub?.close();
  });

  it("ends with the key line on screen, keeps the cursor in view and no line past the dialog's edge", async () => {
    const { pane } = run;
    pane.type("/memory");
    await pane.waitFor(/\/memory\s+Memory figures/, 10_000, "the autocomplete");
    pane.keys("Enter");
    await pane.waitFor(KEY_LINE, 10_000, "the key line of /memory");
    // One row more and back: the dialog follows the resize, and the full redraw also wipes a log line OpenCode's
    // process may have written over the pane.
    pane.resize(80, 25);
    await pane.waitFor(KEY_LINE, 10_000, "the key line at 80x25");
    pane.resize(80, 24);
    const first = await pane.waitFor(
      /Candidates 1-8 of 12\. A taller terminal shows recent, team\.\n.*esc close/,
      10_000,
      "the dialog at 80x24",
    );
    const lines = first.replace(/\n$/, "").split("\n");
    if (process.env.LEDGER_SHOW_CAPTURE) console.log(first);
    expect(lines.length).toBeLessThanOrEqual(24);
    const keyRow = lines.findIndex((l) => l.includes(KEY_LINE));
    const headRow = lines.findIndex((l) => l.includes("Memory: this project, its team and global"));
    expect(headRow).toBeGreaterThanOrEqual(0);
    // The header's "esc" sits at the dialog's right edge: a dialog wider than the pane would push it out.
    expect(lines[headRow]).toMatch(/global\s+esc/);
    expect(first).toContain("Waiting for review (12)");
    // The newest candidate first.
    expect(first).toMatch(/› lesson\s+Candidate 12/);
    // Every line of the dialog, header to key line, fits its 74 columns of text (from column 3): none runs on.
    for (const line of lines.slice(headRow, keyRow + 1).filter((l) => !strayLog(l)))
      expect(line.trimEnd()).toMatch(/^.{0,77}$/);
    expect(keyRow).toBeLessThan(23);
    // What gave way is named, in full.
    expect(first).toContain("Candidates 1-8 of 12. A taller terminal shows recent, team.");

    // Down to the page's last candidate: the window follows, the key line stays.
    pane.keys("Down", "Down", "Down", "Down", "Down", "Down", "Down");
    const last = await pane.waitFor(selectedThenKeys("05"), 10_000, "the eighth candidate selected, keys below");
    expect(last).toContain("Candidates 1-8 of 12");
    pane.keys("n");
    await pane.waitFor(selectedThenKeys("04"), 10_000, "the second page, keys below");

    // Rejected by keystroke, listed among the rejected entries (x), and made active again (a).
    pane.keys("r");
    await pane.waitFor(/Rejected "Candidate 04/, 10_000, "the rejection");
    pane.keys("x");
    // The list with its row: its heading can be drawn a frame before the rows under it.
    const rejected = await pane.waitFor(
      (s) => s.includes("Rejected (1)") && /› lesson\s+Candidate 04/.test(s),
      10_000,
      "the rejected entries",
    );
    expect(rejected).toContain("a make active again · ↑/↓ move · n/p page · x candidates · esc close");
    pane.keys("a");
    await pane.waitFor(/Made active again "Candidate 04/, 10_000, "made active again");
    await pane.waitFor("Rejected (0)", 10_000, "the rejected entries after");
    const database = new Database({ dataDir: run.dataDir });
    const memory = createMemoryStore({ database, clock: Date.now });
    const all = await memory.list({ status: "all", limit: 100 });
    const entry = all.items.find((e) => e.title.startsWith("Candidate 04"));
    expect(entry?.status).toBe("active");
    const id = entry?.id as string;
    expect((await memory.history(id)).rows.at(-1)).toMatchObject({
      action: "status",
      actor: { kind: "person" },
      changes: { status: ["rejected", "active"] },
      reason: "made active again in the TUI review",
    });
    database.close();
    pane.keys("Escape");
  }, 90_000);
});
