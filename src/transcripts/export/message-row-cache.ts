/**
 * The message rows of the last few sessions this process exported, kept between exports so an append does not read
 * 2,000 rows back from the store. An entry is used only while the transcript's index row still has the lines, bytes
 * and export time it had when the entry was made; any other writer changes at least one of them when it appends.
 */
import type { TranscriptRow } from "../../store/schema.js";
import type { UnitRow } from "../catalog.js";

const MAX_SESSIONS = 16;

interface Entry {
  stamp: string;
  rows: Map<string, UnitRow>;
}

const byStore = new WeakMap<object, Map<string, Entry>>();

export function stampOf(row: Pick<TranscriptRow, "lines" | "bytes" | "exportedAt" | "repairs">): string {
  return `${row.lines}:${row.bytes}:${row.exportedAt}:${row.repairs}`;
}

/** The rows remembered for this session, when they still match `row`. */
export function recall(
  store: object,
  sessionID: string,
  row: TranscriptRow | undefined,
): Map<string, UnitRow> | undefined {
  const entry = byStore.get(store)?.get(sessionID);
  return entry && row && entry.stamp === stampOf(row) ? entry.rows : undefined;
}

export function remember(store: object, sessionID: string, stamp: string, rows: Map<string, UnitRow>): void {
  const sessions = byStore.get(store) ?? new Map<string, Entry>();
  byStore.set(store, sessions);
  sessions.delete(sessionID);
  sessions.set(sessionID, { stamp, rows });
  for (const oldest of sessions.keys()) {
    if (sessions.size <= MAX_SESSIONS) break;
    sessions.delete(oldest);
  }
}

export function forget(store: object, sessionID: string): void {
  byStore.get(store)?.delete(sessionID);
}
