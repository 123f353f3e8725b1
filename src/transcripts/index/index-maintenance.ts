/**
 * The index looked at and made again as a whole (doctor and doctor --fix): its state, whether SQLite and FTS5 find it
 * sound, how much of the transcripts it covers; and a rebuild that drops the file and indexes every transcript from
 * its first line.
 */
import { listTranscripts } from "../listing.js";
import { catchUp } from "./index-catch-up.js";
import { holdsLastUnit } from "./index-update.js";
import { SearchIndex } from "./search-index.js";

export type IndexInspection =
  | { state: "absent" | "damaged" | "newer"; reason: string }
  | {
      state: "ok";
      transcripts: number;
      indexed: number;
      /** Transcripts the index does not cover to their end (ranked searches catch up on them). */
      behind: number;
      /** Sessions the index knows whose transcript is gone. */
      gone: number;
      units: number;
      bytes: number;
    };

interface Record {
  session_id: string;
  bytes: number;
  ino: number;
  mtime_ms: number;
  check_line: number;
  check_byte: number;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function inspectIndex(dataDir: string, transcriptsDir: string): Promise<IndexInspection> {
  const index = new SearchIndex(dataDir);
  try {
    const health = await index.forReading();
    if (!health.usable) return { state: health.state, reason: health.reason };
    const c = health.connection;
    try {
      const integrity = c.all<{ integrity_check: string }>("PRAGMA integrity_check").map((r) => r.integrity_check);
      if (integrity.join() !== "ok") return { state: "damaged", reason: integrity.slice(0, 3).join("; ") };
      c.run("INSERT INTO unit_text (unit_text) VALUES ('integrity-check')");
    } catch (error) {
      return { state: "damaged", reason: message(error) };
    }
    const rows = c.all<Record>("SELECT session_id, bytes, ino, mtime_ms, check_line, check_byte FROM sessions");
    const files = listTranscripts(transcriptsDir, "", true);
    const bySession = new Map(rows.map((r) => [r.session_id, r]));
    const present = new Set(files.map((f) => f.sessionID));
    const behind = files.filter((f) => {
      const row = bySession.get(f.sessionID);
      if (!row || row.bytes !== f.size || row.ino !== f.ino) return true;
      // Changed in place since it was indexed (a hand edit that removed a line, the file grown again by an export).
      return row.mtime_ms !== f.mtimeMs && !holdsLastUnit(row, f.path);
    }).length;
    const units = c.get<{ n: number }>("SELECT count(*) AS n FROM units")?.n ?? 0;
    const pages = c.get<{ n: number }>("PRAGMA page_count")?.n ?? 0;
    const pageSize = c.get<{ n: number }>("PRAGMA page_size")?.n ?? 0;
    return {
      state: "ok",
      transcripts: files.length,
      indexed: rows.filter((r) => present.has(r.session_id)).length,
      behind,
      gone: rows.filter((r) => !present.has(r.session_id)).length,
      units,
      bytes: pages * pageSize,
    };
  } finally {
    index.close();
  }
}

export interface Rebuilt {
  transcripts: number;
  units: number;
  bytes: number;
  failed: { sessionID: string; reason: string }[];
  elapsedMs: number;
}

/** Drops the index and indexes every transcript again. A newer index is left alone (the caller checks first). */
export async function rebuildIndex(dataDir: string, transcriptsDir: string): Promise<Rebuilt> {
  const started = performance.now();
  const index = new SearchIndex(dataDir);
  index.remove();
  const out: Rebuilt = { transcripts: 0, units: 0, bytes: 0, failed: [], elapsedMs: 0 };
  try {
    const health = await index.forWriting();
    if (!health.usable) throw new Error(health.reason);
    const files = listTranscripts(transcriptsDir, "", true);
    const caught = catchUp(health.connection, files, true, Number.POSITIVE_INFINITY);
    out.transcripts = caught.indexed;
    out.units = caught.units;
    out.bytes = caught.indexedBytes;
    out.failed = caught.failed.map((f) => ({ sessionID: f.file.sessionID, reason: f.reason }));
  } finally {
    index.close();
  }
  out.elapsedMs = performance.now() - started;
  return out;
}
