/**
 * Before a ranked search: the transcripts in scope that the index does not cover to their end (exported before the
 * index existed, or by an export interrupted between the transcript and the index) are indexed now, up to a byte
 * budget; what is left over is said in the coverage line, never searched silently.
 */
import type { TranscriptFile } from "../targets.js";
import type { IndexConnection } from "./index-connection.js";
import { refreshIndex } from "./index-update.js";

/** Transcript bytes one search may index before it answers. */
export const CATCH_UP_BYTES = 64 * 1024 * 1024;

export interface CatchUp {
  /** Transcripts indexed (or brought up to date) by this search. */
  indexed: number;
  indexedBytes: number;
  /** Transcripts not (fully) in the index and left out of this search. */
  leftOut: TranscriptFile[];
  /** Transcripts whose update failed, with the reason. */
  failed: { file: TranscriptFile; reason: string }[];
}

interface Covered {
  session_id: string;
  bytes: number;
  ino: number;
}

export function catchUp(
  connection: IndexConnection,
  files: readonly TranscriptFile[],
  everything: boolean,
  budget = CATCH_UP_BYTES,
): CatchUp {
  const rows = everything
    ? connection.all<Covered>("SELECT session_id, bytes, ino FROM sessions")
    : connection.all<Covered>(
        "SELECT session_id, bytes, ino FROM sessions WHERE session_id IN (SELECT value FROM json_each(?))",
        JSON.stringify(files.map((f) => f.sessionID)),
      );
  const covered = new Map(rows.map((r) => [r.session_id, r]));
  const out: CatchUp = { indexed: 0, indexedBytes: 0, leftOut: [], failed: [] };
  let spent = 0;
  for (const file of files) {
    const row = covered.get(file.sessionID);
    if (row && row.ino === file.ino && row.bytes === file.size) continue;
    const cost = row && row.ino === file.ino && row.bytes <= file.size ? file.size - row.bytes : file.size;
    if (spent + cost > budget) {
      out.leftOut.push(file);
      continue;
    }
    spent += cost;
    try {
      const refresh = refreshIndex(connection, file);
      out.indexed++;
      out.indexedBytes += refresh.addedBytes;
    } catch (error) {
      out.failed.push({ file, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return out;
}
