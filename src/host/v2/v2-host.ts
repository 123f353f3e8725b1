/**
 * The host port on OpenCode 2.x, built to the plugin interface of 2.0.26 (v2-context.ts). Tools go on the model's
 * native tool list through `tool.transform` (`codemode: false`, arguments as zod with their JSON Schema), results
 * through `tool.hook("execute.after")`, the memory block through `session.hook("context")` (primary requests only:
 * compaction, generate and title have hooks of their own), a person's prompt through `session.hook("prompt")`, the
 * compaction summary as `result` of `session.hook("compaction")` (recorded instead of a model call), transcripts from
 * `session.context()`, slash commands through `command.transform` (their text posted with `session.synthetic`),
 * reflection's one model call through `generate.text`, reads of the transcripts folder allowed through
 * `permission.hook("evaluate")`, events through `event.subscribe()`. What a host lacks (a preview older than 2.0) is
 * left out and said once in the log.
 */
import path from "node:path";
import type { ToolContext, ToolDefinition } from "@opencode-ai/plugin";
import { describeError } from "../../errors.js";
import type { hookBoundary } from "../../hook-boundary.js";
import { V2_TOOLS } from "../../host-tools.js";
import type { Logger } from "../../log.js";
import type { SessionSource } from "../../transcripts/source/session-source.js";
import type {
  CommandRunner,
  CompactionRequest,
  HostEvent,
  HostPort,
  HostToolCall,
  HostToolResult,
  PromptRequest,
} from "../host-port.js";
import { registerCommands } from "./command-registration.js";
import { createConsoleLogger } from "./console-logger.js";
import { createContextSource } from "./context-source.js";
import { listen } from "./event-listener.js";
import { generatedText, isRecord, narrowContext, textOf } from "./host-values.js";
import { createObservedSource } from "./observed-source.js";
import { READ_ACTIONS, readsOnlyFolder } from "./read-permission.js";
import { type ToolInputDeps, toolInput } from "./tool-input.js";
import type {
  V2Event,
  V2PermissionEvaluation,
  V2Registration,
  V2ToolContext,
  V2ToolHooks,
  V2ToolResult,
} from "./v2-context.js";

export interface V2Host {
  readonly port: HostPort;
  /** The plugin's options as the host's `plugins` entry gave them. */
  readonly options: unknown;
  /** Registers what the composition root asked for; resolves with the cleanup `setup` returns. */
  register(): Promise<() => Promise<void>>;
}

/**
 * What the adapter shares with the plugin's start path, handed in by the composition root: imported here, the
 * bundle would split them into a chunk of their own that every 1.x start loads too.
 */
export interface V2HostDeps extends ToolInputDeps {
  boundary: typeof hookBoundary;
  /** Our slash commands, by name, with their descriptions. */
  commands: () => { name: string; description: string }[];
  /** Default: warnings and errors on standard error. */
  log?: Logger;
}

