/**
 * Reads a team file as far as it is valid. Every line is checked on its own with the store's own rules (limits,
 * secret guard), so one bad line (a conflict marker, broken JSON, a field too long, a secret) is reported by its
 * number and costs nothing else. An entry whose line is bad but still names its id is "held": the index keeps what it
 * had for it rather than losing it.
 */

import { getTableColumns } from "drizzle-orm";
import { CLOCK_SLACK_MS } from "../durations.js";
import { describeError } from "../errors.js";
import { parseIsoDate } from "../iso-date.js";
import { findSecret } from "../secret-guard/secret-guard.js";
import { TEAM_FIELDS } from "../store/entry-fields.js";
import { cleanFields, contentOf, contentValues } from "../store/memory-validate.js";
import { entries } from "../store/schema.js";
import { formatLine, isEntryStatus, LINE_KEYS, type TeamEntry } from "./team-entry.js";

/** A team file larger than this is not read at all (it is meant to hold decisions, not a dump). */
export const MAX_TEAM_FILE_BYTES = 4 * 1024 * 1024;
const ID = /^[0-9A-Za-z_-]{1,64}$/;
const CONFLICT_MARKER = /^(<{7}|={7}|>{7}|\|{7})( |$)/;

export interface TeamProblem {
  /** 1-based line number; 0 for the file as a whole. */
  line: number;
  message: string;
}

export interface TeamLine extends TeamEntry {
  line: number;
}

export interface TeamRead {
  entries: TeamLine[];
  problems: TeamProblem[];
  /** Ids named by bad lines: their indexed entries are kept as they are. */
  held: Set<string>;
  /** Valid lines past their expiry: left out, as the store leaves expired entries out. */
  expired: number;
  /** Only the start of the file was read (it is too large): no entry leaves the index for lacking a line. */
  partial: boolean;
}

class LineError extends Error {}

function fail(message: string): never {
  throw new LineError(message);
}

