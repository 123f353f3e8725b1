/**
 * OpenCode treats a rejected hook as a defect that kills the caller (a prompt or a compaction fails). Every hook goes
 * through here: a failure is logged once per hook and message, and the host carries on.
 */
import { describeError } from "./errors.js";
import type { Logger } from "./log.js";

export function hookBoundary<I, O>(
  name: string,
  log: Logger,
  fn: (input: I, output: O) => Promise<void>,
): (input: I, output: O) => Promise<void> {
  const reported = new Set<string>();
  return async (input, output) => {
    try {
      await fn(input, output);
    } catch (error) {
      const message = describeError(error);
      if (reported.has(message)) return;
      reported.add(message);
      log.log("error", `${name}: ${message}`);
    }
  };
}
