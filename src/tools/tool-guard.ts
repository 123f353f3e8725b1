/**
 * The one boundary of every registered tool, whatever its own factory does: the arguments are checked against the
 * tool's own schema first (OpenCode validates them before a call, but nothing else that calls `execute` has to), and
 * anything thrown becomes a result that reads as an error. A tool never rejects into the host.
 */
import type { ToolContext, ToolDefinition } from "@opencode-ai/plugin";
import { InvalidInputError } from "../errors.js";
import { z } from "../zod.js";
import { errorResult } from "./tool-boundary.js";

/** The first problem of a failed argument check, naming the argument. */
function argumentProblem(issues: readonly { path: readonly PropertyKey[]; message: string }[]): InvalidInputError {
  const issue = issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join(".") : "(arguments)";
  return new InvalidInputError(field, issue?.message ?? "is not valid");
}

export function guardTool(definition: ToolDefinition): ToolDefinition {
  // Built on the first call, and `args` read through: the schemas of a lazy tool stay unbuilt until the host lists
  // the tools (src/tools/lazy-tool.ts), and the plugin's start loads no zod of its own (src/zod.ts).
  let schema: ReturnType<typeof z.object> | undefined;
  return {
    description: definition.description,
    get args() {
      return definition.args;
    },
    async execute(args: unknown, context: ToolContext) {
      schema ??= z.object(definition.args);
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
