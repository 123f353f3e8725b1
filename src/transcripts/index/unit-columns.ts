/**
 * How a unit's row is stored (index format 4), and the SQL that reads it back as the columns every reader knows
 * (`last_line`, `byte_end`, `role` as text): the role as a small number, the last line and the end byte as distances
 * from the first line and the start byte, which take one or two bytes of the row where the values took two to four
 * and the role's name up to eleven: about 9.5 bytes a unit, the units table of the benchmark's 500 MB corpus 63.8 MB
 * in format 3 and 50.5 MB in this one (the whole index 59.8 % of the transcripts' bytes and 57.1 %).
 */
import type { Role } from "./transcript-units.js";

/**
 * The stored number of each role. Written in the index file: a change is a new index format. SQLite stores 0 and 1
 * in no byte at all, so they go to the two most frequent kinds of unit: in the six real sessions of the shared corpus,
 * notes (headers, step markers: 572 units) and tool outputs (340), then tool inputs (214), reasoning (116), the user's
 * text (114) and the assistant's (30).
 */
export const ROLE_CODES: Readonly<Record<Role, number>> = {
  meta: 0,
  "tool-output": 1,
  "tool-input": 2,
  reasoning: 3,
  user: 4,
  assistant: 5,
};

/** The role of unit `u` as text, read from its stored code. */
export const roleSql = (u: string): string =>
  `CASE ${u}.role_code ${Object.entries(ROLE_CODES)
    .map(([role, code]) => `WHEN ${code} THEN '${role}'`)
    .join(" ")} END`;

/** The range and role of unit `u` (a table alias) as readers use them: first_line, last_line, byte_start, byte_end, role. */
export const unitRangeSql = (u: string): string =>
  `${u}.first_line, ${u}.first_line + ${u}.line_span AS last_line, ${u}.byte_start, ` +
  `${u}.byte_start + ${u}.byte_span AS byte_end, ${roleSql(u)} AS role`;

/** The condition that unit `u` is of one of `roles`, with their codes as its parameters. */
export function rolesCondition(u: string, roles: readonly Role[]): { sql: string; params: number[] } {
  return { sql: `${u}.role_code IN (${roles.map(() => "?").join(", ")})`, params: roles.map((r) => ROLE_CODES[r]) };
}

/**
 * The rows of `marker_text` (index-schema.ts) of the session numbered `sid`: their ids are `sid * MARKER_ROWS` and the
 * next ones, one row per update that read bare marker lines (index-update.ts), so the session of a row is its id
 * divided by MARKER_ROWS and a session's rows are one range of ids, with no table mapping them.
 */
export const MARKER_ROWS = 2 ** 20;