/** A value of the line is never repeated in a report: a date or key that arrived through git may be a token. */
function optionalDate(record: Record<string, unknown>, key: string): number | null {
  const value = record[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") fail(`${key} must be an ISO 8601 date`);
  try {
    return parseIsoDate(key, value);
  } catch {
    fail(`${key} is not an ISO 8601 date (such as "2025-06-30T14:00:00Z")`);
  }
}

/** When the entry was made or changed: not in the future (such a line would sort above every real one). */
function pastDate(record: Record<string, unknown>, key: string, now: number): number {
  const value = optionalDate(record, key);
  if (value === null) fail(`${key} is missing`);
  if (value > now + CLOCK_SLACK_MS) fail(`${key} is in the future; it cannot have happened yet`);
  return value;
}

/** A field name as a person may have typed it, safe to repeat; anything else is counted, never shown. */
const SHOWN_KEY = /^[a-z][a-z_]{0,31}$/;

/** An id (or superseded_by) the index may hold and show: id-shaped and not secret-shaped. */
function checkId(key: string, value: string): void {
  const kind = findSecret(value);
  if (kind) fail(`${key} looks like a secret (${kind}); give the entry a plain id`);
}

function entryOf(record: Record<string, unknown>, now: number): TeamEntry | "expired" {
  const unknown = Object.keys(record).filter((k) => !(LINE_KEYS as readonly string[]).includes(k));
  if (unknown.length > 0) {
    const shown = unknown.filter((k) => SHOWN_KEY.test(k) && findSecret(k) === undefined).map((k) => `"${k}"`);
    const hidden = unknown.length - shown.length;
    fail(`unknown field ${[...shown, ...(hidden > 0 ? [`${hidden} not shown (not a field name)`] : [])].join(", ")}`);
  }
  const { id, status, tags, superseded_by: supersededBy } = record;
  if (typeof id !== "string" || !ID.test(id)) fail("id must be 1-64 letters, digits, - or _");
  checkId("id", id);
  if (!isEntryStatus(status)) fail("status must be candidate, active, superseded or rejected");
  if (tags !== undefined && !Array.isArray(tags)) fail("tags must be a list of strings");
  if (
    supersededBy !== undefined &&
    supersededBy !== null &&
    (typeof supersededBy !== "string" || !ID.test(supersededBy))
  )
    fail("superseded_by must be an entry id");
  if (typeof supersededBy === "string") checkId("superseded_by", supersededBy);
  const expiresAt = optionalDate(record, "expires_at");
  if (expiresAt !== null && expiresAt <= now) return "expired";
  const line = decodeLine(record, now);
  // The content goes through a save's own checks and comes back normalised.
  return { ...line, ...contentValues(cleanFields(contentOf(line), now)) };
}

const COLUMNS = getTableColumns(entries);

/**
 * The values of a line's keys as the fields declare them (src/store/entry-fields.ts): a time from its ISO date (one
 * the row requires must be there and not in the future), an absent list as empty, an absent optional value as null. What the values must be beyond that is checked by `entryOf` and the save's rules.
 */
function decodeLine(record: Record<string, unknown>, now: number): TeamEntry {
  const entry: Record<string, unknown> = {};
  for (const field of TEAM_FIELDS) {
    if (field.value === "time") {
      entry[field.name] = COLUMNS[field.name].notNull
        ? pastDate(record, field.key, now)
        : optionalDate(record, field.key);
    } else if (field.value === "list") entry[field.name] = record[field.key] ?? [];
    // A required value that is absent stays absent, for the save's check to name it.
    else entry[field.name] = record[field.key] ?? (COLUMNS[field.name].notNull ? undefined : null);
  }
  return entry as TeamEntry;
}

function problemText(error: unknown): string {
  const text = error instanceof LineError ? error.message : describeError(error);
  // The store's messages start with the plugin's prefix; inside a line report it is noise.
  return text.replace(/^\[opencode-ledger\] /, "");
}

/** Parses the text of a team file; `now` decides which entries have expired. */
export function readTeamText(fileText: string, now: number): TeamRead {
  let text = fileText;
  const read: TeamRead = { entries: [], problems: [], held: new Set(), expired: 0, partial: false };
  // An editor's byte-order mark is not part of the first line.
  if (text.startsWith("\uFEFF")) text = text.slice(1);
  if (text.length > MAX_TEAM_FILE_BYTES / 4 && Buffer.byteLength(text) > MAX_TEAM_FILE_BYTES) {
    // Only the lines within the bound are read; the entries of the rest keep what the index has for them.
    const cut = Buffer.from(text).subarray(0, MAX_TEAM_FILE_BYTES).toString("utf8");
    text = cut.slice(0, cut.lastIndexOf("\n") + 1);
    read.partial = true;
    read.problems.push({
      line: 0,
      message: `the file is larger than ${MAX_TEAM_FILE_BYTES} bytes; the lines past that were not read, and the index keeps their entries as they are`,
    });
  }
  const idLines = new Map<string, { line: number; text: string }>();
  const titleLines = new Map<string, number>();
  const lines = text.split("\n");
  lines.forEach((raw, index) => {
    const line = index + 1;
    const source = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (source.trim() === "") return;
    if (CONFLICT_MARKER.test(source)) {
      read.problems.push({ line, message: "a merge conflict marker; resolve the conflict and remove it" });
      return;
    }
    let record: unknown;
    try {
      record = JSON.parse(source);
    } catch {
      read.problems.push({ line, message: "not valid JSON" });
      return;
    }
    if (typeof record !== "object" || record === null || Array.isArray(record)) {
      read.problems.push({ line, message: "not a JSON object" });
      return;
    }
    const named = (record as Record<string, unknown>).id;
    const id = typeof named === "string" && ID.test(named) && findSecret(named) === undefined ? named : undefined;
    try {
      const entry = entryOf(record as Record<string, unknown>, now);
      if (entry === "expired") {
        read.expired++;
        return;
      }
      const text = formatLine(entry);
      const sameId = idLines.get(entry.id);
      // A union merge repeats a line both sides kept around their additions: the same entry twice is no conflict.
      if (sameId?.text === text) return;
      if (sameId !== undefined) fail(`entry ${entry.id} is already on line ${sameId.line}; keep one of the two lines`);
      const key = entry.title.normalize("NFC").toLowerCase();
      const sameTitle = titleLines.get(key);
      if (sameTitle !== undefined)
        fail(`the title "${entry.title}" is already on line ${sameTitle}; titles are unique`);
      idLines.set(entry.id, { line, text });
      titleLines.set(key, line);
      read.entries.push({ ...entry, line });
    } catch (error) {
      read.problems.push({ line, message: problemText(error) });
      if (id !== undefined && !idLines.has(id)) read.held.add(id);
    }
  });
  // A held id that a later valid line carries is not held: that line stands for the entry.
  for (const entry of read.entries) read.held.delete(entry.id);
  return read;
}
