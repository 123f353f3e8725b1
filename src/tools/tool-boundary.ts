/**
 * The one boundary of every registered tool, and the only place a failure becomes a tool result. Tools throw our
 * errors (src/errors.ts) and catch nothing; here the arguments are checked against the tool's own schema first
 * (OpenCode validates them before a call, but nothing else that calls `execute` has to), and anything thrown becomes a
 * short result that reads as an error (it starts with "Error:"), never as success, bounded like every other result.
 * A tool never rejects into the host.
 */
import type { ToolContext, ToolDefinition } from "@opencode-ai/plugin";
import { describeError, InvalidInputError } from "../errors.js";
import { z } from "../zod.js";

const MAX_ERROR_CHARS = 2_000;

/** What a failed call returns: the error's message, said once and bounded. */
export function errorResult(error: unknown): string {
  const message = describeError(error);
  const text = message.length > MAX_ERROR_CHARS ? `${message.slice(0, MAX_ERROR_CHARS)}…` : message;
  return `Error: ${text}`;
}

/** The first problem of a failed argument check, naming the argument. */
function argumentProblem(issues: readonly { path: readonly PropertyKey[]; message: string }[]): InvalidInputError {
  const issue = issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join(".") : "(arguments)";
  return new InvalidInputError(field, issue?.message ?? "is not valid");
}

/** The tool behind the boundary; its type is kept (the same description, arguments and execute signature). */
export function toolBoundary<Definition extends ToolDefinition>(definition: Definition): Definition {
  // Built on the first call, and `args` read through: the schemas of a lazy tool stay unbuilt until the host lists
  // the tools (src/tools/lazy-tool.ts), and the plugin's start loads no zod of its own (src/zod.ts).
  let schema: ReturnType<typeof z.object> | undefined;
  const bounded: ToolDefinition = {
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
  return bounded as Definition;
}

/** Every tool of a set behind the boundary, under the same names. */
export function toolBoundaries<Tools extends Record<string, ToolDefinition>>(tools: Tools): Tools {
  const entries = Object.entries<ToolDefinition>(tools).map(([name, definition]) => [name, toolBoundary(definition)]);
  return Object.fromEntries(entries) as Tools;
}
