import type { Hooks } from "@opencode-ai/plugin";
import { describe, expect, it } from "vitest";
import { createSessionPointer } from "../../../src/compaction/session-pointer.js";
import { NotFoundError } from "../../../src/errors.js";
import { createCommandHook } from "../../../src/host/v1/command-hook.js";
import { createMemoryLogger } from "../../../src/log.js";
import { createCommandRunner } from "../../../src/slash-commands/command-runner.js";
import { CLEANUP_COMMAND, CONTINUE_COMMAND, registerCommands } from "../../../src/slash-commands/definitions.js";
import { exportedTranscript } from "../../helpers/exported-transcript.js";

type Parts = Parameters<NonNullable<Hooks["command.execute.before"]>>[1]["parts"];

const KNOWN = "ses_KNOWNKNOWNKNOWNKNOWN01";

function hook(cleanupReport?: (apply: boolean) => Promise<string>) {
  const exported: string[] = [];
  const sessionPointer = createSessionPointer({
    exportSession: async (sessionID) => {
      if (sessionID !== KNOWN) throw new NotFoundError("session", sessionID, "OpenCode does not have it");
      exported.push(sessionID);
      return exportedTranscript(sessionID, `/t/${sessionID}.md`, 42, ["ship it"]);
    },
  });
  return { run: createCommandHook(createCommandRunner({ sessionPointer, cleanupReport })), exported };
}

async function run(h: ReturnType<typeof hook>, command: string, args: string) {
  const parts = [
    { id: "p1", sessionID: "s", messageID: "m", type: "text", text: `template ${args}` },
    { id: "p2", sessionID: "s", messageID: "m", type: "text", text: "more template" },
  ] as unknown as Parts;
  await h.run({ command, sessionID: "ses_current0000000000000", arguments: args }, { parts });
  return parts;
}

describe("/memory-continue", () => {
  it("replaces the command text with the other session's pointer", async () => {
    const h = hook();
    const parts = await run(h, CONTINUE_COMMAND, ` ${KNOWN} `);
    expect(parts).toHaveLength(1);
    const text = (parts[0] as { text: string }).text;
    expect(text).toContain(`/t/${KNOWN}.md (lines 1-42)`);
    expect(text).toContain(`Continue the work of ${KNOWN}`);
    expect(text).toContain('Task (line unknown): "ship it"');
    expect(h.exported).toEqual([KNOWN]);
  });

  it("explains an invalid id without exporting anything", async () => {
    const h = hook();
    const text = ((await run(h, CONTINUE_COMMAND, "../../etc/passwd"))[0] as { text: string }).text;
    expect(text).toContain("/memory-continue could not run");
    expect(text).toContain("is not a session id");
    expect(h.exported).toEqual([]);
    const empty = ((await run(h, CONTINUE_COMMAND, ""))[0] as { text: string }).text;
    expect(empty).toContain("is not a session id");
  });

  it("explains an unknown session", async () => {
    const h = hook();
    const text = ((await run(h, CONTINUE_COMMAND, "ses_UNKNOWNUNKNOWNUNKNOWN1"))[0] as { text: string }).text;
    expect(text).toContain('no session with id "ses_UNKNOWNUNKNOWNUNKNOWN1"');
    expect(h.exported).toEqual([]);
  });

  it("leaves the text of other commands alone, and tags every command's text as a command's", async () => {
    const parts = await run(hook(), "review", KNOWN);
    expect(parts).toHaveLength(2);
    expect((parts[0] as { text: string }).text).toBe(`template ${KNOWN}`);
    for (const part of parts) expect(part).toMatchObject({ metadata: { "opencode-ledger": { command: "review" } } });
    const ours = await run(hook(), CONTINUE_COMMAND, KNOWN);
    expect(ours[0]).toMatchObject({ metadata: { "opencode-ledger": { command: CONTINUE_COMMAND } } });
  });
});

describe("/memory-cleanup", () => {
  it("puts the sweep report in the message: a dry run by default, removal with apply", async () => {
    const calls: boolean[] = [];
    const h = hook(async (apply) => {
      calls.push(apply);
      return apply ? "removed 2 transcripts" : "would remove 2 transcripts";
    });
    expect(((await run(h, CLEANUP_COMMAND, ""))[0] as { text: string }).text).toContain("would remove 2 transcripts");
    expect(((await run(h, CLEANUP_COMMAND, "apply"))[0] as { text: string }).text).toContain("removed 2 transcripts");
    expect(calls).toEqual([false, true]);
  });

  it("refuses an unknown argument without sweeping", async () => {
    const calls: boolean[] = [];
    const h = hook(async (apply) => {
      calls.push(apply);
      return "";
    });
    const text = ((await run(h, CLEANUP_COMMAND, "everything"))[0] as { text: string }).text;
    expect(text).toContain('unknown argument "everything"');
    expect(calls).toEqual([]);
  });

  it("reports a sweep failure as a refusal", async () => {
    const h = hook(async () => {
      throw new Error("disk gone");
    });
    expect(((await run(h, CLEANUP_COMMAND, ""))[0] as { text: string }).text).toContain("disk gone");
  });
});

describe("command registration", () => {
  it("adds both commands and keeps a user's command of the same name", () => {
    const log = createMemoryLogger();
    const cfg = { command: { [CLEANUP_COMMAND]: { template: "mine" } } };
    registerCommands(cfg, log);
    expect(cfg.command[CLEANUP_COMMAND]).toEqual({ template: "mine" });
    expect((cfg.command as Record<string, { template: string }>)[CONTINUE_COMMAND]?.template).toContain("$ARGUMENTS");
    expect(log.lines.map((l) => l.message).join("\n")).toContain("/memory-cleanup is defined in your configuration");
  });
});
