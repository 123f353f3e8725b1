/**
 * The check of an export line as `import` reads it, derived from the fields' declaration (src/store/entry-fields.ts)
 * and the table's columns: every field of the view, each typed as its column (text, whole milliseconds, one of the
 * statuses), null where the column allows it, grouped fields as their object, back links optional (they are derived
 * from the other side). Strict: a field this version does not know would be dropped silently, so the line is refused.
 */
import { getTableColumns, type Table } from "drizzle-orm";
import type { ZodType } from "zod";
import { z } from "../zod.js";
import { FIELD_LIST } from "./entry-fields.js";
import type { EntryView } from "./memory-types.js";
import { entries } from "./schema.js";

const missing = (expected: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "is missing" : `must be ${expected}`),
});
const text = () => z.string(missing("text"));
const millis = () => z.number(missing("milliseconds since 1970")).int("must be whole milliseconds");
const oneOf = (values: readonly string[]) => `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;

/** An entry as an export line holds it (`supersedes` is derived from the other side's link and not needed). */
export type EntryLine = Omit<EntryView, "supersedes"> & { supersedes?: string[] };

/** The schema of one export line (of the declaration `fields`, whose columns `table` holds). */
export function entryLineSchema(fields = FIELD_LIST, table: Table = entries): ZodType<EntryLine> {
  const columns = getTableColumns(table);
  const shape: Record<string, ZodType> = {};
  const groups = new Map<string, Record<string, ZodType>>();
  for (const [name, field] of fields) {
    const column = columns[name];
    if (column === undefined) throw new Error(`the field ${name} has no column in the table`);
    let value: ZodType;
    if (field.value === "list") value = z.array(text(), missing("a list of tags"));
    else if (column.enumValues !== undefined)
      value = z.enum(column.enumValues as [string, ...string[]], missing(oneOf(column.enumValues)));
    else if (column.dataType === "number") value = millis();
    else value = text();
    if (!column.notNull) value = value.nullable();
    if (field.group) {
      let group = groups.get(field.group.name);
      if (group === undefined) {
        group = {};
        groups.set(field.group.name, group);
        // Placed where its first field is, so the first problem reported is the first in the line's order.
        shape[field.group.name] = z.string();
      }
      group[field.group.key] = value;
      continue;
    }
    shape[name] = value;
    if (field.backLinks) shape[field.backLinks] = z.array(text()).optional();
  }
  for (const [name, group] of groups) shape[name] = z.strictObject(group, missing("an object"));
  // The shape is built from the declaration, which is what `EntryView` is derived from too.
  return z.strictObject(shape) as unknown as ZodType<EntryLine>;
}
