import { describe, expect, it } from "vitest";
import { entries, transcripts } from "../../src/store/schema.js";
import { selectList, tableFields } from "../../src/store/table-fields.js";

describe("table fields for plain SQL", () => {
  it("name each column by its field and its name in the table, in the table's order", () => {
    const fields = tableFields(transcripts);
    expect(fields[0]).toEqual({ field: "sessionId", name: "session_id" });
    expect(fields.map((f) => f.field)).toContain("messageCount");
    expect(new Set(fields.map((f) => f.name)).size).toBe(fields.length);
  });

  it("select each column under its field name, qualified by the table when asked", () => {
    const fields = [
      { field: "sessionId", name: "session_id" },
      { field: "bytes", name: "bytes" },
    ];
    expect(selectList(fields)).toBe('"session_id" AS "sessionId", "bytes" AS "bytes"');
    expect(selectList(fields, "t")).toBe('t."session_id" AS "sessionId", t."bytes" AS "bytes"');
    expect(selectList(tableFields(entries), "entries")).toMatch(/^entries\."seq" AS "seq", entries\."id" AS "id", /);
  });
});
