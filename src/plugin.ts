/**
 * The composition root: validates the options, builds the shared services once and wires every feature through the
 * host port (src/host/host-port.ts). `server` is the entry OpenCode 1.x calls, `setup` the one 2.x calls; each builds
 * the port of its host version and hands it here.
 */
import type { Hooks, PluginInput, PluginOptions } from "@opencode-ai/plugin";
import { createProjectPointer } from "./compaction/session-pointer.js";
import { describeError } from "./errors.js";
import { hookBoundary } from "./hook-boundary.js";
import type { HostPort } from "./host/host-port.js";
import { POINTER_PROVIDER_ID } from "./host/v1/host-config.js";
import { createV1Host } from "./host/v1/v1-host.js";
import { createUserTurns, userText } from "./injection/user-turns.js";
import { lazyFunction, lazyObject } from "./lazy-load.js";
import { parseOptions } from "./options.js";
import { idleSessionOf } from "./reflection/idle-event.js";
import { projectScope } from "./scope.js";
import { createServices } from "./services.js";
import { scheduleStartupPurge } from "./store/memory-startup.js";
import { followTeamFile } from "./team/team-follow.js";
import { pickCoreTools } from "./tools/core-tools.js";
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
import { z } from "./zod.js";

/** OpenCode 1.x: the hooks of this plugin instance. */
export async function server(input: PluginInput, rawOptions?: PluginOptions): Promise<Hooks> {
  const host = createV1Host(input);
  return composeLedger(host.port, rawOptions) ? host.hooks() : {};
}

/**
 * OpenCode 2.x (`Plugin.define({ id, setup })`): registers everything through the context and resolves with the
 * cleanup. A setup that fails registers nothing, says why once on the host's log (its standard error) and leaves the
 * host running without the plugin. The adapter loads with the first call, so a 1.x start never loads it.
 */
export async function setup(context: unknown): Promise<() => Promise<void>> {
  const [{ createV2Host }, { createConsoleLogger }, { commandDescriptions }] = await Promise.all([
    import("./host/v2/v2-host.js"),
    import("./host/v2/console-logger.js"),
    import("./slash-commands/definitions.js"),
  ]);
  const log = createConsoleLogger();
  try {
    const host = createV2Host(context, {
      boundary: hookBoundary,
      objectSchema: z.object,
      toJSONSchema: z.toJSONSchema,
      commands: commandDescriptions,
      log,
    });
    if (!composeLedger(host.port, host.options)) return async () => undefined;
    return await host.register();
  } catch (error) {
    log.log("error", `opencode-ledger is off: its setup failed (${describeError(error)})`);
    return async () => undefined;
  }
}

