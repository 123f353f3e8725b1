/**
 * One entry of a project's team file, as a line of JSON. The line is written with a fixed key order and only the
 * keys that carry a value, so a diff of the file reads as "this decision changed its body" and nothing else.
 */
import type { EntryView } from "../store/memory-types.js";
import { ENTRY_STATUSES, type EntryStatus } from "../store/schema.js";

/** An entry as its line holds it: the fields of the store's view that travel with the repository. */
export type TeamEntry = Omit<EntryView, "scope" | "supersedes" | "source" | "trashedAt">;

/** The line's fields of an entry (a view, or a line read back). */
export function teamEntryOf(e: TeamEntry): TeamEntry {
  return {
    id: e.id,
    kind: e.kind,
    title: e.title,
    body: e.body,
    tags: e.tags,
    status: e.status,
    supersededBy: e.supersededBy,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    validFrom: e.validFrom,
    validUntil: e.validUntil,
    expiresAt: e.expiresAt,
  };
}

/** The keys a line may hold, in the order they are written. */
export const LINE_KEYS = [
  "id",
  "kind",
  "title",
  "status",
  "body",
  "tags",
  "superseded_by",
  "valid_from",
  "valid_until",
  "expires_at",
  "created",
  "updated",
] as const;

export function isEntryStatus(value: unknown): value is EntryStatus {
  return typeof value === "string" && (ENTRY_STATUSES as readonly string[]).includes(value);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The line of one entry (without its newline). */
export function formatLine(entry: TeamEntry): string {
  const line: Record<string, unknown> = {
    id: entry.id,
    kind: entry.kind,
    title: entry.title,
    status: entry.status,
    body: entry.body,
  };
  if (entry.tags.length > 0) line.tags = entry.tags;
  if (entry.supersededBy !== null) line.superseded_by = entry.supersededBy;
  if (entry.validFrom !== null) line.valid_from = iso(entry.validFrom);
  if (entry.validUntil !== null) line.valid_until = iso(entry.validUntil);
  if (entry.expiresAt !== null) line.expires_at = iso(entry.expiresAt);
  line.created = iso(entry.createdAt);
  line.updated = iso(entry.updatedAt);
  return JSON.stringify(line);
}

/** The whole file: one line per entry, sorted by id, so two writers of the same entries write the same bytes. */
export function formatTeamFile(entries: readonly TeamEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return sorted.map((e) => `${formatLine(e)}\n`).join("");
}
