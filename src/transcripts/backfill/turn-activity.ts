/**
 * Whether a turn runs in any session of this process, from the host's `session.status` events, so that the
 * background backfill rests while one does: it shares OpenCode's thread, and at its share of a core it slowed a turn
 * answered by a fast local model by about that share. It also rests for a moment after any event of a session or a
 * message: a session being created, or a prompt on its way to its turn, comes before the turn's status, and a slice
 * of the backfill started then held the first prompt back by a few hundred milliseconds. One record per process
 * (OpenCode builds the plugin once per project, and the backfill runs once per process); every plugin instance feeds
 * it its events.
 */

import { isSessionActivity, turnStatusOf } from "./session-events.js";

/** A session busy for longer than this without a word (its idle event lost) no longer holds the backfill back. */
export const BUSY_EXPIRES_MS = 30 * 60_000;

/** How long after the last event of a session or a message the backfill still rests. */
export const QUIET_MS = 1_000;

export interface TurnActivity {
  /** Takes any host event; returns at once. */
  onEvent(event: unknown): void;
  /** True while a session is in a turn, and for QUIET_MS after the last event of a session or a message. */
  busy(): boolean;
}

export function createTurnActivity(clock: () => number = Date.now): TurnActivity {
  /** Busy sessions and when they were last said to be busy. */
  const since = new Map<string, number>();
  let lastActivity = Number.NEGATIVE_INFINITY;
  return {
    onEvent(event) {
      if (isSessionActivity(event)) lastActivity = clock();
      const status = turnStatusOf(event);
      if (!status) return;
      if (status.busy) since.set(status.sessionID, clock());
      else since.delete(status.sessionID);
    },
    busy() {
      const now = clock();
      if (now - lastActivity < QUIET_MS) return true;
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
