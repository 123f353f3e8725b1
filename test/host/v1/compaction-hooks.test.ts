import fs from "node:fs";
import path from "node:path";
import type { Hooks } from "@opencode-ai/plugin";
import { describe, expect, it } from "vitest";
import { createSessionPointer } from "../../../src/compaction/session-pointer.js";
import {
  type CompactionState,
  createCompactionHooks,
  PROMPT_INSTRUCTION,
} from "../../../src/host/v1/compaction-hooks.js";
import { extractPointer } from "../../../src/host/v1/markers.js";
import { createMemoryLogger } from "../../../src/log.js";
import { exportedTranscript } from "../../helpers/exported-transcript.js";
import { tempDir } from "../../helpers/temp-dir.js";

type TransformOutput = Parameters<NonNullable<Hooks["experimental.chat.messages.transform"]>>[1];
type Message = TransformOutput["messages"][number];

const A = "ses_AAAAAAAAAAAAAAAAAAAAAAAA";
const B = "ses_BBBBBBBBBBBBBBBBBBBBBBBB";

function message(sessionID: string, role: "user" | "assistant", text: string, extraPart?: string): Message {
  const parts = [{ id: `prt_${text}`, sessionID, messageID: `msg_${text}`, type: "text", text }];
  if (extraPart) parts.push({ id: "prt_c", sessionID, messageID: `msg_${text}`, type: extraPart, text: "" });
  return { info: { id: `msg_${text}`, sessionID, role }, parts } as unknown as Message;
}

/** A real transcript writer over a temp folder: appends one line per export. */
function setup(route: CompactionState["route"], options: { broken?: boolean; summaries?: Set<string> } = {}) {
  const dir = tempDir();
  const target = options.broken ? path.join(dir, "file") : dir;
  if (options.broken) fs.writeFileSync(target, "not a folder");
  const log = createMemoryLogger();
  let now = 1_000;
  const exportSession = async (sessionID: string) => {
    const file = path.join(target, `${sessionID}.md`);
    fs.appendFileSync(file, `line of ${sessionID}\n`, { mode: 0o600 });
    const totalLines = fs.readFileSync(file, "utf8").split("\n").length - 1;
    return exportedTranscript(sessionID, file, totalLines, ["do the thing"]);
  };
  const state: CompactionState = { route };
  const hooks = createCompactionHooks({
    state,
    sessionPointer: createSessionPointer({ exportSession }),
    isSummaryMessage: async (_s, messageID) => options.summaries?.has(messageID) ?? false,
    log,
    clock: () => now,
  });
  return { hooks, log, state, advance: (ms: number) => (now += ms) };
}

const compacting = async (hooks: ReturnType<typeof setup>["hooks"], sessionID: string) => {
  const output: { context: string[]; prompt?: string } = { context: [] };
  await hooks["experimental.session.compacting"]({ sessionID }, output);
  return output;
};

const transform = async (hooks: ReturnType<typeof setup>["hooks"], messages: Message[]) => {
  const output = { messages };
  await hooks["experimental.chat.messages.transform"]({}, output);
  return output.messages;
};

