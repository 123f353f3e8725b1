/**
 * The start-up transcript sweep: scheduled only when the `retention` options set a rule, after a delay so it never
 * competes with OpenCode's own start, on a timer that never keeps the process alive.
 */
import type { Options } from "../../options.js";
import type { Transcripts } from "../transcripts.js";

export const AUTO_SWEEP_DELAY_MS = 30_000;

/** True when a sweep was scheduled. */
export function scheduleAutoSweep(
  transcripts: Transcripts,
  retention: Options["retention"],
  delayMs = AUTO_SWEEP_DELAY_MS,
): boolean {
  if (!retention.autoSweep || (retention.retentionDays === 0 && retention.maxSessions === 0)) return false;
  const timer = setTimeout(() => void transcripts.autoSweep(), delayMs);
  timer.unref?.();
  return true;
}
