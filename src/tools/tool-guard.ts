/**
 * The one boundary of every registered tool, whatever its own factory does: the arguments are checked against the
 * tool's own schema first (OpenCode validates them before a call, but nothing else that calls `execute` has to), and
 * anything thrown becomes a result that reads as an error. A tool never rejects into the host.
 */
import { type ToolContext, type ToolDefinition, tool } from "@opencode-ai/plugin";
import { InvalidInputError } from "../errors.js";
import { errorResult } from "./tool-boundary.js";

/** The first problem of a failed argument check, naming the argument. */
function argumentProblem(issues: readonly { path: readonly PropertyKey[]; message: string }[]): InvalidInputError {
  const issue = issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join(".") : "(arguments)";
  return new InvalidInputError(field, issue?.message ?? "is not valid");
}

export function guardTool(definition: ToolDefinition): ToolDefinition {
  const schema = tool.schema.object(definition.args);
  return {
    ...definition,
    async execute(args: unknown, context: ToolContext) {
      const parsed = schema.safeParse(args ?? {});
      if (!parsed.success) return errorResult(argumentProblem(parsed.error.issues));
      try {
        return await definition.execute(parsed.data, context);
      } catch (error) {
        return errorResult(error);
      }
    },
  };
}

/** Every tool of a set, guarded. */
export function guardTools(tools: Record<string, ToolDefinition>): Record<string, ToolDefinition> {
  return Object.fromEntries(Object.entries(tools).map(([name, definition]) => [name, guardTool(definition)]));
}
