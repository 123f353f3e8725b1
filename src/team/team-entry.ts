/**
 * One entry of a project's team file, as a line of JSON. The line is written with a fixed key order and only the
 * keys that carry a value, so a diff of the file reads as "this decision changed its body" and nothing else. Which
 * fields a line holds, under which keys and in which order is declared with the fields (src/store/entry-fields.ts).
 */
import { ENTRY_STATUSES, type EntryStatus, TEAM_FIELDS, type TeamFieldName } from "../store/entry-fields.js";
import type { EntryView } from "../store/memory-types.js";
import type { Entry } from "../store/schema.js";

/** An entry as its line holds it: the fields of the store's view that travel with the repository. */
export type TeamEntry = Pick<EntryView, TeamFieldName>;

/** The line's fields of an entry (a view, or a line read back). */
export function teamEntryOf(e: TeamEntry): TeamEntry {
  const entry: Record<string, unknown> = {};
  for (const field of TEAM_FIELDS) entry[field.name] = e[field.name];
  return entry as TeamEntry;
}

/** The keys a line may hold, in the order they are written. */
export const LINE_KEYS: readonly string[] = TEAM_FIELDS.map((f) => f.key);

/** The columns a line sets in the index's row (all of them but the id, which names the row). */
export function teamColumns(e: TeamEntry): Pick<Entry, Exclude<TeamFieldName, "id">> {
  const columns: Record<string, unknown> = {};
  for (const field of TEAM_FIELDS) {
    if (field.name === "id") continue;
    columns[field.name] = field.value === "list" ? JSON.stringify(e[field.name]) : e[field.name];
  }
  return columns as Pick<Entry, Exclude<TeamFieldName, "id">>;
}

export function isEntryStatus(value: unknown): value is EntryStatus {
  return typeof value === "string" && (ENTRY_STATUSES as readonly string[]).includes(value);
}

/**
 * The line of one entry (without its newline): a time as an ISO date; an absent value or an empty list left out.
 * `fields`: the team fields of the declaration (any object holding them, such as a view, may be given).
 */
export function formatLine(entry: TeamEntry, fields = TEAM_FIELDS): string {
  const line: Record<string, unknown> = {};
  for (const field of fields) {
    const value = entry[field.name];
    if (value === null || (Array.isArray(value) && value.length === 0)) continue;
    line[field.key] = field.value === "time" ? new Date(value as number).toISOString() : value;
  }
  return JSON.stringify(line);
}

/** The whole file: one line per entry, sorted by id, so two writers of the same entries write the same bytes. */
export function formatTeamFile(entries: readonly TeamEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return sorted.map((e) => `${formatLine(e)}\n`).join("");
}
