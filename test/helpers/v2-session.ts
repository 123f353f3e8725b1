/**
 * Sessions in OpenCode 2.x's stored form (Session.Message.Info of 2.0.26: what `session.context()` answers and what
 * the `session_message` table holds), built the way 2.x stores them: a prompt, assistant turns with text, reasoning
 * and tool calls of 2.x's own tools (`read`/`edit`/`write`(path), `patch`(patchText; metadata files[].file),
 * `shell`(command, workdir)), results as Tool.Content parts, a synthetic message and a compaction.
 */
import type { V2StoredMessage } from "../../src/transcripts/source/v2-messages.js";

export interface V2SessionBuilder {
  readonly sessionID: string;
  readonly messages: V2StoredMessage[];
  user(text: string): V2StoredMessage;
  synthetic(text: string): V2StoredMessage;
  /** An assistant message; `tools` are [name, input, text of the result] or a call still running (no result). */
  assistant(
    text: string,
    tools?: [string, Record<string, unknown>, string?, Record<string, unknown>?][],
  ): V2StoredMessage;
  compaction(summary: string): V2StoredMessage;
  /** Messages 2.x stores that are not conversation: a model switch and an idle marker. */
  markers(): void;
}

export function v2Session(sessionID: string, start = 1_760_000_000_000): V2SessionBuilder {
  const messages: V2StoredMessage[] = [];
  let clock = start;
  let n = 0;
  const base = (type: string) => {
    n++;
    clock += 1_000;
    return { id: `msg_${sessionID.slice(4)}${String(n).padStart(4, "0")}`, type, time: { created: clock } };
  };
  const push = (message: V2StoredMessage) => {
    messages.push(message);
    return message;
  };
  return {
    sessionID,
    messages,
    user: (text) => push({ ...base("user"), text, files: [], agents: [], skills: [] }),
    synthetic: (text) => push({ ...base("synthetic"), text, description: "notice" }),
    assistant(text, tools = []) {
      const message = base("assistant");
      const content: unknown[] = [{ type: "reasoning", text: `thinking about ${text.slice(0, 20)}` }];
      if (text) content.push({ type: "text", text });
      tools.forEach(([name, input, result, metadata], i) => {
        const id = `call_${message.id}_${i}`;
        const time = { created: message.time.created, completed: message.time.created + 10 };
        content.push({
          type: "tool",
          id,
          name,
          state:
            result === undefined
              ? { status: "running", input, metadata: {} }
              : {
                  status: "completed",
                  input,
                  // Two text parts: joined into one result text, never written as JSON.
                  content: [
                    { type: "text", text: result },
                    { type: "text", text: "(end)" },
                  ],
                  ...(metadata ? { metadata } : {}),
                },
          time,
        });
      });
      return push({
        ...message,
        agent: "build",
        model: { id: "stub-model", providerID: "stub" },
        content,
        finish: "stop",
        time: { created: message.time.created, completed: message.time.created + 500 },
      });
    },
    compaction: (summary) =>
      push({ ...base("compaction"), status: "completed", reason: "auto", summary, recent: "the newest turns" }),
    markers() {
      push({ ...base("model-switched"), model: { id: "other", providerID: "stub" } });
      push({ ...base("idle"), outcome: "succeeded" });
    },
  };
}

/** A 2.x session with a bit of everything, `turns` rounds of edit, patch and shell. */
export function storedV2Session(sessionID: string, turns = 2): V2SessionBuilder {
  const s = v2Session(sessionID);
  s.user(`Refactor the tokenizer of ${sessionID} into two files`);
  for (let t = 0; t < turns; t++) {
    s.assistant(`Step ${t}: reading and changing the lexer.`, [
      ["read", { path: `src/lexer${t}.ts` }, `1: export const lexer${t} = 1`],
      ["edit", { path: `src/lexer${t}.ts`, oldString: "1", newString: "2" }, "Edit applied."],
      [
        "patch",
        { patchText: `*** Begin Patch\n*** Add File: src/reader${t}.ts\n*** End Patch` },
        `Success. Updated the following files:\nA src/reader${t}.ts`,
        { files: [{ file: `src/reader${t}.ts`, patch: "", additions: 1, deletions: 0, status: "added" }] },
      ],
      ["shell", { command: `npm test -- test/lexer${t}.test.ts`, workdir: "." }, `ok ${t}`],
    ]);
    s.user(`next step ${t}`);
  }
  s.markers();
  s.assistant("Split into lexer.ts and reader.ts.");
  return s;
}
