/**
 * The active entries that name something: a path, a file name, a command, as words in a row in their title, body or
 * tags (or, for a bare word such as a module or program name, in their title or tags only). One FTS5 query with an
 * OR of quoted phrases, ranked by BM25 and filtered to live, active entries of the given scopes: what the recall at
 * the point of action asks before each edit or command, so it must cost a fraction of a millisecond.
 */
import type { Database } from "./database.js";
import type { SqliteConnection } from "./driver.js";
import { toView } from "./entry-row.js";
import type { EntryView } from "./memory-types.js";
import { type Entry, entries } from "./schema.js";
import { selectList, tableFields } from "./table-fields.js";

export interface Mention {
  /** Text the tokenizer turns into a phrase (`src/db/migrate.ts` is `src db migrate ts` in a row). */
  text: string;
  /** `named`: in the title, body or tags; `tagged`: in the title or tags only (a word too common in prose). */
  where: "named" | "tagged";
}

export interface MentionQuery {
  mentions: readonly Mention[];
  scopes: readonly string[];
  limit: number;
}

// Title and tags say what an entry is about more than its body does; the kind column is not searched.
const BM25 = "bm25(entries_fts, 8.0, 1.0, 4.0, 0.0)";
const COLUMNS: Record<Mention["where"], string> = { named: "{title body tags}", tagged: "{title tags}" };
const ENTRY_COLUMNS = selectList(tableFields(entries), "entries");
/** Most phrases one query holds, and characters of one phrase: a tool call names a few things. */
const MAX_MENTIONS = 16;
const MAX_MENTION_CHARS = 200;
/** A phrase needs a letter or digit, or FTS5 reads it as an empty phrase that matches nothing and errs on some builds. */
const HAS_WORD = /[\p{L}\p{N}]/u;

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The MATCH expression, or undefined when no mention has a word to look for. */
export function mentionExpression(mentions: readonly Mention[]): string | undefined {
  const parts = mentions
    .slice(0, MAX_MENTIONS)
    .map((m) => ({ ...m, text: m.text.slice(0, MAX_MENTION_CHARS) }))
    .filter((m) => HAS_WORD.test(m.text))
    .map((m) => `${COLUMNS[m.where]} : ${quote(m.text)}`);
  return parts.length > 0 ? [...new Set(parts)].join(" OR ") : undefined;
}

/**
 * Active, live entries of `scopes` that hold any of the mentions, best first; an entry of another project, a
 * candidate, a rejected or superseded one, a trashed or expired one never. `now` is the clock's time, for expiry.
 */
export function entriesMentioning(
  connection: Pick<SqliteConnection, "all">,
  query: MentionQuery,
  now: number,
): EntryView[] {
  const match = mentionExpression(query.mentions);
  if (!match || query.scopes.length === 0) return [];
  const scopes = query.scopes.map(() => "?").join(", ");
  const rows = connection.all<Entry & { rank: number }>(
    `SELECT ${ENTRY_COLUMNS}, ${BM25} AS rank
    FROM entries_fts JOIN entries ON entries.seq = entries_fts.rowid
    WHERE entries_fts MATCH ? AND entries.status = 'active' AND entries.trashed_at IS NULL
      AND (entries.expires_at IS NULL OR entries.expires_at > ?) AND entries.scope IN (${scopes})
    ORDER BY rank, entries.updated_at DESC LIMIT ?`,
    match,
    now,
    ...query.scopes,
    Math.max(1, Math.min(query.limit, 100)),
  );
  return rows.map(({ rank: _rank, ...row }) => toView(row));
}

/** `entriesMentioning` over a store: empty (and nothing created) while no store exists. */
export function createMentionLookup(database: Pick<Database, "read">, clock: () => number) {
  return (query: MentionQuery): Promise<EntryView[]> =>
    database.read((_, connection) => entriesMentioning(connection, query, clock()), []);
}
