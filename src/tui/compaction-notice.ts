/**
 * The toast after a compaction: how long the saved transcript is and what the summary cost. The cost is 0 tokens when
 * the in-process pointer model wrote the summary (it never reaches a provider) or when the host reports no tokens.
 */
import type { AssistantMessage, Message } from "@opencode-ai/sdk/v2";
import { plural } from "../human-units.js";

/** The provider id of the in-process pointer model the server part registers for compaction. */
export const POINTER_PROVIDER_ID = "ledger";

export interface CompactionNotice {
  variant: "success" | "warning";
  message: string;
  /** The same in a few words, for the status beside the prompt ("compacted, 0 tokens"). */
  label: string;
}

/** The newest compaction summary among a session's messages, if the TUI has it. */
export function latestSummary(messages: readonly Message[]): AssistantMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === "assistant" && message.summary === true) return message;
  }
  return undefined;
}

/** Tokens the summary cost at a provider: 0 for the pointer model, else what the host recorded. */
export function summaryTokens(summary: AssistantMessage | undefined): number | undefined {
  if (!summary) return undefined;
  if (summary.providerID === POINTER_PROVIDER_ID) return 0;
  const t = summary.tokens;
  return t.input + t.output + t.reasoning + t.cache.read + t.cache.write;
}

export function compactionNotice(
  transcriptLines: number | null,
  summary: AssistantMessage | undefined,
): CompactionNotice {
  if (transcriptLines === null) {
    return {
      variant: "warning",
      message:
        "compacted, but no transcript was saved for this session: is the opencode-ledger server plugin enabled in opencode.json?",
      label: "compacted, no transcript saved",
    };
  }
  const tokens = summaryTokens(summary);
  const cost =
    tokens === undefined
      ? "summary cost unknown"
      : tokens === 0
        ? "0 tokens"
        : `${tokens} tokens (summary by ${summary?.providerID}/${summary?.modelID})`;
  return {
    variant: "success",
    message: `transcript saved: ${plural(transcriptLines, "line", "lines")}, ${cost}`,
    label: `compacted, ${tokens === undefined ? "cost unknown" : `${tokens} tokens`}`,
  };
}
