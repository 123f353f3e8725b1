/** The tool calls of a session in order, with the message each belongs to and the line it was last written at. */
import type { ToolPart } from "@opencode-ai/sdk/v2";
import type { FactsInput } from "./map-types.js";

export interface ToolCall {
  part: ToolPart;
  line: number | undefined;
  /** Position in the session, counting every tool call. */
  order: number;
}

export function toolCallsOf(input: FactsInput): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const message of input.messages) {
    if (message.info.role !== "assistant" || message.info.summary === true) continue;
    for (const part of message.parts) {
      if (part.type !== "tool") continue;
      calls.push({
        part,
        line: input.lines.part(part.id) ?? input.lines.message(message.info.id),
        order: calls.length,
      });
    }
  }
  return calls;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A string field of a tool's input, or undefined. */
export function inputString(part: ToolPart, key: string): string | undefined {
  const value = (part.state.input as Record<string, unknown> | undefined)?.[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}
