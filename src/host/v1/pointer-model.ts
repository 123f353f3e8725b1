/**
 * The in-process language model that serves OpenCode's `compaction` agent in `pointer` mode: it answers with the
 * pointer found between the markers of the compaction prompt and never touches the network. When the prompt holds no
 * pointer (the transcript could not be written), it asks the plugin instance for a real summary instead.
 *
 * Only the parts of the AI SDK's LanguageModelV3 contract that OpenCode 1.18 uses are typed here.
 */
import { extractiveSummary } from "./extractive-summary.js";
import { extractPointer } from "./markers.js";

interface PromptPart {
  type: string;
  text?: string;
}

export interface PromptMessage {
  role: string;
  content: string | PromptPart[];
}

export interface CallOptions {
  prompt: PromptMessage[];
  headers?: Record<string, string | undefined>;
  tools?: unknown[];
  abortSignal?: AbortSignal;
}

/** What the plugin gets when a compaction arrives without a pointer. */
export interface FallbackRequest {
  sessionID: string | undefined;
  /** The user part of the compaction prompt: OpenCode's own summary instructions and the history. */
  prompt: string;
  abortSignal?: AbortSignal;
}

export interface PointerModelOptions {
  /** The provider id OpenCode registered us under. */
  name?: string;
  /** Supplied by the plugin instance through the provider options: a real summary for a compaction without pointer. */
  summarize?: (request: FallbackRequest) => Promise<string>;
}

const ZERO_USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};
const STOP = { unified: "stop", raw: "stop" };

export const NOT_FOR_CHAT =
  "[opencode-ledger] This model only writes compaction pointers and cannot chat. Pick your own model (/models) and send the message again.";

function textOf(message: PromptMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content
    .filter((p) => p.type === "text")
    .map((p) => p.text ?? "")
    .join("\n");
}

function sessionOf(headers: CallOptions["headers"]): string | undefined {
  if (!headers) return undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (/^x-(session-affinity|session-id|opencode-session)$/i.test(key) && value) return value;
  }
  return undefined;
}

/** The text the model answers `call` with. */
export async function answer(call: CallOptions, options: PointerModelOptions): Promise<string> {
  const userText = call.prompt
    .filter((m) => m.role !== "system")
    .map(textOf)
    .join("\n\n");
  const pointer = extractPointer(userText);
  if (pointer) return pointer;
  // OpenCode's compaction call carries no tools; anything else is a chat turn sent here by mistake.
  if ((call.tools?.length ?? 0) > 0) return NOT_FOR_CHAT;
  if (!options.summarize) return extractiveSummary(userText, "the plugin instance is not reachable");
  try {
    return await options.summarize({
      sessionID: sessionOf(call.headers),
      prompt: userText,
      abortSignal: call.abortSignal,
    });
  } catch (error) {
    return extractiveSummary(userText, error instanceof Error ? error.message : String(error));
  }
}

export function pointerLanguageModel(modelId: string, options: PointerModelOptions) {
  return {
    specificationVersion: "v3" as const,
    provider: options.name ?? "opencode-ledger",
    modelId,
    supportedUrls: {},
    async doGenerate(call: CallOptions) {
      const text = await answer(call, options);
      return { content: [{ type: "text", text }], finishReason: STOP, usage: ZERO_USAGE, warnings: [] };
    },
    async doStream(call: CallOptions) {
      const text = await answer(call, options);
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue({ type: "stream-start", warnings: [] });
          controller.enqueue({ type: "text-start", id: "pointer" });
          controller.enqueue({ type: "text-delta", id: "pointer", delta: text });
          controller.enqueue({ type: "text-end", id: "pointer" });
          controller.enqueue({ type: "finish", finishReason: STOP, usage: ZERO_USAGE });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
