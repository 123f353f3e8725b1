/**
 * What the TUI says about a backfill, from the progress file it writes (src/transcripts/backfill/backfill-progress.ts):
 * a toast when one starts turning past sessions into transcripts and one when it is done ("312 past sessions are now
 * searchable"), each once per run. A run that found everything current says nothing.
 */
import { plural } from "../human-units.js";
import type { BackfillProgress } from "../transcripts/backfill/backfill-progress.js";

export interface BackfillNews {
  /** The run (by its start time) whose start, and whose end, were already told. */
  toldStart?: number;
  toldEnd?: number;
}

/**
 * The toast for `progress` as seen now, if any, and what has been told since. `since`: when the TUI started; a run
 * that ended before it is old news.
 */
export function backfillNews(
  told: BackfillNews,
  progress: BackfillProgress | undefined,
  running: boolean,
  since: number,
): { toast?: { variant: "info" | "success"; message: string }; told: BackfillNews } {
  if (!progress) return { told };
  const run = progress.startedAt;
  if (running && progress.exported > 0 && told.toldStart !== run) {
    const message = `backfill: making ${plural(progress.total, "past session", "past sessions")} searchable; the status line shows how far it is`;
    return { toast: { variant: "info", message }, told: { ...told, toldStart: run } };
  }
  const ended = progress.finishedAt;
  if (ended !== undefined && ended >= since && progress.exported > 0 && told.toldEnd !== run) {
    const now =
      progress.exported === 1
        ? "1 past session is"
        : `${plural(progress.exported, "past session", "past sessions")} are`;
    return { toast: { variant: "success", message: `${now} now searchable` }, told: { toldStart: run, toldEnd: run } };
  }
  return { told };
}
