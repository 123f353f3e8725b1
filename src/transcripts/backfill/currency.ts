/**
 * Keeps transcripts current between compactions: a session's new messages reach its transcript when it goes idle,
 * and a session deleted in OpenCode is marked orphaned at once (then swept, unless `retention.keepDeleted`). The
 * event hook only queues the work and returns: the export runs after the turn, on a timer, one at a time per session
 * (an idle that arrives during its export runs it once more afterwards). Nothing here throws into the host.
 */

import type { DataContext } from "../../data-context.js";
import { describeError } from "../../errors.js";
import type { Transcripts } from "../transcripts.js";
import { sessionEventOf } from "./session-events.js";

export interface CurrencyDeps {
  data: DataContext;
  transcripts: Transcripts;
  /** Delay before an idle session is exported (default 0: the next turn of the event loop, after the host's own work). */
  delayMs?: number;
}

export interface Currency {
  /** Takes any host event; returns at once. */
  onEvent(event: unknown): void;
  /** Resolves when no queued work is left (tests, benchmarks). */
  settled(): Promise<void>;
}

export function createCurrency({ data, transcripts, delayMs = 0 }: CurrencyDeps): Currency {
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const work = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    work.add(p);
    void p.finally(() => work.delete(p));
  };

  const exportIdle = (sessionID: string): void => {
    if (running.has(sessionID)) {
      again.add(sessionID);
      return;
    }
    const run = (async () => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      do {
        again.delete(sessionID);
        try {
          await transcripts.export(sessionID);
        } catch (error) {
          data.log.log("warn", `transcript of idle session ${sessionID}: ${describeError(error)}`);
        }
      } while (again.has(sessionID));
      running.delete(sessionID);
    })();
    running.set(sessionID, run);
    track(run);
  };

  const markDeleted = (sessionID: string): void => {
    track(
      (async () => {
        try {
          const { markOrphaned, sweepDeleted } = await import("../retention/orphans.js");
          const marked = await markOrphaned(data, [sessionID]);
          if (marked.length === 0) return;
          data.log.log("info", `transcript ${sessionID}: OpenCode deleted the session; marked orphaned`);
          await sweepDeleted(data, transcripts.source, marked);
        } catch (error) {
          data.log.log("warn", `transcript of deleted session ${sessionID}: ${describeError(error)}`);
        }
      })(),
    );
  };

  return {
    onEvent(event) {
      const seen = sessionEventOf(event);
      if (seen?.kind === "idle") exportIdle(seen.sessionID);
      else if (seen?.kind === "deleted") markDeleted(seen.sessionID);
    },
    async settled() {
      while (work.size > 0) await Promise.all([...work]);
    },
  };
}
