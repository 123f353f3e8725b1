/**
 * A memory entry's fields are declared once (src/store/entry-fields.ts) and the row, the view, the team line and the
 * export line are derived from it: each declared field shows in all four and comes back from each, and the bytes of
 * every format are those the fixtures were written with before the declaration existed.
 */
import fs from "node:fs";
import path from "node:path";
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ENTRY_FIELDS, type EntryFieldName, FIELD_LIST } from "../../src/store/entry-fields.js";
import { entryLineSchema } from "../../src/store/entry-line.js";
import { rowOf, toView } from "../../src/store/entry-row.js";
import type { EntryView } from "../../src/store/memory-types.js";
import { entries } from "../../src/store/schema.js";
import { formatLine, formatTeamFile, LINE_KEYS, teamEntryOf } from "../../src/team/team-entry.js";
import { readTeamText } from "../../src/team/team-read.js";
import { FIXTURE_ENTRIES, FIXTURES, fixtureStore, NOW, T0 } from "./entry-formats.shared.js";

const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const exportText = (views: readonly EntryView[]) => views.map((v) => `${JSON.stringify(v)}\n`).join("");

describe("the formats of an entry, derived from its declaration", () => {
  it("writes rows, export lines and team lines byte for byte as before", async () => {
    const { database, views, rows } = await fixtureStore();
    database.close();
    expect(views.map((v) => v.id)).toEqual(FIXTURE_ENTRIES.map((e) => e.id));
    expect(`${JSON.stringify(rows, null, 2)}\n`).toBe(fixture("rows.json"));
    expect(exportText(views)).toBe(fixture("export.jsonl"));
    expect(formatTeamFile(views.map(teamEntryOf))).toBe(fixture("team.jsonl"));
  });

  it("reads the fixture lines back into the entries they were written from", async () => {
    const { database, views } = await fixtureStore();
    database.close();
    const schema = entryLineSchema();
    const lines = fixture("export.jsonl").trimEnd().split("\n");
    lines.forEach((line, i) => {
      const parsed = schema.parse(JSON.parse(line));
      const { supersedes, ...rest } = views[i] as EntryView;
      expect(parsed).toEqual({ ...rest, supersedes });
      expect(toView({ seq: i + 1, ...rowOf(parsed) }, supersedes)).toEqual(views[i]);
    });
    const team = readTeamText(fixture("team.jsonl"), NOW);
    expect(team.problems).toEqual([]);
    const byId = new Map(views.map((v) => [v.id, teamEntryOf(v)]));
    for (const { line: _line, ...entry } of team.entries) expect(entry).toEqual(byId.get(entry.id));
  });
});

/** A value of the field's kind that no fixture entry holds, as the view holds it. */
function otherValue(name: EntryFieldName): unknown {
  const field = ENTRY_FIELDS[name] as { value?: string };
  const column = getTableColumns(entries)[name];
  if (field.value === "list") return ["planted"];
  if (field.value === "time") return T0 + 77_000;
  if (column.enumValues !== undefined) return "rejected";
  return name === "id" || name === "supersededBy" ? "zz0000000099" : `planted ${name}`;
}

describe("a field declared once shows in all four", () => {
  // A deep copy: a group (source) is an object of its own, and the fixture entries are shared by every test file (one
  // process under Bun).
  const base = (): EntryView => ({ ...structuredClone(FIXTURE_ENTRIES[0] as EntryView), supersedes: [] });

  it.each(FIELD_LIST.map(([name]) => name))(
    "%s: in the row, the view, the export line and (if it travels) the team line",
    (name) => {
      const field = ENTRY_FIELDS[name] as (typeof ENTRY_FIELDS)[EntryFieldName];
      const value = otherValue(name);
      const view = base();
      const group = "group" in field ? field.group : undefined;
      if (group) (view[group.name] as Record<string, unknown>)[group.key] = value;
      else (view as unknown as Record<string, unknown>)[name] = value;

      // The row: its column, under the name the table gives it.
      const column = getTableColumns(entries)[name];
      expect(column, "a column of entries").toBeDefined();
      const row = rowOf(view) as unknown as Record<string, unknown>;
      expect(row[name]).toEqual("value" in field && field.value === "list" ? JSON.stringify(value) : value);
      // The view, read back from the row.
      expect(toView({ seq: 1, ...rowOf(view) }, [])).toEqual(view);
      // The export line, read back through import's check.
      const line = JSON.parse(JSON.stringify(view));
      expect(entryLineSchema().parse(line)).toEqual(view);
      const { [group ? group.name : name]: _dropped, ...without } = line;
      expect(entryLineSchema().safeParse(without).success, "a line without it is refused").toBe(false);
      // The team line: its key, when the field travels with the repository, and none otherwise.
      const teamLine = JSON.parse(formatLine(teamEntryOf(view))) as Record<string, unknown>;
      if ("team" in field) {
        expect(LINE_KEYS).toContain(field.team.key);
        expect(teamLine[field.team.key]).toEqual(
          "value" in field && field.value === "time" ? new Date(value as number).toISOString() : value,
        );
        expect(LINE_KEYS[field.team.at]).toBe(field.team.key);
      } else {
        expect(Object.keys(teamLine)).not.toContain(name);
        expect(teamEntryOf(view)).not.toHaveProperty(name);
      }
    },
  );

  it("gives every team key one place, in order from 0", () => {
    const places = FIELD_LIST.flatMap(([, f]) => (f.team ? [f.team.at] : [])).sort((a, b) => a - b);
    expect(places).toEqual(places.map((_, i) => i));
    expect(new Set(LINE_KEYS).size).toBe(LINE_KEYS.length);
  });
});
