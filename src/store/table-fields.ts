/**
 * A table's columns for statements written as plain SQL (where building the ORM's query cost more than running it):
 * each column by its field name in the row type and its name in the table.
 */
import { getTableColumns, type Table } from "drizzle-orm";

export interface TableField {
  field: string;
  name: string;
}

export function tableFields(table: Table): TableField[] {
  return Object.entries(getTableColumns(table)).map(([field, column]) => ({ field, name: column.name }));
}

/** The columns as `"name" AS "field"`, so a raw row reads as the row type; `qualifier` names the table in a join. */
export function selectList(fields: readonly TableField[], qualifier?: string): string {
  const prefix = qualifier ? `${qualifier}.` : "";
  return fields.map((f) => `${prefix}"${f.name}" AS "${f.field}"`).join(", ");
}
