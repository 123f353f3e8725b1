/**
 * A tool definition that costs the plugin's start only its description. OpenCode reads a plugin's tool arguments
 * when it first lists the tools for a prompt, not when it loads the plugin: the argument schemas (~80 zod schemas,
 * about 10 ms) are built on the first read of `args`. The code of a call (./run/) loads on the first call: the twelve
 * tools' bodies and the helpers they share were a tenth of what every OpenCode start read and compiled.
 */
import type { ToolContext, ToolResult, tool } from "@opencode-ai/plugin";
import type { z } from "zod";
import { loadOnce } from "../lazy-load.js";

/** The arguments a call receives, as the schemas built by `args` check them. */
export type ToolArgs<Args extends z.ZodRawShape> = z.infer<z.ZodObject<Args>>;

/** What runs a call of a tool whose argument schemas are `Args`. */
export type ToolCall<Args extends z.ZodRawShape> = (args: ToolArgs<Args>, context: ToolContext) => Promise<ToolResult>;

/** What the agent is told of a tool (its definition in src/tools/) and how its argument schemas are built. */
export interface ToolSpec<Args extends z.ZodRawShape> {
  description: string;
  /** Builds the argument schemas; called once, on the first read of `args`. */
  args: () => Args;
}

/** What runs a call of the tool `Spec` describes (a module of ./run/ exports one). */
export type CallOf<Spec extends ToolSpec<z.ZodRawShape>> = ToolCall<ReturnType<Spec["args"]>>;

/**
 * The same definition as `tool(...)` makes, with `args` built on first read and the call's code loaded by `load` on
 * the first call (once).
 */
export function lazyTool<Args extends z.ZodRawShape>(
  spec: ToolSpec<Args>,
  load: () => Promise<ToolCall<Args>>,
): ReturnType<typeof tool<Args>> {
  let args: Args | undefined;
  const call = loadOnce(load);
  return {
    description: spec.description,
    get args(): Args {
      args ??= spec.args();
      return args;
    },
    execute: async (callArgs, context) => (await call())(callArgs, context),
  };
}
