/**
 * The server part of the plugin: validates the options, builds the shared services and returns the hooks and tools.
 */
import type { Hooks, PluginInput, PluginOptions } from "@opencode-ai/plugin";
import { createLedger } from "./ledger.js";
import { createHostLogger } from "./log.js";
import { scheduleStartupSweep } from "./memory-startup.js";
import { parseOptions } from "./options.js";
import { lazyMemoryStore } from "./store/lazy-memory-store.js";
import { createMemoryTools } from "./tools/memory-tools.js";

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
  return {
    tool: {
      ...createMemoryTools({ memory, options }),
    },
  };
}
