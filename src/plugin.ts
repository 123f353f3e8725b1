/**
 * The server part of the plugin: validates the options, builds the shared services and returns the hooks and tools.
 */
import type { Hooks, PluginInput, PluginOptions } from "@opencode-ai/plugin";
import { createCompactionFeature } from "./compaction/compaction-feature.js";
import { allowTranscriptReads, type HostConfig, POINTER_PROVIDER_ID } from "./compaction/host-config.js";
import { createMemoryInventory } from "./compaction/memory-inventory.js";
import { createSessionPointer } from "./compaction/session-pointer.js";
import { hookBoundary } from "./hook-boundary.js";
import { createUserTurns, userText } from "./injection/user-turns.js";
import { lazyFunction, lazyObject } from "./lazy-load.js";
import { createHostLogger } from "./log.js";
import { promptOnce } from "./one-shot-prompt.js";
import { parseOptions } from "./options.js";
import { idleSessionOf } from "./reflection/idle-event.js";
import { projectScope } from "./scope.js";
import { createServices } from "./services.js";
import { registerCommands } from "./slash-commands/definitions.js";
import { scheduleStartupPurge } from "./store/memory-startup.js";
import { followTeamFile } from "./team/team-follow.js";
import { createSessionReadTool } from "./tools/memory-session-read.js";
import { createSessionSearchTool } from "./tools/memory-session-search.js";
import { createMemoryTools } from "./tools/memory-tools.js";
import { createTranscriptCleanupTool } from "./tools/memory-transcript-cleanup.js";
import { createTranscriptListTool } from "./tools/memory-transcript-list.js";
import { toolBoundaries } from "./tools/tool-boundary.js";
import { createCurrency } from "./transcripts/backfill/currency.js";
import { scheduleBackfill } from "./transcripts/backfill/schedule.js";
import { processTurns } from "./transcripts/backfill/turn-activity.js";
import { scheduleAutoSweep } from "./transcripts/retention/auto-sweep.js";
import { createHostSource } from "./transcripts/source/host-source.js";

type Config = Parameters<NonNullable<Hooks["config"]>>[0];

