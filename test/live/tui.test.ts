/**
 * The TUI part in the real OpenCode TUI under tmux: load toast, /memory in the autocomplete and its dialog, review
 * by keystroke (the store and the audit log change), the status beside the prompt, /memory-injection,
 * /memory-continue <id> without a model turn, /memory-cleanup's dry run and confirmation. Pane captures of /memory
 * and of the status are saved under docs/ for the README.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import { createSessionSettings } from "../../src/store/session-settings.js";
import { type StubModel, startStubModel } from "./stub-model.js";
import { cropCapture } from "./tmux-pane.js";
import { REPO_ROOT, startTui, type TuiRun } from "./tui-harness.js";

/**
 * The screens docs/tui.md shows, written into docs/ only when LEDGER_CAPTURE_DOCS=1 asks: a capture differs from run to
 * run (the status line's agent and model label may be drawn or not yet), and a test run leaves the tree as it found it.
 */
function writeCapture(name: string, text: string): void {
  if (process.env.LEDGER_CAPTURE_DOCS === "1") fs.writeFileSync(path.join(REPO_ROOT, "docs", name), text);
}

const agent = { kind: "agent", agent: "build", session: "ses_seedagent0001" } as const;

/** Polls `check` until it returns a value, or fails after `timeoutMs`. */
async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

async function seedStore(dataDir: string, project: string) {
  const database = new Database({ dataDir });
  const memory = createMemoryStore({ database, clock: Date.now });
  await memory.save(
    { scope: project, kind: "decision", title: "Use pnpm workspaces", body: "The repo is a pnpm monorepo." },
    agent,
  );
  await memory.save(
    { scope: "global", kind: "fact", title: "CI runs on GitHub Actions", body: "Every repo uses Actions." },
    agent,
  );
  const ids: string[] = [];
  for (const [title, body] of [
    ["Run migrations before tests", "The test database needs the migrations applied first."],
    ["Prefer small commits", "Each commit does one thing and says why."],
  ] as const) {
    ids.push(
      (await memory.save({ scope: project, kind: "lesson", title, body }, agent, { changesAwaitReview: true })).entry
        .id,
    );
  }
  database.close();
  return ids;
}

