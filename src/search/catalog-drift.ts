/**
 * The transcripts the store's catalog knows that the index does not cover as the catalog records them: new to the
 * index, or grown past what it indexed (an export interrupted between the transcript and the index). The exporter
 * writes both in one step, so they nearly always agree, and one aggregate of the catalog (count and bytes) against
 * the index's own record shows it; only when they differ are the catalog's rows compared one by one.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../store/database.js";
import { type TranscriptFile, transcriptEntry } from "../transcripts/listing.js";
import { TRANSCRIPT_EXT, transcriptOfRelative } from "../transcripts/paths.js";

export interface CatalogDrift {
  /** Transcripts to bring into the index before the search, as they are on disk. */
  files: TranscriptFile[];
  /** Catalog rows compared one by one (0 when the aggregate agreed). */
  compared: number;
}

/** The index's record of the same transcripts: their count and bytes, and each one's on demand. */
export interface IndexedRecord {
  count: number;
  bytes: number;
  records(): Map<string, { size: number; ino: number }>;
}

/** The drift of the catalog of one project (`scope`) or of every project (undefined) against the index's record. */
export async function catalogDrift(
  database: Database,
  transcriptsDir: string,
  scope: string | undefined,
  indexed: IndexedRecord,
): Promise<CatalogDrift> {
  const where = scope === undefined ? sql`` : sql` WHERE scope = ${scope}`;
  // `all`, not `get`: the Bun driver returns a raw row of `get` as an array.
  const [total] = await database.read(
    (db) =>
      db.all<{ n: number; bytes: number }>(sql`SELECT count(*) AS n, total(bytes) AS bytes FROM transcripts${where}`),
    [],
  );
  if (!total || (total.n === indexed.count && total.bytes === indexed.bytes)) return { files: [], compared: 0 };
  const rows = await database.read(
    (db) =>
      db.all<{ session_id: string; path: string; bytes: number; scope: string }>(
        sql`SELECT session_id, path, bytes, scope FROM transcripts${where}`,
      ),
    [],
  );
  const byId = indexed.records();
  const files: TranscriptFile[] = [];
  for (const row of rows) {
    const known = byId.get(row.session_id);
    if (known && known.size === row.bytes) continue;
    const named = transcriptOfRelative(row.path);
    if (named?.sessionID !== row.session_id) continue;
    const entry = transcriptEntry(transcriptsDir, named.folder, `${named.sessionID}${TRANSCRIPT_EXT}`);
    // A row whose file is gone names nothing to search; one the index covers as the file now is needs nothing.
    if (!entry || (known && known.ino === entry.ino && known.size === entry.size)) continue;
    files.push({ ...entry, scope: row.scope });
  }
  return { files, compared: rows.length };
}
