/**
 * The saved entries that match what the person just wrote, for the top of the memory block: active entries of the
 * project, its team and global, ranked by the memory index (BM25 over title, body and tags, the project first at
 * equal rank). The words every question has are left out, and an entry must hold two of the message's words (its
 * only word, for a message of one), so that a long message does not match every entry through one common word.
 */
import { GLOBAL_SCOPE, teamScope } from "../scope.js";
import { isStopWord } from "../search/ranked/ranked-query.js";
import { queryWords } from "../store/fts-query.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { EntryView } from "../store/memory-types.js";

/** Ranked hits looked at for each one shown: room for those that hold one word only. */
const LOOKED_AT_PER_SHOWN = 3;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/** The words of a message worth searching for: not a question's common words, two letters or more. */
export function messageWords(text: string): string[] {
  return queryWords(text).words.filter((w) => w.length >= 2 && !isStopWord(w));
}

function wordsOf(entry: EntryView): Set<string> {
  const text = `${entry.title}\n${entry.body}\n${entry.tags.join(" ")}`.normalize("NFC").toLowerCase();
  return new Set(text.match(WORD) ?? []);
}

export async function messageMatches(
  memory: Pick<MemoryStore, "search">,
  project: string,
  text: string,
  limit: number,
): Promise<EntryView[]> {
  const words = messageWords(text);
  if (words.length === 0) return [];
  const page = await memory.search({
    query: words.join(" "),
    scopes: [project, teamScope(project), GLOBAL_SCOPE],
    status: "active",
    preferScope: project,
    limit: limit * LOOKED_AT_PER_SHOWN,
  });
  const need = Math.min(2, words.length);
  return page.items
    .map((hit) => hit.entry)
    .filter((entry) => {
      const held = wordsOf(entry);
      return words.filter((w) => held.has(w)).length >= need;
    })
    .slice(0, limit);
}
