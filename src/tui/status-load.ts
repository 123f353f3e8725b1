/**
 * Reads the status figures from the store (kept apart from the cache so the TUI loads drizzle only when it first
 * reads, not when it starts).
 */
import { sql } from "drizzle-orm";
import { GLOBAL_SCOPE } from "../scope.js";
import type { Database } from "../store/database.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { StatusFigures } from "./status.js";

export interface StatusDeps {
  memory: MemoryStore;
  database: Database;
  project: string;
}

/** Reads the figures once; an absent store reads as zeros and is not created. */
export async function loadStatus(deps: StatusDeps, sessionID?: string): Promise<StatusFigures> {
  const stats = await deps.memory.stats([deps.project, GLOBAL_SCOPE]);
  const transcriptLines = sessionID ? await transcriptLinesOf(deps.database, sessionID) : null;
  return { entries: stats.byStatus.active, candidates: stats.byStatus.candidate, sessionID, transcriptLines };
}

/** Lines of a session's transcript from the store's index, or null when it has none. */
export async function transcriptLinesOf(database: Database, sessionID: string): Promise<number | null> {
  return database.read((db) => {
    // Plain SQL: raw `all` answers objects under both drivers, and only one column of the index is needed.
    const rows = db.all<{ lines: number }>(sql`SELECT lines FROM transcripts WHERE session_id = ${sessionID}`);
    return rows[0]?.lines ?? null;
  }, null);
}
