/**
 * The small memory status the TUI shows beside the prompt: live entries, candidates waiting, and how long this
 * session's transcript is. Loaded in the background, cached, refreshed when something relevant happened; rendering
 * only ever reads the cache, so it never waits on the disk.
 */
import { plural } from "../human-units.js";

export interface StatusFigures {
  /** Active entries of this project, its team memory and global (the scopes /memory counts). */
  entries: number;
  candidates: number;
  /** The session the transcript figure belongs to, and its length in lines (null: not exported yet). */
  sessionID?: string;
  transcriptLines: number | null;
  /** The person switched memory injection off for that session. */
  injectionOff: boolean;
  /** The recall at the point of action is on (option `actionRecall.enabled`). */
  actionRecall: boolean;
  /**
   * A backfill under way (in any process sharing the data folder): sessions handled of those listed, then, in its
   * second pass, transcripts indexed of those behind.
   */
  backfill?: { done: number; total: number; indexing?: { done: number; total: number } };
}

/**
 * "mem 12 · 2 to review · transcript 340 lines · compacted, 0 tokens · injection off · recall off · backfill
 * 120/2000": the session parts only for
 * the session the figures were loaded for; `compaction` is what the last compaction of that session came to.
 */
export function statusText(figures: StatusFigures | undefined, sessionID?: string, compaction?: string): string {
  if (!figures) return "mem …";
  const parts = [`mem ${figures.entries}`];
  if (figures.candidates > 0) parts.push(`${figures.candidates} to review`);
  const forSession = sessionID !== undefined && figures.sessionID === sessionID;
  if (forSession && figures.transcriptLines !== null) {
    parts.push(`transcript ${plural(figures.transcriptLines, "line", "lines")}`);
  }
  if (forSession && compaction) parts.push(compaction);
  if (forSession && figures.injectionOff) parts.push("injection off");
  // A session with memory switched off gets no recall either.
  parts.push(figures.actionRecall && !(forSession && figures.injectionOff) ? "recall on" : "recall off");
  const backfill = figures.backfill;
  if (backfill?.indexing) parts.push(`backfill indexing ${backfill.indexing.done}/${backfill.indexing.total}`);
  else if (backfill) parts.push(`backfill ${backfill.done}/${backfill.total}`);
  return parts.join(" · ");
}

/** The status with a mark in front (options to fix, a refused start), when there is one. */
export function withMark(mark: string | undefined, text: string): string {
  return mark ? `${mark} · ${text}` : text;
}

export interface StatusCache {
  current(): StatusFigures | undefined;
  /** Reloads in the background (for `sessionID` when given, else for the last session asked about). */
  refresh(sessionID?: string): void;
  /** Loads for `sessionID` unless the cache already holds that session's figures or a load is under way. */
  ensure(sessionID?: string): void;
  onChange(listener: (figures: StatusFigures) => void): () => void;
  /** Resolves when no load is under way (tests, shutdown). */
  idle(): Promise<void>;
}

/**
 * A cache over `load`. Loads never overlap: a refresh asked for during a load runs once after it. A failed load keeps
 * the last figures and reports the error once per distinct message.
 */
export function createStatusCache(
  load: (sessionID?: string) => Promise<StatusFigures>,
  onError: (error: unknown) => void,
): StatusCache {
  let figures: StatusFigures | undefined;
  let session: string | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let lastError = "";
  const listeners = new Set<(figures: StatusFigures) => void>();

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          figures = await load(session);
          lastError = "";
          for (const listener of listeners) listener(figures);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (message !== lastError) onError(error);
          lastError = message;
        }
      } while (again);
      running = undefined;
    })();
    return running;
  };

  return {
    current: () => figures,
    refresh(sessionID) {
      if (sessionID !== undefined) session = sessionID;
      void run();
    },
    ensure(sessionID) {
      if (sessionID === session && (figures !== undefined || running)) return;
      session = sessionID;
      void run();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async idle() {
      while (running) await running;
    },
  };
}
