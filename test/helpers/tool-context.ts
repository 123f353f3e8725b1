import type { ToolContext } from "@opencode-ai/plugin";

/** The context OpenCode passes to a tool call, for a session working in `worktree`. */
export function toolContext(worktree: string, sessionID = "ses_caller0000000001"): ToolContext {
  return {
    sessionID,
    messageID: "msg_caller0000000001",
    agent: "build",
    directory: worktree,
    worktree,
    abort: new AbortController().signal,
    metadata: () => undefined,
    ask: async () => undefined,
  };
}