/** Wires every feature through `host`; false when a bad `dataDir` option leaves the plugin off. */
export function composeLedger(host: HostPort, rawOptions: unknown): boolean {
  const { log } = host;
  const { options, disabled, problems } = parseOptions(rawOptions);
  for (const problem of problems) log.log("error", problem.message);
  if (disabled.has("dataDir")) {
    log.log("error", "opencode-ledger is off: fix the dataDir option");
    return false;
  }
  const scope = projectScope(host.worktree, host.directory);
  const services = createServices({ options, log, scope, host: host.sessions });
  const { data, memory, settings, transcripts, search } = services;
  scheduleStartupPurge(memory, log, options.retention);
  followTeamFile(memory, scope, log);
  scheduleAutoSweep(transcripts, options.retention);
  // Every session the host holds becomes a transcript in the background (resting while a turn runs); idle and deleted
  // sessions keep them current.
  if (host.backfill) scheduleBackfill(data);
  const currency = createCurrency({ data, transcripts });

  // One pointer for compaction and /memory-continue.
  const sessionPointer = createProjectPointer({
    transcripts,
    memory,
    scope,
    mapMaxTokens: options.compaction.mapMaxTokens,
    log,
    tools: host.hostTools,
  });
  host.supplyCompactionSummary({
    summarize: async (sessionID) => {
      const { pointer } = await sessionPointer(sessionID);
      // The retention rules also apply after each compaction (autoSweep never throws, and is a no-op without rules).
      void transcripts.autoSweep();
      return pointer;
    },
    mode: options.compaction.mode,
    overrideUserModel: options.compaction.overrideUserModel,
    clock: data.clock,
  });
  host.allowReads(data.transcriptsDir);
  host.registerCommands(
    lazyFunction(() =>
      Promise.all([import("./slash-commands/command-runner.js"), import("./slash-commands/cleanup-report.js")]).then(
        ([runner, report]) =>
          runner.createCommandRunner({
            sessionPointer,
            cleanupReport: report.createCleanupReport({ data, transcripts }),
          }),
      ),
    ),
  );
  // The newest user message of each session: the memory block of its requests starts with the entries it matches.
  const turns = createUserTurns();
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
    host.onSystemPrompt((request, system) =>
      inject({ sessionID: request.sessionID, model: { providerID: request.providerID } }, { system }),
    );
  }
  const ask = host.ask;
  const reflection =
    options.reflection.enabled && ask
      ? lazyObject(
          () =>
            import("./reflection/reflection.js").then((m) =>
              m.createReflection({
                memory,
                transcripts,
                claim: (sessionID) => settings.claimReflection(sessionID),
                ask,
                project: scope,
                options: options.reflection,
                log,
              }),
            ),
          ["onIdle"],
          {},
        )
      : undefined;
  // Exports and a reflection run after the turn; the host does not wait for them.
  host.onEvent((event) => {
    currency.onEvent(event);
    processTurns.onEvent(event);
    const sessionID = reflection && idleSessionOf(event);
    if (sessionID) void reflection.onIdle(sessionID);
  });
  // The host's read, grep and shell may open a transcript: what they return from the data folder is redacted too.
  host.onToolResult(
    lazyFunction(() =>
      import("./transcripts/host-reads.js").then((m) =>
        m.createHostReadRedaction({ dataDir: options.dataDir, directory: host.directory }),
      ),
    ),
  );
  let onUserMessage: ((sessionID: string) => Promise<void>) | undefined;
  if (options.actionRecall.enabled) {
    const actionRecall = lazyObject(
      () =>
        Promise.all([import("./action-recall/action-recall-hooks.js"), import("./store/memory-mentions.js")]).then(
          ([m, store]) =>
            m.createActionRecallHooks({
              lookup: store.createMentionLookup(memory.database, data.clock),
              project: scope,
              directory: host.directory,
              tools: host.hostTools,
              maxChars: options.actionRecall.maxChars,
              isOptedOut: async (sessionID) => (await settings.get(sessionID)).injectionOff,
              shownThisTurn: (sessionID) => turns.latest(sessionID)?.shown,
            }),
        ),
      ["afterTool", "onUserMessage"],
      {},
    );
    host.onToolResult((call, result) => actionRecall.afterTool(call, result));
    onUserMessage = (sessionID) => actionRecall.onUserMessage({ sessionID });
  }
  host.onUserMessage(async (message) => {
    turns.record(message.sessionID, message.messageID, userText(message.parts));
    await onUserMessage?.(message.sessionID);
  });
  // One boundary for every tool: arguments checked against the tool's schema, failures returned as messages. Every
  // definition rides on every request: by default (`tools: "core"`) only the six of daily use.
  const tools = {
    ...createMemoryTools({ memory, options }),
    memory_session_read: createSessionReadTool({ transcripts }),
    memory_session_search: createSessionSearchTool({ search }),
    memory_transcript_list: createTranscriptListTool({ data, transcripts }),
    memory_transcript_cleanup: createTranscriptCleanupTool({ data, transcripts }),
  };
  host.registerTools(toolBoundaries(options.tools === "core" ? pickCoreTools(tools) : tools));
  return true;
}
