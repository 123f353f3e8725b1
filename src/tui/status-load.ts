/**
 * Reads the status figures from the store (kept apart from the cache, so the TUI loads drizzle when it first reads,
 * not when it starts). An absent store reads as zeros and is not created.
 */
import { GLOBAL_SCOPE, teamScope } from "../scope.js";
import type { Database } from "../store/database.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { SessionSettingsStore } from "../store/session-settings.js";
import { isRunning, readProgress } from "../transcripts/backfill/backfill-progress.js";
import { getTranscript } from "../transcripts/catalog.js";
import type { StatusFigures } from "./status.js";

export interface StatusDeps {
  memory: MemoryStore;
  database: Database;
  settings: SessionSettingsStore;
  project: string;
  /** Whether the recall at the point of action is on (option `actionRecall.enabled`). */
  actionRecall: boolean;
}

export async function loadStatus(deps: StatusDeps, sessionID?: string): Promise<StatusFigures> {
  // The same scopes as /memory's figures (this project, its team memory, global), so the two always agree.
  const stats = await deps.memory.stats([deps.project, teamScope(deps.project), GLOBAL_SCOPE]);
  const figures: StatusFigures = {
    entries: stats.byStatus.active,
    candidates: stats.byStatus.candidate,
    sessionID,
    transcriptLines: null,
    injectionOff: false,
    actionRecall: deps.actionRecall,
  };
  const backfill = readProgress(deps.database.dataDir);
  if (isRunning(backfill)) {
    const { done, total, indexing } = backfill;
    figures.backfill = indexing
      ? { done, total, indexing: { done: indexing.done, total: indexing.total } }
      : { done, total };
  }
  if (!sessionID) return figures;
  figures.transcriptLines = await transcriptLinesOf(deps.database, sessionID);
  figures.injectionOff = (await deps.settings.get(sessionID)).injectionOff;
  return figures;
}

/** Lines of a session's transcript from the store's index, or null when it has none. */
export async function transcriptLinesOf(database: Database, sessionID: string): Promise<number | null> {
  return database.read((_, c) => getTranscript(c, sessionID)?.lines ?? null, null);
}