describe("the TUI part in the real TUI", () => {
  let stub: StubModel;
  let run: TuiRun;
  let candidates: string[] = [];
  /** Session A (made over HTTP) and session B (typed in the TUI). */
  let a = "";
  let b = "";

  beforeAll(async () => {
    stub = await startStubModel();
    run = await startTui({
      stub,
      // keepDeleted: a session deleted in OpenCode keeps its transcript (orphaned) until the person cleans up.
      serverOptions: { retention: { keepRecent: 0, keepDeleted: true }, backfill: { enabled: false } },
      prepare: async (paths) => {
        candidates = await seedStore(paths.dataDir, paths.project);
      },
    });
  }, 60_000);

  afterAll(async () => {
    await run?.stop();
    await stub?.close();
  });

  const openStore = () => {
    const database = new Database({ dataDir: run.dataDir });
    return { database, memory: createMemoryStore({ database, clock: Date.now }) };
  };

  it("shows the load toast and the status on the home screen", async () => {
    await run.pane.waitForToast("memory loaded: /memory · /memory-continue", 10_000, "the load toast");
    await run.pane.waitFor("mem 2 · 2 to review", 10_000, "the status beside the prompt");
  });

  it("/memory is in the autocomplete, opens the dialog, and approving by keystroke changes the store", async () => {
    const { pane } = run;
    pane.type("/mem");
    const menu = await pane.waitFor(/\/memory-injection\s+Switch memory injection/, 5_000, "the autocomplete");
    expect(menu).toMatch(/\/memory\s+Memory figures/);
    expect(menu).toContain("/memory-continue");
    expect(menu).toContain("/memory-cleanup");
    pane.type("ory");
    pane.keys("Enter");
    const dialog = await pane.waitFor("Waiting for review (2)", 5_000, "the /memory dialog");
    expect(dialog).toContain("4 entries: 2 active, 2 candidate, 0 superseded, 0 rejected");
    expect(dialog).toContain("Use pnpm workspaces");
    expect(dialog).toMatch(/› lesson\s+Prefer small commits/);
    writeCapture(
      "tui-memory.txt",
      cropCapture(dialog, "Memory: this project, its team and global", "a approve · r reject"),
    );

    pane.keys("Down", "a");
    await pane.waitFor('Approved "Run migrations before tests": now active.', 5_000, "the approval");
    await pane.waitFor("Waiting for review (1)", 5_000);
    const { database, memory } = openStore();
    const [approved, other] = [candidates[0] as string, candidates[1] as string];
    expect((await memory.get(approved))?.status).toBe("active");
    expect((await memory.get(other))?.status).toBe("candidate");
    const row = (await memory.history(approved)).rows.at(-1);
    expect(row).toMatchObject({
      action: "status",
      actor: { kind: "person" },
      changes: { status: ["candidate", "active"] },
    });
    database.close();

    pane.keys("Escape");
    await pane.waitFor("mem 3 · 1 to review", 5_000, "the status after the review");
  });

  it("the status in a session, /memory-injection off, and /memory-continue <id> without a model turn", async () => {
    const { pane } = run;
    // Session A: one exchange with the stub, made over HTTP so the TUI stays on its home screen.
    a = (await run.api<{ id: string }>("POST", "/session", {})).json.id;
    await run.api("POST", `/session/${a}/message`, { parts: [{ type: "text", text: "remember the pnpm layout" }] });
    // Session B: typed in the TUI.
    pane.type("hello from the tui");
    pane.keys("Enter");
    await pane.waitFor("stub reply", 15_000, "the stub's reply in session B");
    const status = await pane.waitFor("mem 3 · 1 to review", 5_000, "the status in the session");
    const sessions = (await run.api<{ id: string; title: string }[]>("GET", "/session")).json;
    b = sessions.find((s) => s.id !== a)?.id as string;
    expect(b).toMatch(/^ses_/);

    pane.type("/memory-injection off ");
    pane.keys("Enter");
    await pane.waitForToast("memory injection is off for this session", 5_000, "the injection toast");
    // The session's transcript length shows once its idle export is done.
    await pane.waitFor(
      /mem 3 · 1 to review( · transcript \d+ lines?)? · injection off/,
      5_000,
      "the switch in the status",
    );
    const { database } = openStore();
    expect((await createSessionSettings({ database, clock: Date.now }).get(b)).injectionOff).toBe(true);
    database.close();
    expect(status).toContain("mem 3");

    // Refusals show as error toasts and change nothing.
    pane.type("/memory-injection maybe ");
    pane.keys("Enter");
    await pane.waitForToast('expected "on" or "off", got "maybe"', 5_000, "the refusal of a bad argument");
    const countBefore = (await run.api<unknown[]>("GET", `/session/${b}/message`)).json.length;
    pane.type("/memory-continue ses_doesnotexist0001 ");
    pane.keys("Enter");
    await pane.waitForToast(
      /no session with id "ses_doesnotexist0001"; it was never exported and OpenCode does not know it/,
      10_000,
      "the refusal of an unknown session",
    );
    expect((await run.api<unknown[]>("GET", `/session/${b}/message`)).json.length).toBe(countBefore);

    const before = stub.requests.length;
    pane.type(`/memory-continue ${a} `);
    pane.keys("Enter");
    await pane.waitForToast(`pointer to ${a}`, 15_000, "the continue toast");
    const messages = (
      await run.api<{ info: { role: string }; parts: { type: string; text?: string }[] }[]>(
        "GET",
        `/session/${b}/message`,
      )
    ).json;
    const last = messages.at(-1);
    expect(last?.info.role).toBe("user");
    expect(last?.parts.map((p) => p.text ?? "").join("")).toContain(`Continue the work of ${a}`);
    // Tagged as a command's text, so this session's own map does not count it as a request.
    expect(last?.parts[0]).toMatchObject({ metadata: { "opencode-ledger": { command: "memory-continue" } } });
    // Give a model turn time to start if one were coming: none may.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(stub.requests.length).toBe(before);

    // Without an id: the picker over this project's other sessions; Enter continues from the highlighted one.
    pane.type("/memory-continue ");
    pane.keys("Enter");
    const picker = await pane.waitFor("Continue from which session?", 10_000, "the session picker");
    expect(picker).toContain(a);
    expect(picker).not.toContain(`${b} `);
    pane.keys("Enter");
    // The toast reads as the first one did, so wait for the message itself.
    const after = await until(async () => {
      const now = (await run.api<unknown[]>("GET", `/session/${b}/message`)).json;
      return now.length === messages.length + 1 ? now : undefined;
    }, 15_000);
    expect(after).toHaveLength(messages.length + 1);
    expect(stub.requests.length).toBe(before);
  });

  it("/memory-continue is listed once (the server's entry); Enter on it reaches the TUI, no model turn", async () => {
    const { pane } = run;
    const before = stub.requests.length;
    pane.type("/memory-con");
    const menu = await pane.waitFor(/Bring another session's transcript pointer/, 5_000, "the server's entry");
    // The TUI's command of the same name gave up its slash name: its entry (its own description) is not listed.
    expect(menu).not.toMatch(/Add another session's transcript pointer here/);
    // Enter takes the entry, which inserts "/memory-continue " for its argument; Enter on the inserted text
    // reaches the TUI's reader of typed slash commands, which opens the picker.
    pane.keys("Enter");
    await pane.waitFor(/┃\s+\/memory-continue\s*$/m, 5_000, "the inserted command");
    pane.keys("Enter");
    await pane.waitFor("Continue from which session?", 5_000, "the picker");
    pane.keys("Escape");
    await pane.waitGone("Continue from which session?", 5_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(stub.requests.length).toBe(before);
  });

  it("/compact in the TUI: the transcript is saved, the summary cost 0 tokens, the status and a toast say so", async () => {
    const { pane } = run;
    const before = stub.requests.length;
    pane.type("/compact");
    await pane.waitFor(/\/compact\s/, 5_000, "/compact in the autocomplete");
    pane.keys("Enter");
    // The status carries the news for certain; the toast is raised too, but OpenCode 1.18.33 often does not draw a
    // toast raised right after a compaction (seen with its own route, POST /tui/show-toast, as well).
    const status = await pane.waitFor(
      /transcript \d+ lines · compacted, 0 tokens · map \d+ tokens/,
      20_000,
      "the compaction in the status",
    );
    const lines = Number(/transcript (\d+) lines · compacted/.exec(status)?.[1]);
    writeCapture(
      "tui-status.txt",
      cropCapture(status, "compacted, 0 tokens", "compacted, 0 tokens", [[run.project, "~/project"]]),
    );
    expect(lines).toBeGreaterThan(0);
    // The log names the lines saved at the compaction; the status may already count more (the session's next
    // messages are appended when it goes idle).
    const saved = await until(
      async () => new RegExp(`compaction of ${b}: transcript saved: (\\d+) lines, 0 tokens`).exec(run.logText())?.[1],
      5_000,
    );
    expect(Number(saved)).toBeGreaterThan(0);
    expect(Number(saved)).toBeLessThanOrEqual(lines);
    // The pointer model served the compaction in-process: the stub model got no compaction request.
    expect(stub.since(before).filter((r) => r.kind === "compaction")).toEqual([]);
    // The status names the session map, and /memory shows it.
    expect(status).toMatch(/compacted, 0 tokens · map \d+ tokens/);
    pane.type("/memory");
    await pane.waitFor(/\/memory\s+Memory figures/, 5_000, "/memory in the autocomplete");
    pane.keys("Enter");
    const dialog = await pane.waitFor("Last session map of this session", 5_000, "the map in the /memory dialog");
    expect(dialog).toContain(`[opencode-ledger] Session map of ${b}`);
    expect(dialog).toMatch(/Task \(line \d+\): "hello from the tui"/);
    pane.keys("Escape");
    await pane.waitGone("Last session map of this session", 5_000);
  });

  it("/memory-cleanup shows the dry run and removes what the person confirms", async () => {
    const { pane } = run;
    const { listTranscripts } = await import("../../src/transcripts/catalog.js");
    const transcripts = async () => {
      const { database } = openStore();
      const rows = await database.read((db) => listTranscripts(db, undefined), []);
      database.close();
      return rows.map((r) => r.sessionId).sort();
    };
    // A's transcript exists (continue exported it), B's too (its compaction); deleting A in OpenCode orphans A's.
    expect(await transcripts()).toEqual([a, b].sort());
    expect((await run.api("DELETE", `/session/${a}`)).status).toBe(200);

    pane.type("/memory-cleanup ");
    pane.keys("Enter");
    // Its heading and its list: the heading can be drawn a frame before the rows under it.
    const heading = "Transcript cleanup (dry run): remove these?";
    const dry = await pane.waitFor((s) => s.includes(heading) && /Cancel\s+Confirm/.test(s), 10_000, "the dry run");
    expect(dry).toContain("1 transcript of 2 can go");
    expect(dry).toMatch(new RegExp(`${a} "[^"]*" · \\d+ B · 0 min ago`));
    // Enter confirms; only the listed (orphaned) transcript goes.
    pane.keys("Enter");
    await pane.waitFor(/Removed 1 transcript \(\d+ B\)\./, 10_000, "the outcome");
    pane.keys("Enter");
    await pane.waitGone("Transcript cleanup", 5_000);
    expect(await transcripts()).toEqual([b]);
  });
});
