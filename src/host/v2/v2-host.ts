/**
 * The host port on OpenCode 2.x, built to the published plugin interface (v2-context.ts) and not yet run live. Tools
 * go in through `tool.transform`, results through `tool.hook("execute.after")`, the memory block through
 * `session.hook("context")`, the compaction summary as `result` of `session.hook("compaction")` (recorded instead of a
 * model call: no in-process model on 2.x), events through `event.subscribe()`. What the published interface does not
 * offer in a form this adapter can rely on is left out and said once in the log: slash commands (their outcome type),
 * one-shot model calls (reflection), read permissions, and the 1.x database backfill.
 */
import type { ToolContext, ToolDefinition } from "@opencode-ai/plugin";
import { describeError, HostError } from "../../errors.js";
import type { hookBoundary } from "../../hook-boundary.js";
import type { Logger } from "../../log.js";
import type { z } from "../../zod.js";
import type {
  CompactionRequest,
  HostEvent,
  HostPort,
  HostToolCall,
  HostToolResult,
  PromptRequest,
} from "../host-port.js";
import { createObservedSource } from "./observed-source.js";
import type { V2Context, V2Event, V2Registration, V2ToolContext, V2ToolHooks, V2ToolResult } from "./v2-context.js";

export interface V2Host {
  readonly port: HostPort;
  /** The plugin's options as the host's `plugins` entry gave them. */
  readonly options: unknown;
  /** Registers what the composition root asked for; resolves with the cleanup `setup` returns. */
  register(): Promise<() => Promise<void>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The context, checked at the edge for the domains the adapter calls. */
export function narrowContext(value: unknown): V2Context {
  if (!isRecord(value)) throw new HostError("the OpenCode 2.x plugin context is not an object");
  const fn = (domain: string, name: string) => {
    const holder = value[domain];
    if (!isRecord(holder) || typeof holder[name] !== "function") {
      throw new HostError(`the OpenCode 2.x plugin context has no ${domain}.${name}()`);
    }
  };
  fn("tool", "transform");
  fn("tool", "hook");
  fn("session", "hook");
  fn("event", "subscribe");
  const location = value.location;
  if (!isRecord(location) || typeof location.directory !== "string") {
    throw new HostError("the OpenCode 2.x plugin context has no location.directory");
  }
  return value as unknown as V2Context;
}

/** Writes warnings and errors to the server's standard error, where OpenCode 2.x keeps a plugin's output. */
export function createConsoleLogger(write: (line: string) => void = (line) => console.error(line)): Logger {
  return {
    log(level, message) {
      if (level === "warn" || level === "error") write(`[opencode-ledger] ${level}: ${message}`);
    },
  };
}

/** The text of a tool result: its string content, or its text parts joined (undefined when it has other content). */
function textOf(result: V2ToolResult): string | undefined {
  const { content } = result;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return typeof result.output === "string" ? result.output : undefined;
  const texts: string[] = [];
  for (const part of content as readonly { type: string; text?: unknown }[]) {
    if (part.type !== "text" || typeof part.text !== "string") return undefined;
    texts.push(part.text);
  }
  return texts.join("\n");
}

/**
 * What the adapter shares with the plugin's start path, handed in by the composition root: imported here, the
 * bundle would split them into a chunk of their own that every 1.x start loads too.
 */
export interface V2HostDeps {
  boundary: typeof hookBoundary;
  objectSchema: typeof z.object;
  /** Default: warnings and errors on standard error. */
  log?: Logger;
}

export function createV2Host(context: unknown, deps: V2HostDeps): V2Host {
  const { boundary: hookBoundary, objectSchema } = deps;
  const log = deps.log ?? createConsoleLogger();
  const ctx = narrowContext(context);
  const directory = ctx.location.directory;
  const worktree = isRecord(ctx.location.project) ? ctx.location.project.directory : undefined;
  const sessions = createObservedSource(directory);
  const tools: Record<string, ToolDefinition> = {};
  const events: ((event: HostEvent) => void)[] = [];
  const results: ((call: HostToolCall, result: HostToolResult) => Promise<void>)[] = [];
  const prompts: ((request: PromptRequest, system: string[]) => Promise<void>)[] = [];
  let compaction: CompactionRequest | undefined;
  const left: string[] = [];

  const toolContext = (context: V2ToolContext): ToolContext => ({
    sessionID: context.sessionID,
    messageID: context.messageID,
    agent: context.agent,
    directory,
    worktree: worktree ?? directory,
    abort: context.signal,
    metadata: () => undefined,
    ask: async () => undefined,
  });

  const port: HostPort = {
    directory,
    worktree,
    log,
    sessions,
    backfill: false,
    ask: undefined,
    registerTools(added) {
      Object.assign(tools, added);
    },
    registerCommands() {
      left.push("slash commands");
    },
    onEvent(handler) {
      events.push(handler);
    },
    supplyCompactionSummary(request) {
      compaction = request;
    },
    onToolResult(handler) {
      results.push(hookBoundary("execute.after", log, handler));
    },
    onUserMessage() {
      left.push("memory matched to each user message (the fixed memory block is given)");
    },
    onSystemPrompt(handler) {
      prompts.push(hookBoundary("context", log, handler));
    },
    allowReads() {
      left.push("read access to the transcripts folder (allow it in your permissions)");
    },
  };

  const onContext = hookBoundary(
    "context",
    log,
    async (event: { sessionID: string; kind: string; messages: unknown; system: unknown }) => {
      if (Array.isArray(event.messages)) sessions.observe(event.sessionID, event.messages);
      // Titles, compactions and one-shot generations get no memory block.
      if (event.kind !== "primary" || !Array.isArray(event.system)) return;
      const system: string[] = [];
      for (const handler of prompts) await handler({ sessionID: event.sessionID, providerID: "" }, system);
      for (const text of system) event.system.push({ type: "text", text });
    },
  );

  const reported = new Set<string>();
  const onCompaction = hookBoundary(
    "compaction",
    log,
    async (event: { sessionID: string; messages: unknown; result?: unknown }) => {
      if (Array.isArray(event.messages)) sessions.observe(event.sessionID, event.messages);
      if (!compaction || compaction.mode === "off") return;
      try {
        event.result = { summary: await compaction.summarize(event.sessionID), metadata: { "opencode-ledger": true } };
      } catch (error) {
        // The session must go on: no result, so the host writes its own summary.
        const message = describeError(error);
        if (reported.has(message)) return;
        reported.add(message);
        log.log("error", `compaction of ${event.sessionID}: no session map (${message}); the host writes the summary`);
      }
    },
  );

  const onToolAfter = async (event: V2ToolHooks["execute.after"]) => {
    if (event.status !== "completed") return;
    const before = textOf(event.result);
    if (before === undefined) return;
    const result: HostToolResult = { output: before };
    const call: HostToolCall = { tool: event.tool, sessionID: event.sessionID, callID: event.id, args: event.input };
    for (const handler of results) await handler(call, result);
    if (result.output !== before) event.result = { ...event.result, content: result.output };
  };

  async function listen(iterator: AsyncIterator<V2Event>, stopped: () => boolean) {
    try {
      for (let next = await iterator.next(); !next.done && !stopped(); next = await iterator.next()) {
        const event: unknown = next.value;
        if (!isRecord(event) || typeof event.type !== "string") continue;
        for (const handler of events) handler({ type: event.type, properties: event.data });
      }
    } catch (error) {
      if (!stopped()) log.log("error", `events: ${describeError(error)}`);
    }
  }

  async function register(): Promise<() => Promise<void>> {
    const registrations: V2Registration[] = [];
    registrations.push(
      await ctx.tool.transform((editor) => {
        for (const [name, definition] of Object.entries(tools)) {
          editor.add({
            name,
            description: definition.description,
            // A zod object is a Standard Schema, one of the input forms Tool.Info takes.
            input: objectSchema(definition.args),
            execute: async (input, context) => {
              const text = await definition.execute(input as never, toolContext(context));
              return { content: typeof text === "string" ? text : String((text as { output?: unknown }).output) };
            },
          });
        }
      }),
    );
    if (results.length > 0) registrations.push(await ctx.tool.hook("execute.after", onToolAfter));
    registrations.push(await ctx.session.hook("context", (event) => onContext(event, undefined)));
    registrations.push(await ctx.session.hook("compaction", (event) => onCompaction(event, undefined)));
    let stopped = false;
    const iterator = events.length > 0 ? ctx.event.subscribe()[Symbol.asyncIterator]() : undefined;
    if (iterator) void listen(iterator, () => stopped);
    if (left.length > 0) log.log("warn", `on OpenCode 2.x this build does not offer: ${left.join(", ")}`);
    return async () => {
      stopped = true;
      await iterator?.return?.();
      for (const registration of registrations.reverse()) await registration.dispose();
    };
  }

  return { port, options: ctx.options, register };
}
