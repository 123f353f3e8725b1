/**
 * The first start as a new user meets it, in the real TUI under tmux: a bad option is named in a toast with the
 * closest valid name and stays on the status line, rather than switching a feature off in silence.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createOpencodeDb, storedSession } from "../helpers/opencode-db.js";
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

describe("a backfill seen from its start", () => {
  const PAST = 200;
  let stub: StubModel;
  let run: TuiRun;

  beforeAll(async () => {
    stub = await startStubModel();
    const file = path.join(process.env.TMPDIR ?? "/tmp", `ledger-first-hour-${process.pid}`, "opencode.db");
    run = await startTui({
      stub,
      serverOptions: { backfill: { delayMs: 2_000, cpuShare: 0.05, database: file } },
      prepare: async () => {
        // Past sessions the way OpenCode 1.18 stores them, in a database of their own (option backfill.database).
        const db = await createOpencodeDb(path.dirname(file));
        for (let n = 0; n < PAST; n++) db.add(storedSession(2, `ses_firsthour${String(n).padStart(5, "0")}`));
        db.close();
      },
    });
  }, 120_000);

  afterAll(async () => {
    await run?.stop();
    await stub?.close();
  });

  it("a toast when it starts, its progress on the status line without a prompt, a toast when it is done", async () => {
    await run.pane.waitForToast(`making ${PAST} past sessions searchable`, 60_000, "the start toast");
    await run.pane.waitFor(/backfill( indexing)? \d+\/\d+/, 20_000, "the progress on the status line");
    await run.pane.waitForToast(`${PAST} past sessions are now searchable`, 180_000, "the end toast");
  }, 300_000);
});
