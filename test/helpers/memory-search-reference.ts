/**
 * The memory search as it was before it ranked from the all-prefix match: one query ranking and tiering every entry
 * that holds any word as a prefix, and an exact count. The ranking test proves the search answers what this answers;
 * the memory bench times both in one run.
 */
import { inArray, sql } from "drizzle-orm";
import type { LedgerDatabase } from "../../src/store/driver.js";
import { entryFilter, toView } from "../../src/store/entry-row.js";
import { matchExpressions, queryWords } from "../../src/store/fts-query.js";
import type { SearchQuery } from "../../src/store/memory-types.js";
import { entries } from "../../src/store/schema.js";

export function referenceSearch(db: LedgerDatabase, query: SearchQuery, now: number) {
  const { words } = queryWords(query.query);
  const match = matchExpressions(words);
  const where = entryFilter(query, now);
  const limit = Math.max(1, Math.min(query.limit ?? 20, 1_000));
  const offset = Math.max(0, query.offset ?? 0);
  const BM25 = sql`bm25(entries_fts, 8.0, 1.0, 4.0, 2.0)`;
  const from = sql`FROM entries_fts JOIN ${entries} ON ${entries.seq} = entries_fts.rowid WHERE entries_fts MATCH ${match.anyPrefix} AND ${where}`;
  const prefer = query.preferScope ?? null;
  const rows = db.all<{ id: string; rank: number; tier: number }>(sql`
    SELECT ${entries.id} AS id, ${BM25} AS rank,
      CASE WHEN ${entries.seq} IN (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ${match.all}) THEN 1
           WHEN ${entries.seq} IN (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ${match.allPrefix}) THEN 2
           ELSE 3 END AS tier
    ${from}
    ORDER BY tier, rank, CASE WHEN ${entries.scope} = ${prefer} THEN 0 ELSE 1 END, ${entries.updatedAt} DESC
    LIMIT ${limit} OFFSET ${offset}`);
  const total = db.all<{ n: number }>(sql`SELECT count(*) AS n ${from}`)[0]?.n ?? 0;
  const byId = new Map(
    rows.length === 0
      ? []
      : db
          .select()
          .from(entries)
          .where(
            inArray(
              entries.id,
              rows.map((r) => r.id),
            ),
          )
          .all()
          .map((r) => [r.id, toView(r)] as const),
  );
  return { items: rows.map((r) => ({ entry: byId.get(r.id), rank: r.rank, tier: r.tier })), total };
}
