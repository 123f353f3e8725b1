/**
 * Whether a turn runs in any session of this process, from the host's `session.status` events, so that the
 * background backfill rests while one does: it shares OpenCode's thread, and at its share of a core it slowed a turn
 * answered by a fast local model by about that share. One record per process (OpenCode builds the plugin once per
 * project, and the backfill runs once per process); every plugin instance feeds it its events.
 */

import { turnStatusOf } from "./session-events.js";

/** A session busy for longer than this without a word (its idle event lost) no longer holds the backfill back. */
export const BUSY_EXPIRES_MS = 30 * 60_000;

export interface TurnActivity {
  /** Takes any host event; returns at once. */
  onEvent(event: unknown): void;
  /** True while a session is in a turn. */
  busy(): boolean;
}

export function createTurnActivity(clock: () => number = Date.now): TurnActivity {
  /** Busy sessions and when they were last said to be busy. */
  const since = new Map<string, number>();
  return {
    onEvent(event) {
      const status = turnStatusOf(event);
      if (!status) return;
      if (status.busy) since.set(status.sessionID, clock());
      else since.delete(status.sessionID);
    },
    busy() {
      const now = clock();
      for (const [sessionID, at] of since) {
        if (now - at <= BUSY_EXPIRES_MS) return true;
        since.delete(sessionID);
      }
      return false;
    },
  };
}

/** The turns of this process, for the backfill it schedules. */
export const processTurns: TurnActivity = createTurnActivity();
