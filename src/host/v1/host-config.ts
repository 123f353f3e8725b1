/**
 * What the `config` hook changes in OpenCode's configuration for compaction: which route a compaction takes, and in
 * `pointer` mode the in-process model that serves the `compaction` agent (so the user's provider receives nothing).
 * Every change is additive and leaves the user's own choices in force; each decision is explained in the log.
 */
import type { FallbackRequest } from "./pointer-model.js";

// Not "opencode…": OpenCode treats provider ids starting with "opencode" as its own hosted service.
export const POINTER_PROVIDER_ID = "ledger";
export const POINTER_MODEL_ID = "pointer";
export const POINTER_MODEL = `${POINTER_PROVIDER_ID}/${POINTER_MODEL_ID}`;
/** The module OpenCode imports to build the pointer model (next to this file: dist/host/v1/, bundled into dist/server/). */
export const POINTER_PROVIDER_URL = new URL("./pointer-provider.js", import.meta.url).href;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The slice of OpenCode's configuration the plugin reads or writes; everything else passes through untouched. */
export interface HostConfig {
  model?: string;
  provider?: Record<string, unknown>;
  enabled_providers?: string[];
  disabled_providers?: string[];
  agent?: Record<string, { model?: string; [key: string]: unknown } | undefined>;
  permission?: string | Record<string, unknown>;
  command?: Record<string, { template: string; description?: string; [key: string]: unknown } | undefined>;
  [key: string]: unknown;
}

export type CompactionMode = "pointer" | "prompt" | "off";
export type CompactionRoute = CompactionMode;

export interface RouteDecision {
  route: CompactionRoute;
  /** Why the route differs from the configured mode; empty when it does not. */
  reason: string;
}

/** Picks the route of a compaction from the configured mode and what the user configured in OpenCode. */
export function decideRoute(
  cfg: HostConfig,
  options: { mode: CompactionMode; overrideUserModel: boolean },
): RouteDecision {
  if (options.mode !== "pointer") return { route: options.mode, reason: "" };
  const userModel = cfg.agent?.compaction?.model;
  if (userModel && userModel !== POINTER_MODEL && !options.overrideUserModel) {
    return {
      route: "prompt",
      reason: `agent.compaction.model is set to "${userModel}" in your configuration: it is kept, it receives no history and the pointer is stored as the summary (prompt mode). Set the option compaction.overrideUserModel to true for zero-cost compaction.`,
    };
  }
  if (cfg.disabled_providers?.includes(POINTER_PROVIDER_ID)) {
    return {
      route: "prompt",
      reason: `"${POINTER_PROVIDER_ID}" is in disabled_providers, so the in-process pointer model cannot serve compaction: prompt mode is used instead.`,
    };
  }
  const ownProviders = Object.keys(cfg.provider ?? {}).filter((id) => id !== POINTER_PROVIDER_ID);
  if (!cfg.model && ownProviders.length === 0) {
    // OpenCode's default model is the first model of a provider listed in `provider` when no `model` is set:
    // registering ours would make it the default chat model.
    return {
      route: "prompt",
      reason:
        'no "model" is set in opencode.json, and registering the in-process pointer model could make it OpenCode\'s default chat model: prompt mode is used instead. Set "model" for zero-cost compaction.',
    };
  }
  return { route: "pointer", reason: "" };
}

/**
 * Registers the in-process pointer model and points the `compaction` agent at it. `summarize` is handed to the
 * model through the provider options (OpenCode passes option values through as they are, functions included).
 */
export function registerPointerModel(cfg: HostConfig, summarize: (request: FallbackRequest) => Promise<string>): void {
  cfg.provider ??= {};
  cfg.provider[POINTER_PROVIDER_ID] = {
    name: "opencode-ledger compaction (not a chat model)",
    npm: POINTER_PROVIDER_URL,
    options: { summarize },
    models: {
      [POINTER_MODEL_ID]: {
        name: "Compaction pointer (not for chat)",
        // Chat calls carry tools, compaction calls none: that is how the model tells a misrouted chat turn apart.
        tool_call: true,
        attachment: false,
        // The tail OpenCode keeps after a compaction is sized from this model's window: as large as any real model's.
        limit: { context: 1_000_000, output: 4_096 },
        cost: { input: 0, output: 0 },
      },
    },
  };
  if (Array.isArray(cfg.enabled_providers) && !cfg.enabled_providers.includes(POINTER_PROVIDER_ID)) {
    cfg.enabled_providers.push(POINTER_PROVIDER_ID);
  }
  cfg.agent ??= {};
  cfg.agent.compaction = { ...(cfg.agent.compaction ?? {}), model: POINTER_MODEL };
}

/**
 * Lets the agent's own Read and Grep tools open the transcripts without a permission prompt, for that folder only,
 * merged into what the user configured (an explicit rule of theirs for the folder wins).
 */
export function allowTranscriptReads(cfg: HostConfig, transcriptsDir: string): void {
  const pattern = `${transcriptsDir}/*`;
  const permission = cfg.permission;
  if (permission === "allow") return;
  const base: Record<string, unknown> =
    typeof permission === "string" ? { "*": permission } : permission === undefined ? {} : permission;
  const current = base.external_directory ?? (typeof permission === "string" ? permission : undefined);
  if (current === "allow") return;
  const rules: Record<string, unknown> =
    typeof current === "string" ? { "*": current } : isRecord(current) ? current : {};
  if (!(pattern in rules)) rules[pattern] = "allow";
  base.external_directory = rules;
  cfg.permission = base;
}
