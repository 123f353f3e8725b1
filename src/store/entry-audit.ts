/**
 * An entry's fields as the audit log names them, derived from their declaration (src/store/entry-fields.ts): the
 * audited fields under their columns' names, in their declared places (the order a change lists them in), and the
 * columns a change sets.
 */
import { getTableColumns, type Table } from "drizzle-orm";
import { type EntryField, type EntryFieldName, FIELD_LIST } from "./entry-fields.js";
import type { Changes } from "./memory-types.js";
import { type Entry, entries } from "./schema.js";

export interface AuditField {
  name: EntryFieldName;
  /** Its name in a change: the column's. */
  key: string;
  value: EntryField["value"];
}

/** The audited fields of a declaration, in their places; `table` holds their columns. */
export function auditFields(list: readonly [EntryFieldName, EntryField][] = FIELD_LIST, table: Table = entries) {
  const columns = getTableColumns(table);
  return list
    .flatMap(([name, field]) => {
      const column = columns[name];
      return field.audit === undefined || column === undefined
        ? []
        : [{ name, key: column.name, value: field.value, at: field.audit }];
    })
    .sort((a, b) => a.at - b.at)
    .map(({ at: _at, ...field }): AuditField => field);
}

export const AUDIT_FIELDS = auditFields();

/** The audit names of the fields holding times, which the history shows as dates. */
export const AUDIT_TIME_KEYS: ReadonlySet<string> = new Set(
  AUDIT_FIELDS.filter((f) => f.value === "time").map((f) => f.key),
);

/**
 * The audited fields of an entry's view (or of what holds some of them, such as a team line) under their audit names;
 * a field it does not hold is left out.
 */
export function auditedFields(view: object, fields: readonly AuditField[] = AUDIT_FIELDS): Record<string, unknown> {
  const values = view as Record<string, unknown>;
  const audited: Record<string, unknown> = {};
  for (const field of fields) if (values[field.name] !== undefined) audited[field.key] = values[field.name];
  return audited;
}

/** The columns a change sets, from its audit names; a field it does not name keeps its column. */
export function changedColumns(changes: Changes, fields: readonly AuditField[] = AUDIT_FIELDS): Partial<Entry> {
  const row: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(field.key in changes)) continue;
    const value = changes[field.key]?.[1];
    row[field.name] = field.value === "list" ? JSON.stringify(value) : value;
  }
  return row as Partial<Entry>;
}
