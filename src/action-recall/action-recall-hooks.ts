/**
 * The action recall on OpenCode's hooks: `tool.execute.after` appends what applies to the tool's result text (which
 * the host then sends to the model), `chat.message` starts a user turn's budget again.
 */
import { type ActionRecallDeps, createActionRecall } from "./action-recall.js";

export interface AfterToolInput {
  tool: string;
  sessionID: string;
  args?: unknown;
}

export function createActionRecallHooks(deps: ActionRecallDeps) {
  const recall = createActionRecall(deps);
  return {
    async afterTool(input: AfterToolInput, result: { output: unknown }): Promise<void> {
      if (typeof result.output !== "string") return;
      const text = await recall.recall({ tool: input.tool, sessionID: input.sessionID, args: input.args });
      if (text) result.output += text;
    },
    async onUserMessage(input: { sessionID: string }): Promise<void> {
      recall.startTurn(input.sessionID);
    },
  };
}
