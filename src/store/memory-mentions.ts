/**
 * The active entries that name something: a path, a file name, a command, as words in a row anywhere in the entry
 * (or, for a bare word such as a module or program name, in its tags only). One FTS5 query of quoted phrases; the
 * caller asks frequent mentions (a folder) apart from rare ones (a file), so that the first cannot crowd out the
 * second. Live, active entries of the given scopes only: what the recall at the point of action asks after each edit
 * or command, so it must cost a fraction of a millisecond. Measured at 100,000 entries (bench/action-recall):
 * BM25 made FTS5 count every entry holding each phrase (ten times the match); a column filter on the phrase doubled
 * it (FTS5 then reads the columns of every position); newest first had FTS5 read each word's whole list backwards. So
 * no BM25, no filter where the phrase alone says enough, and the index's own order (oldest first): the caller ranks
 * the few entries it gets by reading them.
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
  /** `named`: anywhere in the entry (its kind is one word, which names no file); `tagged`: in its tags only. */
  where: "named" | "tagged";
}

export interface MentionQuery {
  /** An entry holding any of them matches. */
  mentions: readonly Mention[];
  scopes: readonly string[];
  /** Most entries returned (1 to 100). */
  limit: number;
}

const COLUMNS: Record<Mention["where"], string> = { named: "", tagged: "{tags} : " };
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
    .map((m) => `${COLUMNS[m.where]}${quote(m.text)}`);
  return parts.length > 0 ? [...new Set(parts)].join(" OR ") : undefined;
}

/**
 * Active, live entries of `scopes` that hold any of the mentions, in the index's order; an entry of another project,
 * a candidate, a rejected or superseded one, a trashed or expired one never. `now` is the clock's time, for expiry.
 */
export function entriesMentioning(
  connection: Pick<SqliteConnection, "all">,
  query: MentionQuery,
  now: number,
): EntryView[] {
  const match = mentionExpression(query.mentions);
  if (!match || query.scopes.length === 0) return [];
  const scopes = query.scopes.map(() => "?").join(", ");
  const rows = connection.all<Entry>(
    `SELECT ${ENTRY_COLUMNS}
    FROM entries_fts JOIN entries ON entries.seq = entries_fts.rowid
    WHERE entries_fts MATCH ? AND entries.status = 'active' AND entries.trashed_at IS NULL
      AND (entries.expires_at IS NULL OR entries.expires_at > ?) AND entries.scope IN (${scopes})
    LIMIT ?`,
    match,
    now,
    ...query.scopes,
    Math.max(1, Math.min(query.limit, 100)),
  );
  return rows.map((row) => toView(row));
}

/** `entriesMentioning` over a store: empty (and nothing created) while no store exists. */
export function createMentionLookup(database: Pick<Database, "read">, clock: () => number) {
  return (query: MentionQuery): Promise<EntryView[]> =>
    database.read((_, connection) => entriesMentioning(connection, query, clock()), []);
}
