/**
 * Lossless compaction, assembled: the route decided at `config` time, the hooks that act on it, and the fallback
 * summary handed to the in-process model.
 */
import type { Hooks, PluginInput } from "@opencode-ai/plugin";
import type { Logger } from "../../log.js";
import { type CompactionHookDeps, type CompactionState, createCompactionHooks } from "./compaction-hooks.js";
import { createFallbackSummarizer, type ModelRef } from "./fallback-summary.js";
import {
  type CompactionMode,
  decideRoute,
  type HostConfig,
  POINTER_MODEL,
  registerPointerModel,
} from "./host-config.js";

const MAX_REMEMBERED_MODELS = 256;

export interface CompactionFeatureDeps {
  client: PluginInput["client"];
  options: { mode: CompactionMode; overrideUserModel: boolean };
  sessionPointer: CompactionHookDeps["sessionPointer"];
  log: Logger;
  clock: () => number;
}

export interface CompactionFeature {
  readonly state: CompactionState;
  /** Applies the compaction route to OpenCode's configuration (called from the `config` hook). */
  configure(cfg: HostConfig): void;
  hooks: Hooks;
}

export function createCompactionFeature(deps: CompactionFeatureDeps): CompactionFeature {
  const state: CompactionState = { route: "off" };
  const models = new Map<string, ModelRef>();
  const summarize = createFallbackSummarizer({ client: deps.client, log: deps.log, modelOf: (id) => models.get(id) });

  const isSummaryMessage = async (sessionID: string, messageID: string) => {
    const res = await deps.client.session.message({ path: { id: sessionID, messageID } });
    const info = res.data?.info;
    return info?.role === "assistant" && info.summary === true;
  };

  return {
    state,
    configure(cfg) {
      const decision = decideRoute(cfg, deps.options);
      if (decision.route === "pointer") {
        registerPointerModel(cfg, summarize);
        deps.log.log("info", `compaction: pointer mode, the compaction agent uses ${POINTER_MODEL} (in-process)`);
      } else if (decision.reason) {
        deps.log.log("warn", `compaction: ${decision.reason}`);
      }
      state.route = decision.route;
    },
    hooks: {
      ...createCompactionHooks({
        state,
        sessionPointer: deps.sessionPointer,
        isSummaryMessage,
        log: deps.log,
        clock: deps.clock,
      }),
      // The compaction's own user message names the session's model: the fallback summary is asked of that model.
      "chat.params": async (input) => {
        if (input.agent !== "compaction" || state.route !== "pointer") return;
        const { providerID, modelID } = input.message.model;
        models.delete(input.sessionID);
        models.set(input.sessionID, { providerID, modelID });
        // Only the latest compactions matter: keep the map small in a long-lived server.
        for (const key of models.keys()) {
          if (models.size <= MAX_REMEMBERED_MODELS) break;
          models.delete(key);
        }
      },
    },
  };
}
