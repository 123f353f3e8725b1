/**
 * A memory entry's fields, declared once. Each names its column (the row), how the view the store hands out holds it
 * (the view is also the export line), and, as it applies: its key and place in a team line, its place in the audit
 * log, whether a save or an edit writes it, and its label where an entry is shown in full. The table (`schema.ts`),
 * the view (`entry-row.ts`), the export line's check (`entry-line.ts`), the team line and its reader
 * (`team/team-entry.ts`, `team/team-read.ts`), the audit log's fields (`entry-audit.ts`), what the save's checks read
 * and give back (`memory-validate.ts`) and an entry shown in full are derived from this; docs/architecture.md ("A
 * memory field") lists what else a new field touches.
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
  /**
   * Audited: its place among the fields a change names in the audit log (0 first), where it is held under its
   * column's name (`entry-audit.ts`), as the history shows it.
   */
  audit?: number;
  /** What a save or an edit writes (the content): checked by the save's checks (`memory-validate.ts`) first. */
  content?: true;
  /**
   * Its label where an entry is shown in full (the tools, the command line), after the entry's kind, status and scope
   * and before its links and source; shown when it holds a value.
   */
  label?: string;
}

/** In the order of the table's columns, which is the order of the view's keys and so of an export line's. */
export const ENTRY_FIELDS = {
  id: { column: text("id").notNull().unique(), team: { key: "id", at: 0 } },
  scope: { column: text("scope").notNull(), audit: 0 },
  kind: { column: text("kind").notNull(), team: { key: "kind", at: 1 }, audit: 1, content: true },
  title: { column: text("title").notNull(), team: { key: "title", at: 2 }, audit: 2, content: true },
  body: { column: text("body").notNull(), team: { key: "body", at: 4 }, audit: 3, content: true },
  tags: {
    column: text("tags").notNull().default("[]"),
    value: "list",
    team: { key: "tags", at: 5 },
    audit: 4,
    content: true,
    label: "tags",
  },
  // The status is written before the body in a team line: a diff then shows a decision's change of mind first.
  status: { column: text("status", { enum: ENTRY_STATUSES }).notNull(), team: { key: "status", at: 3 }, audit: 5 },
  supersededBy: {
    column: text("superseded_by"),
    team: { key: "superseded_by", at: 6 },
    backLinks: "supersedes",
    audit: 9,
  },
  sourceAgent: { column: text("source_agent"), group: { name: "source", key: "agent" } },
  sourceSession: { column: text("source_session"), group: { name: "source", key: "session" } },
  createdAt: {
    column: integer("created_at").notNull(),
    value: "time",
    team: { key: "created", at: 10 },
    label: "created",
  },
  updatedAt: {
    column: integer("updated_at").notNull(),
    value: "time",
    team: { key: "updated", at: 11 },
    label: "updated",
  },
  validFrom: {
    column: integer("valid_from"),
    value: "time",
    team: { key: "valid_from", at: 7 },
    audit: 6,
    content: true,
    label: "valid from",
  },
  validUntil: {
    column: integer("valid_until"),
    value: "time",
    team: { key: "valid_until", at: 8 },
    audit: 7,
    content: true,
    label: "valid until",
  },
  expiresAt: {
    column: integer("expires_at"),
    value: "time",
    team: { key: "expires_at", at: 9 },
    audit: 8,
    content: true,
    label: "expires",
  },
  trashedAt: { column: integer("trashed_at"), value: "time", audit: 10, label: "trashed" },
} satisfies Record<string, EntryField>;

type Fields = typeof ENTRY_FIELDS;
export type EntryFieldName = keyof Fields;

/** The fields a team line holds. */
export type TeamFieldName = { [K in EntryFieldName]: Fields[K] extends { team: object } ? K : never }[EntryFieldName];

/** The fields held inside a group of the view rather than under their own names. */
export type GroupedFieldName = {
  [K in EntryFieldName]: Fields[K] extends { group: object } ? K : never;
}[EntryFieldName];

/** The columns of a declaration, by field name. */
export function declaredColumns(fields: Record<string, EntryField>): Record<string, SQLiteColumnBuilderBase> {
  const columns: Record<string, SQLiteColumnBuilderBase> = {};
  for (const [name, field] of Object.entries(fields)) columns[name] = field.column;
  return columns;
}

/** The columns for `sqliteTable`, with their builders' types (so the row type is derived from them too). */
export function entryColumns(): { [K in EntryFieldName]: Fields[K]["column"] } {
  return declaredColumns(ENTRY_FIELDS) as { [K in EntryFieldName]: Fields[K]["column"] };
}

/** A declaration's fields in declaration order (loops read this rather than the object's keys). */
export function fieldList(fields: Record<string, EntryField>): [EntryFieldName, EntryField][] {
  return Object.entries(fields) as [EntryFieldName, EntryField][];
}

/** Every field with its declaration, in declaration order. */
export const FIELD_LIST = fieldList(ENTRY_FIELDS);

export interface TeamField {
  name: TeamFieldName;
  key: string;
  at: number;
  value: EntryField["value"];
}

/** The fields of a team line in the order the line writes them. */
export function teamFields(list: readonly [EntryFieldName, EntryField][]): TeamField[] {
  return list
    .flatMap(([name, field]) =>
      field.team ? [{ name: name as TeamFieldName, key: field.team.key, at: field.team.at, value: field.value }] : [],
    )
    .sort((a, b) => a.at - b.at);
}

export const TEAM_FIELDS = teamFields(FIELD_LIST);

/** The fields a save or an edit writes. */
export type ContentFieldName = {
  [K in EntryFieldName]: Fields[K] extends { content: true } ? K : never;
}[EntryFieldName];

export const CONTENT_FIELDS = FIELD_LIST.filter(([, field]) => field.content).map(([name]) => name as ContentFieldName);

/** The fields shown by label where an entry is shown in full, in declaration order. */
export function shownFields(
  list: readonly [EntryFieldName, EntryField][] = FIELD_LIST,
): { name: EntryFieldName; label: string; value: EntryField["value"] }[] {
  return list.flatMap(([name, field]) => (field.label ? [{ name, label: field.label, value: field.value }] : []));
}
