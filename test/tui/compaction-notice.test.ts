import type { AssistantMessage, Message, UserMessage } from "@opencode-ai/sdk/v2";
import { describe, expect, it } from "vitest";
import {
  compactionNotice,
  latestSummary,
  POINTER_PROVIDER_ID,
  summaryTokens,
} from "../../src/tui/compaction-notice.js";

const user: UserMessage = {
  id: "msg_1",
  sessionID: "ses_notice000001",
  role: "user",
  time: { created: 1 },
  agent: "build",
  model: { providerID: "anthropic", modelID: "claude" },
};

function assistant(over: Partial<AssistantMessage>): AssistantMessage {
  return {
    id: "msg_2",
    sessionID: "ses_notice000001",
    role: "assistant",
    time: { created: 2 },
    parentID: "msg_1",
    modelID: "pointer",
    providerID: POINTER_PROVIDER_ID,
    mode: "compaction",
    agent: "compaction",
    path: { cwd: "/p", root: "/p" },
    cost: 0,
    tokens: { input: 0, output: 0, reasoning: 0, cache: { read: 0, write: 0 } },
    ...over,
  };
}

describe("compaction toast", () => {
  it("finds the newest summary among the messages", () => {
    const older = assistant({ id: "msg_a", summary: true });
    const newer = assistant({ id: "msg_c", summary: true });
    const messages: Message[] = [user, older, assistant({ id: "msg_b" }), newer, assistant({ id: "msg_d" })];
    expect(latestSummary(messages)?.id).toBe("msg_c");
    expect(latestSummary([user, assistant({})])).toBeUndefined();
  });

  it("0 tokens when the pointer model wrote the summary, whatever it reported", () => {
    const summary = assistant({
      summary: true,
      tokens: { input: 50, output: 9, reasoning: 0, cache: { read: 0, write: 0 } },
    });
    expect(summaryTokens(summary)).toBe(0);
    expect(compactionNotice(340, summary)).toEqual({
      variant: "success",
      message: "transcript saved: 340 lines, 0 tokens",
      label: "compacted, 0 tokens",
    });
  });

  it("counts a provider's tokens, and says when the cost is not known", () => {
    const summary = assistant({
      summary: true,
      providerID: "anthropic",
      modelID: "claude",
      tokens: { input: 1000, output: 200, reasoning: 10, cache: { read: 5, write: 1 } },
    });
    expect(compactionNotice(1, summary).message).toBe(
      "transcript saved: 1 line, 1216 tokens (summary by anthropic/claude)",
    );
    expect(compactionNotice(1, summary).label).toBe("compacted, 1216 tokens");
    const free = assistant({ summary: true, providerID: "anthropic" });
    expect(compactionNotice(2, free).message).toBe("transcript saved: 2 lines, 0 tokens");
    expect(compactionNotice(2, undefined).message).toBe("transcript saved: 2 lines, summary cost unknown");
    expect(compactionNotice(2, undefined).label).toBe("compacted, cost unknown");
  });

  it("warns when no transcript was saved", () => {
    expect(compactionNotice(null, undefined)).toEqual({
      variant: "warning",
      message:
        "compacted, but no transcript was saved for this session: is the opencode-ledger server plugin enabled in opencode.json?",
      label: "compacted, no transcript saved",
    });
  });
});
