/**
 * The one boundary between the tools and the host: whatever a tool throws becomes a short result that reads as an
 * error (it starts with "Error:"), never as success, and is bounded like every other result.
 */
import { describeError } from "../errors.js";

const MAX_ERROR_CHARS = 2_000;

export function errorResult(error: unknown): string {
  const message = describeError(error);
  const text = message.length > MAX_ERROR_CHARS ? `${message.slice(0, MAX_ERROR_CHARS)}…` : message;
  return `Error: ${text}`;
}

/** Runs a tool's work; a thrown error is rendered by `errorResult`. */
export async function toolBoundary(work: () => Promise<string>): Promise<string> {
  try {
    return await work();
  } catch (error) {
    return errorResult(error);
  }
}
