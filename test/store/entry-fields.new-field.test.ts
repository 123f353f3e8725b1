/**
 * What adding a field to an entry touches: one declaration. A declaration made here, the real one plus a `priority`
 * (text, optional, travelling in team lines, audited, shown by label), flows through everything derived from a
 * declaration: the table's columns, the row and the view, the export line and its check, the team line, the audit
 * log's fields and the columns a change sets, and an entry shown in full. What else a real field needs (a migration,
 * a save's check when people set it, the tool and CLI arguments that set it) is listed in docs/architecture.md.
 */
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { diff } from "../../src/store/audit.js";
import { auditedFields, auditFields, changedColumns } from "../../src/store/entry-audit.js";
import {
  declaredColumns,
  ENTRY_FIELDS,
  type EntryField,
  fieldList,
  shownFields,
  teamFields,
} from "../../src/store/entry-fields.js";
import { entryLineSchema } from "../../src/store/entry-line.js";
import { rowOf, toView } from "../../src/store/entry-row.js";
import type { EntryView } from "../../src/store/memory-types.js";
import type { Entry } from "../../src/store/schema.js";
import { formatLine, type TeamEntry } from "../../src/team/team-entry.js";
import { FIXTURE_ENTRIES } from "./entry-formats.shared.js";

const PLANTED = {
  ...ENTRY_FIELDS,
  priority: { column: text("priority"), team: { key: "priority", at: 12 }, audit: 11, label: "priority" },
} satisfies Record<string, EntryField>;
const FIELDS = fieldList(PLANTED);
const TABLE = sqliteTable("entries_planted", declaredColumns(PLANTED));

/** The first fixture entry with a priority, as the view holds it. */
function view(priority: string | null): EntryView {
  return { ...(FIXTURE_ENTRIES[0] as EntryView), supersedes: [], priority } as EntryView;
}

describe("a field added to the declaration", () => {
  it("is a column of the table, a value of the row and of the view, in its declared place", () => {
    expect(Object.keys(TABLE)).toContain("priority");
    const row = rowOf(view("high"), FIELDS) as unknown as Record<string, unknown>;
    expect(row.priority).toBe("high");
    const back = toView({ seq: 1, ...row } as unknown as Entry, [], FIELDS);
    expect(back).toEqual(view("high"));
    expect(Object.keys(back).at(-1)).toBe("priority");
  });

  it("is in the export line, which import's check then requires and reads back", () => {
    const line = JSON.parse(JSON.stringify(view("high")));
    const schema = entryLineSchema(FIELDS, TABLE);
    expect(schema.parse(line)).toEqual(view("high"));
    const { priority: _left, ...without } = line;
    expect(schema.safeParse(without).error?.issues.map((i) => i.path.join("."))).toEqual(["priority"]);
    expect(schema.safeParse({ ...line, priority: 3 }).success).toBe(false);
    // The real declaration's check refuses it: a line of a newer version is never dropped silently.
    expect(entryLineSchema().safeParse(line).success).toBe(false);
  });

  it("travels in a team line under its key, in its place, and is left out when empty", () => {
    const fields = teamFields(FIELDS);
    const line = formatLine(view("high") as unknown as TeamEntry, fields);
    expect(Object.keys(JSON.parse(line)).at(-1)).toBe("priority");
    expect(JSON.parse(line).priority).toBe("high");
    expect(JSON.parse(formatLine(view(null) as unknown as TeamEntry, fields))).not.toHaveProperty("priority");
  });

  it("is audited under its column's name, and a change to it sets its column", () => {
    const fields = auditFields(FIELDS, TABLE);
    expect(fields.at(-1)).toEqual({ name: "priority", key: "priority", value: undefined });
    const changes = diff(auditedFields(view("low"), fields), { priority: "high" });
    expect(changes).toEqual({ priority: ["low", "high"] });
    expect(changedColumns(changes, fields)).toEqual({ priority: "high" });
    expect(Object.keys(auditedFields(view("high"), fields))).toContain("priority");
  });

  it("is shown by its label where an entry is shown in full", () => {
    expect(shownFields(FIELDS).map((f) => f.label)).toContain("priority");
    expect(shownFields().map((f) => f.label)).not.toContain("priority");
  });
});