export async function server(input: PluginInput, rawOptions?: PluginOptions): Promise<Hooks> {
  const log = createHostLogger(input.client);
  const { options, disabled, problems } = parseOptions(rawOptions);
  for (const problem of problems) log.log("error", problem.message);
  if (disabled.has("dataDir")) {
    log.log("error", "opencode-ledger is off: fix the dataDir option");
    return {};
  }
  const directory = input.directory ?? process.cwd();
  const scope = projectScope(input.worktree, directory);
  const services = createServices({ options, log, scope, host: createHostSource(input.client, directory) });
  const { data, memory, settings, transcripts, search } = services;
  if (options.retention.autoSweep) scheduleStartupPurge(memory, log);
  followTeamFile(memory, scope, log);
  scheduleAutoSweep(transcripts, options.retention);
  // Every session OpenCode holds becomes a transcript in the background (resting while a turn runs); idle and deleted
  // sessions keep them current.
  scheduleBackfill(data);
  const currency = createCurrency({ data, transcripts });

  const inventory = createMemoryInventory(memory, scope);
  const mapMaxTokens = options.compaction.mapMaxTokens;
  const sessionPointer = createSessionPointer({
    exportSession: (id) => transcripts.export(id),
    inventory,
    mapMaxTokens,
    log,
  });
  const compactionPointer = createSessionPointer({
    exportSession: async (id) => {
      const result = await transcripts.export(id);
      // The retention rules also apply after each compaction (autoSweep never throws, and is a no-op without rules).
      void transcripts.autoSweep();
      return result;
    },
    inventory,
    mapMaxTokens,
    log,
  });
  const compaction = createCompactionFeature({
    client: input.client,
    options: options.compaction,
    sessionPointer: compactionPointer,
    log,
    clock: data.clock,
  });
  const configure = hookBoundary<Config, undefined>("config", log, async (cfg) => {
    const host = cfg as unknown as HostConfig;
    compaction.configure(host);
    allowTranscriptReads(host, data.transcriptsDir);
    registerCommands(host, log);
  });
  const hooks: Hooks = {};
  // The newest user message of each session: the memory block of its requests starts with the entries it matches.
  const turns = createUserTurns();
  for (const [name, hook] of Object.entries(compaction.hooks)) {
    (hooks as Record<string, unknown>)[name] = hookBoundary(
      name,
      log,
      hook as (i: unknown, o: unknown) => Promise<void>,
    );
  }
  if (options.injection.enabled) {
    const inject = lazyFunction(() =>
      import("./injection/system-hook.js").then((m) =>
        m.createSystemTransformHook({
          memory,
          project: scope,
          maxChars: options.injection.maxChars,
          ownProviders: [POINTER_PROVIDER_ID],
          isOptedOut: async (sessionID) => (await settings.get(sessionID)).injectionOff,
          latestTurn: turns.latest,
        }),
      ),
    );
    hooks["experimental.chat.system.transform"] = hookBoundary("experimental.chat.system.transform", log, inject);
  }
  const reflection = options.reflection.enabled
    ? lazyObject(
        () =>
          import("./reflection/reflection.js").then((m) =>
            m.createReflection({
              memory,
              transcripts,
              claim: (sessionID) => settings.claimReflection(sessionID),
              ask: (request) => promptOnce(input.client, request),
              project: scope,
              options: options.reflection,
              log,
            }),
          ),
        ["onIdle"],
        {},
      )
    : undefined;
  // Not awaited: OpenCode does not wait for event hooks; exports and a reflection run after the turn.
  const onEvent = hookBoundary<{ event: unknown }, undefined>("event", log, async ({ event }) => {
    currency.onEvent(event);
    processTurns.onEvent(event);
    const sessionID = reflection && idleSessionOf(event);
    if (sessionID) void reflection.onIdle(sessionID);
  });
  hooks.event = (input) => onEvent(input, undefined);
  // OpenCode's read, grep and shell may open a transcript: what they return from the data folder is redacted too.
  type AfterTool = NonNullable<Hooks["tool.execute.after"]>;
  const redactHostReads = hookBoundary<Parameters<AfterTool>[0], Parameters<AfterTool>[1]>(
    "tool.execute.after",
    log,
    lazyFunction(() =>
      import("./transcripts/host-reads.js").then((m) =>
        m.createHostReadRedaction({ dataDir: options.dataDir, directory }),
      ),
    ),
  );
  hooks["tool.execute.after"] = redactHostReads;
  type ChatMessage = NonNullable<Hooks["chat.message"]>;
  let onUserMessage: ((sessionID: string) => Promise<void>) | undefined;
  if (options.actionRecall.enabled) {
    const actionRecall = lazyObject(
      () =>
        Promise.all([import("./action-recall/action-recall-hooks.js"), import("./store/memory-mentions.js")]).then(
          ([m, store]) =>
            m.createActionRecallHooks({
              lookup: store.createMentionLookup(memory.database, data.clock),
              project: scope,
              directory,
              maxChars: options.actionRecall.maxChars,
              isOptedOut: async (sessionID) => (await settings.get(sessionID)).injectionOff,
              shownThisTurn: (sessionID) => turns.latest(sessionID)?.shown,
            }),
        ),
      ["afterTool", "onUserMessage"],
      {},
    );
    const recallAfter = hookBoundary("tool.execute.after", log, actionRecall.afterTool);
    hooks["tool.execute.after"] = async (call, result) => {
      await redactHostReads(call, result);
      await recallAfter(call, result);
    };
    onUserMessage = (sessionID) => actionRecall.onUserMessage({ sessionID });
  }
  hooks["chat.message"] = hookBoundary<Parameters<ChatMessage>[0], Parameters<ChatMessage>[1]>(
    "chat.message",
    log,
    async (input, output) => {
      turns.record(input.sessionID, input.messageID, userText(output.parts));
      await onUserMessage?.(input.sessionID);
    },
  );
  return {
    ...hooks,
    config: (cfg) => configure(cfg, undefined),
    "command.execute.before": hookBoundary(
      "command.execute.before",
      log,
      lazyFunction(() =>
        Promise.all([import("./slash-commands/command-hook.js"), import("./slash-commands/cleanup-report.js")]).then(
          ([hook, report]) =>
            hook.createCommandHook({
              sessionPointer,
              cleanupReport: report.createCleanupReport({ data, transcripts }),
            }),
        ),
      ),
    ),
    // One boundary for every tool: arguments checked against the tool's schema, failures returned as messages.
    tool: toolBoundaries({
      ...createMemoryTools({ memory, options }),
      memory_session_read: createSessionReadTool({ transcripts }),
      memory_session_search: createSessionSearchTool({ search }),
      memory_transcript_list: createTranscriptListTool({ data, transcripts }),
      memory_transcript_cleanup: createTranscriptCleanupTool({ data, transcripts }),
    }),
  };
}
