/**
 * When a compaction in `pointer` mode has no pointer (the transcript could not be written), the in-process model
 * still has to answer. It asks for a real summary from the session's own model, through the OpenCode server the
 * plugin was given: a temporary session gets OpenCode's own compaction prompt (the history included) with the
 * `compaction` agent and the user's model, and is deleted afterwards. If even that fails, a bounded extract of the
 * history is stored, saying what it is.
 */
import type { PluginInput } from "@opencode-ai/plugin";
import { describeError } from "../../errors.js";
import type { Logger } from "../../log.js";
import { type ModelRef, promptOnce } from "../../one-shot-prompt.js";
import { POINTER_PROVIDER_ID } from "./host-config.js";
import type { FallbackRequest } from "./pointer-model.js";

export type { ModelRef };

type Client = PluginInput["client"];

export const FALLBACK_SESSION_TITLE = "opencode-ledger: fallback compaction summary";

export interface FallbackDeps {
  client: Client;
  log: Logger;
  /** The model of the user message that started a session's compaction (seen by `chat.params`). */
  modelOf: (sessionID: string) => ModelRef | undefined;
}

const summaryFromModel = (client: Client, model: ModelRef, prompt: string): Promise<string> =>
  promptOnce(client, { title: FALLBACK_SESSION_TITLE, agent: "compaction", model, text: prompt });

/** Why `model` cannot write the fallback summary, or undefined when it can. */
export function unusableModel(model: ModelRef | undefined): string | undefined {
  if (!model) return "the session's model is not known";
  // The pointer model would be asked for a summary of its own: it has none to give, and asking it again loops.
  if (model.providerID === POINTER_PROVIDER_ID) return "the session itself runs on the pointer model";
  return undefined;
}

// Loaded when an extract is needed: it redacts, and the secret guard stays off the plugin's start path.
async function extractiveSummary(prompt: string, reason: string): Promise<string> {
  const { extractiveSummary: extract } = await import("./extractive-summary.js");
  return extract(prompt, reason);
}

export function createFallbackSummarizer(deps: FallbackDeps): (request: FallbackRequest) => Promise<string> {
  return async ({ sessionID, prompt }) => {
    const model = sessionID ? deps.modelOf(sessionID) : undefined;
    const unusable = unusableModel(model);
    if (unusable || !model) {
      const reason = unusable ?? "no model";
      deps.log.log("warn", `compaction of ${sessionID ?? "an unknown session"}: ${reason}, storing an extract`);
      return extractiveSummary(prompt, reason);
    }
    try {
      const text = await summaryFromModel(deps.client, model, prompt);
      if (text) {
        deps.log.log("info", `compaction of ${sessionID}: summary written by ${model.providerID}/${model.modelID}`);
        return text;
      }
      deps.log.log("warn", `compaction of ${sessionID}: the model wrote no summary, storing an extract`);
      return extractiveSummary(prompt, "the model wrote no summary");
    } catch (error) {
      deps.log.log("error", `compaction of ${sessionID}: fallback summary failed (${describeError(error)})`);
      return extractiveSummary(prompt, describeError(error));
    }
  };
}
