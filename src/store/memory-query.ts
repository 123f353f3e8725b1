/**
 * Reads: one entry, lists, full-text search, history and stats. Every function is synchronous over an open
 * database; the store factory runs them through `database.read`, which answers empty when no store exists yet.
 */
import fs from "node:fs";
import { and, count, desc, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { NotFoundError } from "../errors.js";
import { entryHistory } from "./audit.js";
import type { LedgerDatabase, SqliteConnection } from "./driver.js";
import { ENTRY_STATUSES, type EntryStatus } from "./entry-fields.js";
import { entryFilter, findRow, notExpired, toView, viewWithLinks } from "./entry-row.js";
import { matchExpressions, noQueryWords, queryWords } from "./fts-query.js";
import type {
  EntryView,
  HistoryRow,
  ListQuery,
  MatchTier,
  Page,
  SearchPage,
  SearchQuery,
  Stats,
} from "./memory-types.js";
import { LIMITS } from "./memory-types.js";
import { type Entry, entries } from "./schema.js";
import { selectList, tableFields } from "./table-fields.js";

export const DEFAULT_LIMIT = 20;

export function getEntry(db: LedgerDatabase, id: string): EntryView | undefined {
  const row = findRow(db, id);
  return row ? viewWithLinks(db, row) : undefined;
}

function page(query: ListQuery): { limit: number; offset: number } {
  return {
    limit: Math.max(1, Math.min(query.limit ?? DEFAULT_LIMIT, 1_000)),
    offset: Math.max(0, query.offset ?? 0),
  };
}

/** Newest first. */
export function listEntries(db: LedgerDatabase, query: ListQuery, now: number): Page<EntryView> {
  const where = entryFilter(query, now);
  const { limit, offset } = page(query);
  const rows = db
    .select()
    .from(entries)
    .where(where)
    .orderBy(desc(entries.updatedAt), desc(entries.seq))
    .limit(limit)
    .offset(offset)
    .all();
  const total = db.select({ n: count() }).from(entries).where(where).get()?.n ?? 0;
  return { items: rows.map((r) => toView(r)), total, offset };
}

// Column weights of bm25 over (title, body, tags, kind): a word in the title says more than one in the body.
const BM25 = "bm25(entries_fts, 8.0, 1.0, 4.0, 2.0)";

/** A ranked entry: its row as the table holds it, its BM25 number and its group. */
type RankedRow = Entry & { rank: number; tier: MatchTier };

// The entry's columns under the names of the row type, so that a raw row of the page is an `Entry` as it stands.
const ENTRY_COLUMNS = selectList(tableFields(entries), "entries");

/** A piece of a statement and the values of its placeholders, in order. */
interface Fragment {
  text: string;
  params: unknown[];
}

// The shared filter is drizzle SQL; the search renders it once and reuses the text in each of its statements.
const dialect = new SQLiteSyncDialect();

/**
 * Entries matching every word first, then those whose words start with every query word, then those matching some
 * of the words; BM25 within each group, and `preferScope` above the others at equal rank.
 *
 * Each group is its own query, asked only when the page reaches it, so a page of entries holding every word ranks
 * those few instead of the many that merely start with the words. Every group is ranked by BM25 over the all-prefix
 * expression (the third over the any-prefix one): bm25 sums over the phrases of the expression, and both expressions
 * have the same phrases, so an entry's rank is the same number from either.
 *
 * It runs on the connection's prepared statements (`SqliteConnection.all`): building each statement through drizzle
 * cost a search about as much as one of its FTS5 queries.
 */
export function searchEntries(connection: Pick<SqliteConnection, "all">, query: SearchQuery, now: number): SearchPage {
  const { words, ignored } = queryWords(query.query);
  if (words.length === 0) throw noQueryWords();
  const match = matchExpressions(words);
  const where = dialect.sqlToQuery(entryFilter(query, now));
  const { limit, offset } = page(query);
  const prefer = query.preferScope ?? null;
  // Each match is looked up in the narrow index of what the search reads (without statistics the planner would read
  // the whole rows, bodies and all).
  const matching = (expression: string): Fragment => ({
    text: `FROM entries_fts JOIN entries INDEXED BY entries_search_filter ON entries.seq = entries_fts.rowid WHERE entries_fts MATCH ? AND ${where.sql}`,
    params: [expression, ...where.params],
  });
  // The unary plus keeps SQLite from handing the set to FTS5 as rowid lookups (each one a new FTS5 query): the set is
  // checked against each row FTS5 yields, before the row is joined or ranked.
  const within = (from: Fragment, not: "" | "NOT ", expression: string): Fragment => ({
    text: `${from.text} AND ${not}+entries_fts.rowid IN (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?)`,
    params: [...from.params, expression],
  });
  const counted = (from: Fragment, cap: number) =>
    connection.all<{ n: number }>(`SELECT count(*) AS n FROM (SELECT 1 ${from.text} LIMIT ?)`, ...from.params, cap)[0]
      ?.n ?? 0;
  // The page is ranked over the narrow index, then only its own rows are read whole, in the same statement.
  const ranked = (from: Fragment, tier: MatchTier, take: number, skip: number) =>
    connection.all<RankedRow>(
      `SELECT ${ENTRY_COLUMNS}, page.rank AS rank, ${tier} AS tier
      FROM (
        SELECT entries.seq AS seq, ${BM25} AS rank, CASE WHEN entries.scope = ? THEN 0 ELSE 1 END AS other,
          entries.updated_at AS at ${from.text}
        ORDER BY rank, other, at DESC LIMIT ? OFFSET ?
      ) AS page JOIN entries ON entries.seq = page.seq
      ORDER BY page.rank, page.other, page.at DESC`,
      prefer,
      ...from.params,
      take,
      skip,
    );
  // The entries holding a word whole are among those holding one as a prefix: when they alone pass the cap, the count
  // is done without FTS5 reading the lists of every word the prefixes start.
  const whole = counted(matching(match.any), LIMITS.searchCount + 1);
  const matched = whole > LIMITS.searchCount ? whole : counted(matching(match.anyPrefix), LIMITS.searchCount + 1);
  const capped = matched > LIMITS.searchCount;
  const allPrefix = matching(match.allPrefix);
  const tiers: [MatchTier, Fragment][] = [
    [1, within(allPrefix, "", match.all)],
    [2, within(allPrefix, "NOT ", match.all)],
  ];
  // One word: every match holds all the words, and the third group is empty.
  if (words.length > 1) tiers.push([3, within(matching(match.anyPrefix), "NOT ", match.allPrefix)]);
  const rows: RankedRow[] = [];
  // How many entries the groups already passed hold, as far as the page needs to know.
  let passed = 0;
  for (const [tier, from] of tiers) {
    const reached = offset + rows.length;
    // Past every match there is nothing more to rank (known when the count did not stop at the cap).
    if (rows.length === limit || (!capped && reached >= matched)) break;
    const skip = reached - passed;
    const got = ranked(from, tier, limit - rows.length, skip);
    rows.push(...got);
    // A group that ends short of what was asked is spent: its size is known, or counted as far as the skip.
    passed += got.length > 0 ? skip + got.length : skip > 0 ? counted(from, skip) : 0;
  }
  // A page that ends short of its limit is the last one: there the count is known, past the cap too.
  const last = rows.length > 0 && rows.length < limit;
  const totalAtLeast = capped && !last;
  return {
    items: rows.map(({ rank, tier, ...row }) => ({ entry: toView(row), rank, tier })),
    total: totalAtLeast ? LIMITS.searchCount : last ? offset + rows.length : matched,
    offset,
    words,
    ignoredWords: ignored,
    totalAtLeast,
  };
}

/** The audit trail of one entry, oldest first; it outlives a purge as redacted rows and a tombstone. */
export function historyOf(db: LedgerDatabase, id: string): { entry: EntryView | undefined; rows: HistoryRow[] } {
  const rows = entryHistory(db, id);
  const entry = getEntry(db, id);
  if (!entry && rows.length === 0) {
    throw new NotFoundError("memory entry", id, "no entry or audit trail has that id; check it with memory_search");
  }
  return { entry, rows };
}

export function storeBytes(file: string): number {
  let bytes = 0;
  for (const suffix of ["", "-wal"]) {
    try {
      bytes += fs.statSync(file + suffix).size;
    } catch {
      // An absent -wal (after a TRUNCATE checkpoint, or a store never opened) weighs nothing.
    }
  }
  return bytes;
}

export function emptyStats(): Stats {
  return {
    byKind: {},
    byStatus: Object.fromEntries(ENTRY_STATUSES.map((s) => [s, 0])) as Record<EntryStatus, number>,
    live: 0,
    trash: 0,
    total: 0,
    storeBytes: 0,
    oldestLive: null,
  };
}

export function statsOf(db: LedgerDatabase, scopes: readonly string[] | undefined, now: number, file: string): Stats {
  const inScope: SQL | undefined = scopes ? inArray(entries.scope, [...scopes]) : undefined;
  const live = and(inScope, isNull(entries.trashedAt), notExpired(now));
  const stats = emptyStats();
  const byKind = db
    .select({ kind: entries.kind, n: count() })
    .from(entries)
    .where(live)
    .groupBy(entries.kind)
    .orderBy(entries.kind)
    .all();
  for (const r of byKind) stats.byKind[r.kind] = r.n;
  for (const r of db
    .select({ status: entries.status, n: count() })
    .from(entries)
    .where(live)
    .groupBy(entries.status)
    .all()) {
    stats.byStatus[r.status] = r.n;
    stats.live += r.n;
  }
  stats.trash =
    db
      .select({ n: count() })
      .from(entries)
      .where(and(inScope, isNotNull(entries.trashedAt)))
      .get()?.n ?? 0;
  stats.total = db.select({ n: count() }).from(entries).where(inScope).get()?.n ?? 0;
  const oldest = db
    .select({ id: entries.id, title: entries.title, createdAt: entries.createdAt })
    .from(entries)
    .where(live)
    .orderBy(entries.createdAt, entries.seq)
    .limit(1)
    .get();
  stats.oldestLive = oldest ?? null;
  stats.storeBytes = storeBytes(file);
  return stats;
}