describe("compaction hooks, route pointer", () => {
  it("puts the pointer between markers in the prompt and empties only the compaction's history copy", async () => {
    const { hooks } = setup("pointer");
    const output = await compacting(hooks, A);
    const pointer = extractPointer(output.prompt ?? "");
    expect(pointer).toContain(`${A}.md (lines 1-1)`);
    expect(pointer).toContain('"do the thing"');
    // another session's turn in between is not touched
    expect(await transform(hooks, [message(B, "user", "b1")])).toHaveLength(1);
    expect(await transform(hooks, [message(A, "user", "a1"), message(A, "assistant", "a2")])).toHaveLength(0);
    // the next turn of the same session keeps its history
    expect(await transform(hooks, [message(A, "user", "a1"), message(A, "user", "a3", "compaction")])).toHaveLength(2);
    expect(await transform(hooks, [message(A, "user", "a1")])).toHaveLength(1);
  });

  it("never empties a turn that carries a compaction part, nor after the mark went stale", async () => {
    const { hooks, advance } = setup("pointer");
    await compacting(hooks, A);
    expect(await transform(hooks, [message(A, "user", "x", "compaction")])).toHaveLength(1);
    await compacting(hooks, B);
    advance(10 * 60_000);
    expect(await transform(hooks, [message(B, "user", "y")])).toHaveLength(1);
  });

  it("leaves prompt and history alone when the transcript cannot be written, and logs once", async () => {
    const { hooks, log } = setup("pointer", { broken: true });
    const first = await compacting(hooks, A);
    expect(first.prompt).toBeUndefined();
    expect(await transform(hooks, [message(A, "user", "a1")])).toHaveLength(1);
    await compacting(hooks, A);
    const errors = log.lines.filter((l) => l.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain("could not be written");
    expect(errors[0]?.message).toContain(A);
  });

  it("logs a run of failures once, whatever each said, and again after a compaction that wrote its transcript", async () => {
    // Real failures of the file system: a folder that is a file, then a folder that is not there.
    const dir = tempDir();
    const notAFolder = path.join(dir, "file");
    fs.writeFileSync(notAFolder, "not a folder");
    let target = notAFolder;
    const log = createMemoryLogger();
    const hooks = createCompactionHooks({
      state: { route: "pointer" },
      sessionPointer: createSessionPointer({
        exportSession: async (sessionID) => {
          const file = path.join(target, `${sessionID}.md`);
          fs.appendFileSync(file, `line of ${sessionID}\n`, { mode: 0o600 });
          return exportedTranscript(sessionID, file, 1, ["do the thing"]);
        },
      }),
      isSummaryMessage: async () => false,
      log,
      clock: () => 1_000,
    });
    const errors = () => log.lines.filter((l) => l.level === "error").map((l) => l.message);
    expect((await compacting(hooks, A)).prompt).toBeUndefined();
    target = path.join(dir, "missing", "folder");
    expect((await compacting(hooks, B)).prompt).toBeUndefined();
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toContain(A);
    // Room again: the transcript is written, and the run of failures is over.
    target = dir;
    expect(extractPointer((await compacting(hooks, A)).prompt ?? "")).toContain(`${A}.md`);
    target = notAFolder;
    expect((await compacting(hooks, B)).prompt).toBeUndefined();
    expect(errors()).toHaveLength(2);
    expect(errors()[1]).toContain(B);
  });
});

describe("compaction hooks, route prompt", () => {
  it("asks the user's model to copy the pointer and stores the pointer whatever it wrote", async () => {
    const { hooks } = setup("prompt", { summaries: new Set(["msg_summary"]) });
    const output = await compacting(hooks, A);
    expect(output.prompt?.startsWith(PROMPT_INSTRUCTION)).toBe(true);
    const pointer = extractPointer(output.prompt ?? "");
    expect(await transform(hooks, [message(A, "user", "a1")])).toHaveLength(0);
    const other = { text: "a normal reply" };
    await hooks["experimental.text.complete"]({ sessionID: A, messageID: "msg_other", partID: "p" }, other);
    expect(other.text).toBe("a normal reply");
    const summary = { text: "the model's own words" };
    await hooks["experimental.text.complete"]({ sessionID: A, messageID: "msg_summary", partID: "p" }, summary);
    expect(summary.text).toBe(pointer);
    // consumed: a later summary-looking text is not rewritten again
    const later = { text: "later" };
    await hooks["experimental.text.complete"]({ sessionID: A, messageID: "msg_summary", partID: "p" }, later);
    expect(later.text).toBe("later");
  });

  it("does not rewrite anything before the history copy was emptied", async () => {
    const { hooks } = setup("prompt", { summaries: new Set(["msg_summary"]) });
    await compacting(hooks, A);
    const text = { text: "kept" };
    await hooks["experimental.text.complete"]({ sessionID: A, messageID: "msg_summary", partID: "p" }, text);
    expect(text.text).toBe("kept");
  });
});

describe("compaction hooks, route off", () => {
  it("changes nothing and writes no transcript", async () => {
    const { hooks } = setup("off");
    const output = await compacting(hooks, A);
    expect(output).toEqual({ context: [] });
    expect(await transform(hooks, [message(A, "user", "a1")])).toHaveLength(1);
  });
});
