/**
 * The index looked at and made again as a whole (doctor and doctor --fix): its state, whether SQLite and FTS5 find it
 * sound, how much of the transcripts it covers; and a rebuild that drops the file and indexes every transcript from
 * its first line.
 */
import fs from "node:fs";
import path from "node:path";
import { DATABASE_FILES, databaseBytes } from "../../store/database-files.js";
import { checkOwnPath } from "../../store/private-path.js";
import { listTranscripts } from "../listing.js";
import { catchUp } from "./index-catch-up.js";
import { connectIndex } from "./index-connection.js";
import { holdsLastUnit } from "./resume-point.js";
import { INDEX_FILE, INDEX_FIX, type IndexState, SearchIndex } from "./search-index.js";

/** Bytes the index takes on disk: the file with its -wal and -shm (a busy index holds megabytes in its WAL). */
export function indexDiskBytes(dataDir: string): number {
  return databaseBytes(path.join(dataDir, INDEX_FILE));
}

export type IndexInspection =
  | { state: IndexState; reason: string; fix: string }
  | {
      state: "ok";
      transcripts: number;
      indexed: number;
      /** Transcripts the index does not cover to their end (ranked searches catch up on them). */
      behind: number;
      /** Sessions the index knows whose transcript is gone. */
      gone: number;
      units: number;
      /** On disk, with the -wal and -shm. */
      bytes: number;
      /** FTS5 segments (MANY_SEGMENTS and more: fragmented). */
      segments: number;
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
const damaged = (reason: string): IndexInspection => ({ state: "damaged", reason, fix: INDEX_FIX.damaged });

export async function inspectIndex(dataDir: string, transcriptsDir: string): Promise<IndexInspection> {
  const index = new SearchIndex(dataDir);
  // Measured before it is opened: the opening adds a -shm of its own.
  const bytes = indexDiskBytes(dataDir);
  try {
    const health = await index.forReading();
    if (!health.usable) return { state: health.state, reason: health.reason, fix: health.fix };
    const c = health.connection;
    try {
      const integrity = c.all<{ integrity_check: string }>("PRAGMA integrity_check").map((r) => r.integrity_check);
      if (integrity.join() !== "ok") return damaged(integrity.slice(0, 3).join("; "));
      c.run("INSERT INTO unit_text (unit_text) VALUES ('integrity-check')");
      c.run("INSERT INTO marker_text (marker_text) VALUES ('integrity-check')");
    } catch (error) {
      return damaged(message(error));
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
    return {
      state: "ok",
      transcripts: files.length,
      indexed: rows.filter((r) => present.has(r.session_id)).length,
      behind,
      gone: rows.filter((r) => !present.has(r.session_id)).length,
      units,
      bytes,
      segments: segmentCount(c),
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

/**
 * Drops the index and indexes every transcript again. A newer index is left alone (the caller checks first). An
 * index another process has open (OpenCode running) is not removed: that process would go on with the deleted file,
 * and its closing would delete the new file's WAL by name (SQLite's "unlinking a database in use"); it says so instead.
 */
export async function rebuildIndex(dataDir: string, transcriptsDir: string): Promise<Rebuilt | InUse> {
  const started = performance.now();
  const index = new SearchIndex(dataDir);
  const claim = await claimIndex(index.file);
  if ("inUse" in claim) return claim;
  index.remove();
  claim.release();
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

/** The index is open in another process: nothing was changed. */
export interface InUse {
  inUse: string;
}

/**
 * Takes the index file for this process alone, without changing it: SQLite's exclusive locking mode, then a read and
 * an exclusive transaction, which fail at once while another connection has it open (in WAL mode each holds a lock
 * that this one needs). Held until `release`; a file that does not exist or is no database is nobody's.
 */
export async function claimIndex(file: string): Promise<{ release(): void } | InUse> {
  for (const suffix of DATABASE_FILES) checkOwnPath(file + suffix, "file");
  if (!fs.existsSync(file)) return { release: () => undefined };
  let connection: Awaited<ReturnType<typeof connectIndex>>;
  try {
    connection = await connectIndex(file, { readonly: false });
  } catch {
    return { release: () => undefined };
  }
  try {
    connection.exec("PRAGMA busy_timeout = 0");
    connection.exec("PRAGMA locking_mode = EXCLUSIVE");
    connection.get("SELECT count(*) FROM sqlite_master");
    connection.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    connection.close();
    const text = message(error);
    if (/locked|busy/i.test(text)) {
      return {
        inUse: `${file} is open in another process (OpenCode running?): it was left as it is; close OpenCode, then run "opencode-ledger doctor --fix" again`,
      };
    }
    return { release: () => undefined }; // not a database: nobody can have it open as one
  }
  return {
    release: () => {
      try {
        connection.exec("ROLLBACK");
      } catch {
        // nothing open
      }
      connection.close();
    },
  };
}

/**
 * Moves a file that is no index of ours aside (`search-index.db.not-an-index-<time>`, with its -wal and -shm), so
 * nothing of it is lost and the index can be made in its place. Refused while another process has it open.
 */
export async function setAsideIndex(dataDir: string, now = new Date()): Promise<string | InUse> {
  const file = path.join(dataDir, INDEX_FILE);
  const claim = await claimIndex(file);
  if ("inUse" in claim) return claim;
  const aside = `${file}.not-an-index-${now.toISOString().replace(/[:.]/g, "-")}`;
  try {
    for (const suffix of DATABASE_FILES) {
      if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, aside + suffix);
    }
  } finally {
    claim.release();
  }
  return aside;
}

/**
 * The segments of the index's FTS5 table, from its structure record (a 4-byte cookie, the 4-byte mark of its second
 * version, then the levels and the segments as varints): each commit adds one, and a lookup reads every segment, so many of them make ranked
 * searches slower until they are merged.
 */
export function segmentCount(connection: Awaited<ReturnType<typeof connectIndex>>): number {
  const row = connection.get<{ block: Uint8Array }>("SELECT block FROM unit_text_data WHERE id = 10");
  if (!row?.block) return 0;
  const bytes = row.block;
  // After the cookie, a table with contentless_delete=1 writes the marker of the record's second version.
  let at = bytes[4] === 0xff && bytes[5] === 0 && bytes[6] === 0 && bytes[7] === 1 ? 8 : 4;
  const varint = () => {
    let value = 0;
    for (let i = 0; i < 9 && at < bytes.length; i++) {
      const b = bytes[at++] as number;
      value = value * 128 + (b & 0x7f);
      if ((b & 0x80) === 0) break;
    }
    return value;
  };
  varint(); // levels
  return varint();
}

/**
 * Segments from which doctor calls the index fragmented and --fix merges it. FTS5 merges as it goes (automerge 4 a
 * level, at 16 at the latest), so an index keeps a few a level; far more means a lookup reads many for one.
 */
export const MANY_SEGMENTS = 24;

export interface CaughtUp {
  transcripts: number;
  forgotten: number;
  mergeSteps: number;
  segments: { before: number; after: number };
}

/**
 * Brings an index in use up to date in place, beside any other process (each update is its own transaction): the
 * transcripts not indexed to their end are indexed, sessions whose transcript is gone are forgotten, and the index's
 * segments merged (a step at a time, other work going on between steps).
 */
export async function catchUpIndex(dataDir: string, transcriptsDir: string): Promise<CaughtUp> {
  const index = new SearchIndex(dataDir);
  try {
    const health = await index.forWriting();
    if (!health.usable) throw new Error(health.reason);
    const c = health.connection;
    const files = listTranscripts(transcriptsDir, "", true);
    const present = new Set(files.map((f) => f.sessionID));
    const gone = c
      .all<{ session_id: string }>("SELECT session_id FROM sessions")
      .filter((r) => !present.has(r.session_id));
    for (const row of gone) await index.forget(row.session_id);
    const caught = catchUp(c, files, true, Number.POSITIVE_INFINITY);
    const before = segmentCount(c);
    const mergeSteps = await index.settleRemovals(true);
    return {
      transcripts: caught.indexed,
      forgotten: gone.length,
      mergeSteps,
      segments: { before, after: segmentCount(c) },
    };
  } finally {
    index.close();
  }
}
