/**
 * The boundary of every tool: whatever was thrown becomes an Error whose message is short and actionable (the host
 * marks the call as failed and shows the message to the model), never a result that looks like success.
 */
import { describeError } from "../errors.js";

export function toolError(error: unknown): Error {
  return new Error(describeError(error), { cause: error });
}