export function createV2Host(context: unknown, deps: V2HostDeps): V2Host {
  const { boundary: hookBoundary } = deps;
  const log = deps.log ?? createConsoleLogger();
  const ctx = narrowContext(context);
  const directory = ctx.location.directory;
  const worktree = isRecord(ctx.location.project) ? ctx.location.project.directory : undefined;
  const readContext = ctx.session.context;
  const observed = readContext ? undefined : createObservedSource(directory);
  const sessions: SessionSource = readContext
    ? createContextSource((input) => readContext(input), directory)
    : (observed as SessionSource);
  const tools: Record<string, ToolDefinition> = {};
  const events: ((event: HostEvent) => void)[] = [];
  const results: ((call: HostToolCall, result: HostToolResult) => Promise<void>)[] = [];
  const prompts: ((request: PromptRequest, system: string[]) => Promise<void>)[] = [];
  const userMessages: Parameters<HostPort["onUserMessage"]>[0][] = [];
  let compaction: CompactionRequest | undefined;
  let commands: CommandRunner | undefined;
  let readable: string | undefined;
  const left: string[] = [];
  if (!readContext) left.push("transcripts from session.context() (the messages of each request are used)");

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

  const generate = ctx.generate;
  const port: HostPort = {
    directory,
    worktree,
    log,
    sessions,
    // 2.x keeps its sessions in the same database file, in tables the backfill reads (session_v2, session_message).
    backfill: true,
    hostTools: V2_TOOLS,
    ask: generate ? async (request) => generatedText(await generate.text({ prompt: request.text })) : undefined,
    registerTools(added) {
      Object.assign(tools, added);
    },
    registerCommands(run) {
      commands = run;
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
    onUserMessage(handler) {
      userMessages.push(handler);
    },
    onSystemPrompt(handler) {
      prompts.push(hookBoundary("context", log, handler));
    },
    allowReads(folder) {
      readable = path.resolve(folder);
    },
  };

  const onPrompt = hookBoundary(
    "prompt",
    log,
    async (event: { sessionID: string; messageID?: string; prompt?: { text?: unknown } }) => {
      const text = typeof event.prompt?.text === "string" ? event.prompt.text : "";
      const parts = [{ type: "text", text }];
      for (const handler of userMessages)
        await handler({ sessionID: event.sessionID, messageID: event.messageID, parts });
    },
  );

  const onContext = hookBoundary(
    "context",
    log,
    async (event: { sessionID: string; messages: unknown; system: unknown }) => {
      if (observed && Array.isArray(event.messages)) observed.observe(event.sessionID, event.messages);
      if (!Array.isArray(event.system)) return;
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
      if (observed && Array.isArray(event.messages)) observed.observe(event.sessionID, event.messages);
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

  const onEvaluate = (event: V2PermissionEvaluation) => {
    // Only a question is answered: a rule the person set (allow or deny) stands.
    if (!readable || event.effect !== "ask" || !READ_ACTIONS.has(event.action)) return;
    if (readsOnlyFolder(event.resources, readable)) event.effect = "allow";
  };

  async function register(): Promise<() => Promise<void>> {
    const registrations: V2Registration[] = [];
    let stopped = false;
    let iterator: AsyncIterator<V2Event> | undefined;
    const cleanup = async () => {
      stopped = true;
      await iterator?.return?.();
      for (const registration of registrations.reverse()) await registration.dispose();
    };
    try {
      // Every input is built before anything is registered: a tool the host cannot read stops the setup whole.
      const infos = Object.entries(tools).map(([name, definition]) => ({
        name,
        description: definition.description,
        input: toolInput(definition.args, deps),
        options: { codemode: false },
        execute: async (input: unknown, context: V2ToolContext): Promise<V2ToolResult> => {
          const text = await definition.execute(input as never, toolContext(context));
          return { content: typeof text === "string" ? text : String((text as { output?: unknown }).output) };
        },
      }));
      for (const info of infos) info.input["~standard"].jsonSchema.input({ target: "draft-2020-12" });
      registrations.push(
        await ctx.tool.transform((editor) => {
          for (const info of infos) editor.add(info);
        }),
      );
      if (results.length > 0) registrations.push(await ctx.tool.hook("execute.after", onToolAfter));
      if (userMessages.length > 0) {
        registrations.push(await ctx.session.hook("prompt", (event) => onPrompt(event, undefined)));
      }
      registrations.push(await ctx.session.hook("context", (event) => onContext(event, undefined)));
      registrations.push(await ctx.session.hook("compaction", (event) => onCompaction(event, undefined)));
      if (readable && ctx.permission) registrations.push(await ctx.permission.hook("evaluate", onEvaluate));
      else if (readable) left.push("read access to the transcripts folder (allow it in your permissions)");
      if (commands)
        await registerCommands(ctx, commands, registrations, {
          boundary: hookBoundary,
          commands: deps.commands,
          log,
          left,
        });
      if (!generate) left.push("reflection (no generate.text)");
      iterator = events.length > 0 ? ctx.event.subscribe()[Symbol.asyncIterator]() : undefined;
    } catch (error) {
      // Nothing half-registered stays behind: the host runs on without the plugin.
      await cleanup().catch(() => undefined);
      throw error;
    }
    if (iterator) void listen(iterator, () => stopped, events, log);
    if (left.length > 0) log.log("warn", `on this OpenCode 2.x this build does not offer: ${left.join(", ")}`);
    return cleanup;
  }

  return { port, options: ctx.options, register };
}
