/**
 * The host port on OpenCode 1.x (live-tested on 1.18.33): the one place that maps the port onto 1.x's hook names.
 * Each capability the composition root asks for becomes one or more hooks of the object `server()` returns; every
 * hook goes through the hook boundary, and what 1.x changes in its configuration is gathered into one `config` hook.
 */
import type { Hooks, PluginInput } from "@opencode-ai/plugin";
import { hookBoundary } from "../../hook-boundary.js";
import { lazyFunction } from "../../lazy-load.js";
import { createHostLogger } from "../../log.js";
import { promptOnce } from "../../one-shot-prompt.js";
import { registerCommands } from "../../slash-commands/definitions.js";
import { createHostSource } from "../../transcripts/source/host-source.js";
import type { HostEvent, HostPort, HostToolCall, HostToolResult } from "../host-port.js";
import { createCompactionFeature } from "./compaction-feature.js";
import { allowTranscriptReads, type HostConfig } from "./host-config.js";

type Config = Parameters<NonNullable<Hooks["config"]>>[0];
type ToolAfterInput = Parameters<NonNullable<Hooks["tool.execute.after"]>>[0];
type ToolAfterOutput = Parameters<NonNullable<Hooks["tool.execute.after"]>>[1];

export interface V1Host {
  readonly port: HostPort;
  /** The hooks object a 1.x `server()` returns: every capability registered so far, and the `config` hook. */
  hooks(): Hooks;
}

export function createV1Host(input: PluginInput): V1Host {
  const log = createHostLogger(input.client);
  const directory = input.directory ?? process.cwd();
  const hooks: Hooks = {};
  const configSteps: ((cfg: HostConfig) => void)[] = [];
  const eventHandlers: ((event: HostEvent) => void)[] = [];
  const resultHandlers: ((input: ToolAfterInput, output: ToolAfterOutput) => Promise<void>)[] = [];

  // Not awaited: OpenCode does not wait for event hooks.
  const onEvent = hookBoundary<{ event: unknown }, undefined>("event", log, async ({ event }) => {
    for (const handler of eventHandlers) handler(event as HostEvent);
  });
  const configure = hookBoundary<Config, undefined>("config", log, async (cfg) => {
    for (const step of configSteps) step(cfg as unknown as HostConfig);
  });

  const port: HostPort = {
    directory,
    worktree: input.worktree,
    log,
    sessions: createHostSource(input.client, directory),
    backfill: true,
    // 1.x's own tool names are the features' default table.
    hostTools: undefined,
    ask: (request) => promptOnce(input.client, request),
    registerTools(tools) {
      hooks.tool = { ...hooks.tool, ...tools };
    },
    registerCommands(run) {
      configSteps.push((cfg) => registerCommands(cfg, log));
      hooks["command.execute.before"] = hookBoundary(
        "command.execute.before",
        log,
        lazyFunction(() => import("./command-hook.js").then((m) => m.createCommandHook(run))),
      );
    },
    onEvent(handler) {
      eventHandlers.push(handler);
      hooks.event = (event) => onEvent(event, undefined);
    },
    supplyCompactionSummary(request) {
      // 1.x always streams a model for a compaction: the summary reaches it through the in-process pointer model
      // (or the user's model's prompt), see compaction-hooks.ts.
      const compaction = createCompactionFeature({
        client: input.client,
        options: { mode: request.mode, overrideUserModel: request.overrideUserModel },
        sessionPointer: async (sessionID) => ({ pointer: await request.summarize(sessionID) }),
        log,
        clock: request.clock,
      });
      configSteps.push((cfg) => compaction.configure(cfg));
      for (const [name, hook] of Object.entries(compaction.hooks)) {
        (hooks as Record<string, unknown>)[name] = hookBoundary(
          name,
          log,
          hook as (i: unknown, o: unknown) => Promise<void>,
        );
      }
    },
    onToolResult(handler) {
      // Each handler behind a boundary of its own: one that fails leaves the result to the next.
      resultHandlers.push(
        hookBoundary("tool.execute.after", log, async (call: ToolAfterInput, output: ToolAfterOutput) => {
          if (typeof output?.output !== "string") return;
          const seen: HostToolCall = {
            tool: call.tool,
            sessionID: call.sessionID,
            callID: call.callID,
            args: call.args,
          };
          await handler(seen, output as HostToolResult);
        }),
      );
      hooks["tool.execute.after"] = async (call, output) => {
        for (const run of resultHandlers) await run(call, output);
      };
    },
    onUserMessage(handler) {
      type ChatMessage = NonNullable<Hooks["chat.message"]>;
      hooks["chat.message"] = hookBoundary<Parameters<ChatMessage>[0], Parameters<ChatMessage>[1]>(
        "chat.message",
        log,
        (message, output) =>
          handler({ sessionID: message.sessionID, messageID: message.messageID, parts: output.parts }),
      );
    },
    onSystemPrompt(handler) {
      const name = "experimental.chat.system.transform";
      hooks[name] = hookBoundary<Parameters<NonNullable<Hooks[typeof name]>>[0], { system: string[] }>(
        name,
        log,
        (request, output) =>
          handler({ sessionID: request.sessionID, providerID: request.model.providerID }, output.system),
      );
    },
    allowReads(folder) {
      configSteps.push((cfg) => allowTranscriptReads(cfg, folder));
    },
  };

  return { port, hooks: () => ({ ...hooks, config: (cfg) => configure(cfg, undefined) }) };
}
