/**
 * The server part of the plugin: validates the options, builds the shared services and returns the hooks and tools.
 */
import type { Hooks, PluginInput, PluginOptions } from "@opencode-ai/plugin";
import { createLedger } from "./ledger.js";
import { createHostLogger } from "./log.js";
import { scheduleStartupSweep } from "./memory-startup.js";
import { parseOptions } from "./options.js";
import { projectScope } from "./scope.js";
import { lazyMemoryStore } from "./store/lazy-memory-store.js";
import { createSessionReadTool } from "./tools/memory-session-read.js";
import { createSessionSearchTool } from "./tools/memory-session-search.js";
import { createMemoryTools } from "./tools/memory-tools.js";
import { createTranscriptCleanupTool } from "./tools/memory-transcript-cleanup.js";
import { createTranscriptListTool } from "./tools/memory-transcript-list.js";
import { scheduleAutoSweep } from "./transcripts/auto-sweep.js";
import { createHostSource } from "./transcripts/host-source.js";
import { lazyTranscriptSearch } from "./transcripts/lazy-search.js";
import { lazyTranscripts } from "./transcripts/lazy-transcripts.js";
import { createRipgrepLocator } from "./transcripts/ripgrep-locate.js";

export async function server(input: PluginInput, rawOptions?: PluginOptions): Promise<Hooks> {
  const log = createHostLogger(input.client);
  const { options, disabled, problems } = parseOptions(rawOptions);
  for (const problem of problems) log.log("error", problem.message);
  if (disabled.has("dataDir")) {
    log.log("error", "opencode-ledger is off: fix the dataDir option");
    return {};
  }
  const ledger = createLedger(options, log);
  const memory = lazyMemoryStore({
    database: ledger.database,
    clock: ledger.clock,
    trashDays: options.retention.trashDays,
  });
  if (options.retention.autoSweep) scheduleStartupSweep(memory, log);
  const directory = input.directory ?? process.cwd();
  const scope = projectScope(input.worktree, directory);
  const transcripts = lazyTranscripts({ ledger, source: createHostSource(input.client, directory), scope });
  scheduleAutoSweep(transcripts, options.retention);
  const search = lazyTranscriptSearch({
    transcriptsDir: ledger.transcriptsDir,
    database: ledger.database,
    useRipgrep: options.search.useRipgrep,
    locateRipgrep: createRipgrepLocator(options.search.ripgrepPath),
    ensureTranscript: async (sessionID) => {
      const { row, file } = await transcripts.ensure(sessionID);
      return { path: file, scope: row.scope, title: row.title };
    },
    log,
  });
  return {
    tool: {
      ...createMemoryTools({ memory, options }),
      memory_session_read: createSessionReadTool({ transcripts }),
      memory_session_search: createSessionSearchTool({ search }),
      memory_transcript_list: createTranscriptListTool({ ledger, transcripts }),
      memory_transcript_cleanup: createTranscriptCleanupTool({ ledger, transcripts }),
    },
  };
}
