/**
 * The server part of the plugin: validates the options, builds the shared services and returns the hooks and tools.
 */
import type { Hooks, PluginInput, PluginOptions } from "@opencode-ai/plugin";
import { createLedger } from "./ledger.js";
import { createHostLogger } from "./log.js";
import { parseOptions } from "./options.js";

export async function server(input: PluginInput, rawOptions?: PluginOptions): Promise<Hooks> {
  const log = createHostLogger(input.client);
  const { options, disabled, problems } = parseOptions(rawOptions);
  for (const problem of problems) log.log("error", problem.message);
  if (disabled.has("dataDir")) {
    log.log("error", "opencode-ledger is off: fix the dataDir option");
    return {};
  }
  const ledger = createLedger(options, log);
  void ledger;
  return {
    tool: {},
  };
}
