/**
 * A memory entry's fields, declared once. Each names its column (the row), how the view the store hands out holds it
 * (the view is also the export line), and, for the fields that travel with a repository, its key and place in a team
 * line. The table (`schema.ts`), the view (`entry-row.ts`), the team line and its reader (`team/team-entry.ts`,
 * `team/team-read.ts`) and the export line's check (`entry-line.ts`) are derived from this; a new field is one more
 * line here, plus whatever a person may set it through (save, edit) and a migration (`npm run db:generate`).
 * Like the schema, this file knows no driver: it imports only `drizzle-orm/sqlite-core`.
 */
import { integer, type SQLiteColumnBuilderBase, text } from "drizzle-orm/sqlite-core";

export const ENTRY_STATUSES = ["candidate", "active", "superseded", "rejected"] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export interface EntryField {
  column: SQLiteColumnBuilderBase;
  /**
   * How the value differs outside the row: "list", a list of strings stored as JSON text; "time", milliseconds since
   * 1970 in the row and the view, an ISO 8601 date in a team line. Without it the value is the column's as it is.
   */
  value?: "list" | "time";
  /** The key of a team line that holds it, and its place among the line's keys (0 first). */
  team?: { key: string; at: number };
  /** Held in the view inside an object (`source: { agent, session }`), not under its own name. */
  group?: { name: "source"; key: string };
  /** The view holds, right after this field, the ids of the entries whose own value of it names this entry. */
  backLinks?: "supersedes";
}

/** In the order of the table's columns, which is the order of the view's keys and so of an export line's. */
export const ENTRY_FIELDS = {
  id: { column: text("id").notNull().unique(), team: { key: "id", at: 0 } },
  scope: { column: text("scope").notNull() },
  kind: { column: text("kind").notNull(), team: { key: "kind", at: 1 } },
  title: { column: text("title").notNull(), team: { key: "title", at: 2 } },
  body: { column: text("body").notNull(), team: { key: "body", at: 4 } },
  tags: { column: text("tags").notNull().default("[]"), value: "list", team: { key: "tags", at: 5 } },
  // The status is written before the body in a team line: a diff then shows a decision's change of mind first.
  status: { column: text("status", { enum: ENTRY_STATUSES }).notNull(), team: { key: "status", at: 3 } },
  supersededBy: { column: text("superseded_by"), team: { key: "superseded_by", at: 6 }, backLinks: "supersedes" },
  sourceAgent: { column: text("source_agent"), group: { name: "source", key: "agent" } },
  sourceSession: { column: text("source_session"), group: { name: "source", key: "session" } },
  createdAt: { column: integer("created_at").notNull(), value: "time", team: { key: "created", at: 10 } },
  updatedAt: { column: integer("updated_at").notNull(), value: "time", team: { key: "updated", at: 11 } },
  validFrom: { column: integer("valid_from"), value: "time", team: { key: "valid_from", at: 7 } },
  validUntil: { column: integer("valid_until"), value: "time", team: { key: "valid_until", at: 8 } },
  expiresAt: { column: integer("expires_at"), value: "time", team: { key: "expires_at", at: 9 } },
  trashedAt: { column: integer("trashed_at"), value: "time" },
} satisfies Record<string, EntryField>;

type Fields = typeof ENTRY_FIELDS;
export type EntryFieldName = keyof Fields;

/** The fields a team line holds. */
export type TeamFieldName = { [K in EntryFieldName]: Fields[K] extends { team: object } ? K : never }[EntryFieldName];

/** The fields held inside a group of the view rather than under their own names. */
export type GroupedFieldName = {
  [K in EntryFieldName]: Fields[K] extends { group: object } ? K : never;
}[EntryFieldName];

/** The columns for `sqliteTable`, with their builders' types (so the row type is derived from them too). */
export function entryColumns(): { [K in EntryFieldName]: Fields[K]["column"] } {
  const columns: Record<string, SQLiteColumnBuilderBase> = {};
  for (const [name, field] of Object.entries(ENTRY_FIELDS)) columns[name] = field.column;
  return columns as { [K in EntryFieldName]: Fields[K]["column"] };
}

/** Every field with its declaration, in declaration order (loops read this rather than the object's keys). */
export const FIELD_LIST = Object.entries(ENTRY_FIELDS) as [EntryFieldName, EntryField][];

/** The fields of a team line in the order the line writes them. */
export const TEAM_FIELDS = FIELD_LIST.flatMap(([name, field]) =>
  field.team ? [{ name: name as TeamFieldName, key: field.team.key, at: field.team.at, value: field.value }] : [],
).sort((a, b) => a.at - b.at);
