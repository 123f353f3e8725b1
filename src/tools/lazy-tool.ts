/**
 * A tool definition whose argument schemas are built the first time the host reads them. OpenCode reads a plugin's
 * tool arguments when it first lists the tools for a prompt, not when it loads the plugin, and building the ~80 zod
 * schemas of our tools cost every OpenCode start about 10 ms.
 */
import type { ToolContext, ToolResult, tool } from "@opencode-ai/plugin";
import type { z } from "zod";

export interface LazyToolInput<Args extends z.ZodRawShape> {
  description: string;
  /** Builds the argument schemas; called once, on the first read of `args`. */
  args: () => Args;
  execute(args: z.infer<z.ZodObject<Args>>, context: ToolContext): Promise<ToolResult>;
}

/** The same definition as `tool(...)` makes, with `args` built on first read. */
export function lazyTool<Args extends z.ZodRawShape>(input: LazyToolInput<Args>): ReturnType<typeof tool<Args>> {
  let args: Args | undefined;
  return {
    description: input.description,
    get args(): Args {
      args ??= input.args();
      return args;
    },
    execute: input.execute,
  };
}
