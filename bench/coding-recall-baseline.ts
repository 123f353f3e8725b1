/**
 * The plain baseline of the coding-session recall evaluation: one in-memory SQLite FTS5 table with a row per message
 * (the whole message as the transcript renders it: its header, text, tool calls and outputs), the question's words
 * OR-ed (punctuation stripped, each word quoted), best first by `bm25()`. Its hits are shown whole, or cut to a byte
 * budget (the bytes the plugin's search returned for the same question), in order.
 */
import { connect, type SqliteConnection } from "../src/store/driver.js";
import type { ExportedSession } from "./coding-recall-corpus.js";
import type { Scored } from "./coding-recall-score.js";

export interface BaselineHit {
  session: string;
  text: string;
}

export interface Baseline {
  /** The best `limit` messages for `question`, of one session when `session` is given. */
  search(question: string, limit: number, session?: string): BaselineHit[];
  close(): void;
}

export async function createBaseline(sessions: Iterable<ExportedSession>): Promise<Baseline> {
  const db: SqliteConnection = await connect(":memory:", { readonly: false });
  // Porter stemming over unicode61, as the plugin's own index tokenizes.
  db.exec("CREATE VIRTUAL TABLE messages USING fts5(text, session UNINDEXED, tokenize='porter unicode61')");
  db.exec("BEGIN");
  for (const s of sessions) {
    for (const m of s.messages) {
      db.run("INSERT INTO messages (text, session) VALUES (?, ?)", s.lines.slice(m.from - 1, m.to).join("\n"), s.id);
    }
  }
  db.exec("COMMIT");
  return {
    search(question, limit, session) {
      const words = [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
      if (words.length === 0) return [];
      const match = words.map((w) => `"${w}"`).join(" OR ");
      return session === undefined
        ? db.all<BaselineHit>(
            "SELECT session, text FROM messages WHERE messages MATCH ? ORDER BY bm25(messages) LIMIT ?",
            match,
            limit,
          )
        : db.all<BaselineHit>(
            "SELECT session, text FROM messages WHERE messages MATCH ? AND session = ? ORDER BY bm25(messages) LIMIT ?",
            match,
            session,
            limit,
          );
    },
    close: () => db.close(),
  };
}

/** The first `max` bytes of `text`, whole characters only. */
export function cutToBytes(text: string, max: number): string {
  const bytes = Buffer.from(text);
  if (bytes.length <= max) return text;
  let end = Math.max(0, max);
  // Back off continuation bytes (10xxxxxx) so a character is never split.
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString("utf8");
}

/**
 * Scores baseline hits as shown: whole (`budget` undefined), or in order within `budget` bytes (each message and the
 * line break after it), the last one cut. Hit at rank r when message r, as shown, is in `session` and holds a needle.
 */
export function scoreBaseline(
  hits: readonly BaselineHit[],
  session: string,
  needles: readonly string[],
  budget?: number,
): Scored {
  let used = 0;
  let rank: number | undefined;
  for (const [i, hit] of hits.entries()) {
    const left = budget === undefined ? Number.POSITIVE_INFINITY : budget - used;
    if (left <= 0) break;
    const shown = Number.isFinite(left) ? cutToBytes(hit.text, left) : hit.text;
    used += Buffer.byteLength(shown) + 1;
    if (rank === undefined && hit.session === session && needles.some((n) => shown.includes(n))) rank = i + 1;
  }
  return { rank, bytes: budget === undefined ? used : Math.min(used, budget) };
}
