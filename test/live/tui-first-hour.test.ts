/**
 * The first start as a new user meets it, in the real TUI under tmux: a bad option is named in a toast with the
 * closest valid name and stays on the status line, rather than switching a feature off in silence.
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import { type StubModel, startStubModel } from "./stub-model.js";
import { startTui, type TuiRun } from "./tui-harness.js";

describe("option problems where the person looks", () => {
  let stub: StubModel;
  let run: TuiRun;

  beforeAll(async () => {
    stub = await startStubModel();
    run = await startTui({
      stub,
      serverOptions: { compaction: { mode: "bogus" }, retentionDays: 30, backfill: { enabled: false } },
    });
  }, 60_000);

  afterAll(async () => {
    await run?.stop();
    await stub?.close();
  });

  it("a toast names the bad option and the closest valid name; the status line says options need fixing", async () => {
    await run.pane.waitForToast(/retentionDays.*did you mean "retention\.retentionDays"/, 15_000, "the option toast");
    await run.pane.waitFor(/options: 2 problems/, 15_000, "the status line");
  });
});

describe("a start the options refuse", () => {
  let stub: StubModel;
  let run: TuiRun;

  beforeAll(async () => {
    stub = await startStubModel();
    run = await startTui({ stub, serverOptions: { dataDir: "", backfill: { enabled: false } } });
  }, 60_000);

  afterAll(async () => {
    await run?.stop();
    await stub?.close();
  });

  it("says on the status line that memory is off and which option to fix", async () => {
    await run.pane.waitFor("memory off: fix option dataDir", 15_000, "the refused start on the status line");
  });
});
