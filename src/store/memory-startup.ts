/**
 * The memory purge after start-up (expired entries and old trash). Plugin load stays cheap: nothing is opened or created then; a little later, and
 * only when a store already exists, expired entries and old trash are purged.
 */
import { describeError } from "../errors.js";
import type { Logger } from "../log.js";
import type { MemoryStore } from "./memory-store.js";

/** Long enough for OpenCode to finish booting before we touch the disk. */
export const STARTUP_PURGE_DELAY_MS = 5_000;

/**
 * Schedules one purge when `retention.autoPurge` is on (the transcript sweep's switch has no say in it); returns a
 * function that cancels it, or undefined when nothing was scheduled. The timer never keeps the process alive.
 */
export function scheduleStartupPurge(
  memory: MemoryStore,
  log: Logger,
  retention: { autoPurge: boolean },
  delayMs = STARTUP_PURGE_DELAY_MS,
): (() => void) | undefined {
  if (!retention.autoPurge) return undefined;
  const timer = setTimeout(() => {
    memory.purgeDueIfAny().then(
      ({ expired, purged }) => {
        if (expired + purged > 0)
          log.log("info", `memory purge: ${expired} expired and ${purged} old trashed entries removed`);
      },
      (error: unknown) => log.log("warn", `memory purge skipped: ${describeError(error)}`),
    );
  }, delayMs);
  timer.unref?.();
  return () => clearTimeout(timer);
}
