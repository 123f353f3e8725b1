/**
 * The store's list and search views leave `supersedes` (the reverse of `supersededBy`) empty; the command line's JSON
 * promises whole entries, so the links are filled in here with one indexed lookup per entry.
 */
import type { Database } from "../store/database.js";
import { supersededIds } from "../store/entry-row.js";
import type { EntryView } from "../store/memory-types.js";

export function withLinks(database: Database, entries: readonly EntryView[]): Promise<EntryView[]> {
  if (entries.length === 0) return Promise.resolve([]);
  return database.read((db) => entries.map((e) => ({ ...e, supersedes: supersededIds(db, e.id) })), [...entries]);
}
