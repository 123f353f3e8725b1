/**
 * The `/memory-continue` picker in the real OpenCode TUI under tmux on a wide terminal: each session's full id, its
 * transcript length and the date it was last used are on screen, not cut; and after the terminal is resized the
 * dialog takes the width the new size gives (narrow: within the pane; wide again: every id whole again).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StubModel, startStubModel } from "./stub-model.js";
import { startTui, type TuiRun } from "./tui-harness.js";

const PICKER = "Continue from which session?";
const LONG_TITLE = (n: number) => `Session ${n}: ${"a title long enough to fill a narrow dialog ".repeat(2)}`.trim();

describe("the /memory-continue picker's width", () => {
  let stub: StubModel;
  let run: TuiRun;
  const ids: string[] = [];

  beforeAll(async () => {
    stub = await startStubModel();
    run = await startTui({ stub, columns: 200, rows: 50, serverOptions: { backfill: { enabled: false } } });
    for (let i = 1; i <= 3; i += 1) {
      ids.push((await run.api<{ id: string }>("POST", "/session", { title: LONG_TITLE(i) })).json.id);
    }
  }, 120_000);

  afterAll(async () => {
    await run?.stop();
    await stub?.close();
  });

  /** The picker's rows: the lines that name one of the sessions. */
  const rows = (screen: string) => screen.split("\n").filter((l) => ids.some((id) => l.includes(id.slice(0, 12))));

  /** Every row whole: the id, then after the title the date, the age and the transcript's length, to the end. */
  const expectWhole = (screen: string) => {
    for (const id of ids) expect(screen, id).toContain(id);
    expect(rows(screen)).toHaveLength(3);
    for (const row of rows(screen)) {
      expect(row).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(\d+ min ago\)/);
      expect(row.trimEnd()).toMatch(/ · (no transcript|\d+ lines?)$/);
    }
  };
  const HEADER = /Continue from which session\? \(no model turn\)\s+esc/;
  /** The picker drawn with its rows (its header can be on screen a frame before them). */
  const picker = (screen: string) => HEADER.test(screen) && rows(screen).length === 3;
  const show = (screen: string) => process.env.LEDGER_SHOW_CAPTURE && console.log(screen);

  it("at 200 columns shows every id, length and date whole; narrower, the dialog stays within the pane", async () => {
    const { pane } = run;
    pane.type("/memory-continue ");
    pane.keys("Enter");
    const wide = await pane.waitFor(picker, 10_000, "the picker");
    show(wide);
    expectWhole(wide);

    pane.resize(100, 40);
    // The header's "esc" sits at the dialog's right edge: a dialog wider than the pane would push it out.
    const narrow = await pane.waitFor(picker, 10_000, "the picker's right edge at 100 columns");
    show(narrow);
    for (const line of narrow.split("\n")) expect(line.trimEnd().length).toBeLessThanOrEqual(100);
    pane.keys("Escape");
    await pane.waitGone(PICKER, 5_000);
  }, 120_000);

  it("opened narrow, it widens with the terminal: every row whole again at 200 columns", async () => {
    const { pane } = run;
    pane.resize(100, 40);
    pane.type("/memory-continue ");
    pane.keys("Enter");
    const narrow = await pane.waitFor(picker, 10_000, "the picker at 100 columns");
    show(narrow);
    // At 100 columns the dialog is 88 columns wide: the ids are whole, the descriptions cut.
    for (const id of ids) expect(narrow).toContain(id);
    expect(narrow).not.toMatch(/ · no transcript *$/m);
    pane.resize(200, 50);
    // The session used last first.
    const whole = new RegExp(
      [...ids]
        .reverse()
        .map((id) => `${id} · Session[^\n]* · no transcript *$`)
        .join("[\\s\\S]*"),
      "m",
    );
    const wide = await pane.waitFor(whole, 10_000, "whole rows at 200 columns");
    show(wide);
    expectWhole(wide);
    pane.keys("Escape");
    await pane.waitGone(PICKER, 5_000);
  }, 120_000);
});
