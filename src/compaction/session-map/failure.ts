/**
 * The last tool call that failed: an error state, or a shell command that exited non-zero. A call the user aborted is
 * an interruption, not a failure.
 */
import type { ToolPart } from "@opencode-ai/sdk/v2";
import type { Failure } from "./map-types.js";
import { inputString, type ToolCall } from "./tool-calls.js";

const ABORTED = /^(?:Error: )?Tool execution aborted\b/;

/** The last non-empty line of `text`, where a shell usually says what went wrong. */
function lastLine(text: string): string {
  const lines = text.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] ?? "").trim();
    if (line) return line;
  }
  return "";
}

function callOf(part: ToolPart): string {
  const what =
    inputString(part, "command") ??
    inputString(part, "filePath") ??
    inputString(part, "path") ??
    inputString(part, "pattern") ??
    undefined;
  return what ? `${part.tool}: ${what}` : part.tool;
}

function failureOf(call: ToolCall): Failure | undefined {
  const { part } = call;
  const state = part.state;
  if (state.status === "error") {
    if (ABORTED.test(state.error)) return undefined;
    return { call: callOf(part), error: state.error, line: call.line };
  }
  if (state.status !== "completed") return undefined;
  const exit = state.metadata?.exit;
  if (typeof exit !== "number" || exit === 0) return undefined;
  const output = typeof state.metadata?.output === "string" ? state.metadata.output : state.output;
  const tail = lastLine(output);
  return { call: callOf(part), error: tail ? `exit ${exit}: ${tail}` : `exit ${exit}`, line: call.line };
}

export function lastFailureOf(calls: readonly ToolCall[]): Failure | undefined {
  for (let i = calls.length - 1; i >= 0; i--) {
    const failure = failureOf(calls[i] as ToolCall);
    if (failure) return failure;
  }
  return undefined;
}
