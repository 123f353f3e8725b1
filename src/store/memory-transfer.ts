/**
 * Export and import of entries with everything they carry: status, the superseded-by link, times, source and the
 * trash mark. An import goes through the same edge as a save (field limits, secret guard) and never overwrites: an id
 * that exists with the same content is "present", with other content a conflict, and a live title already held in
 * the scope is a conflict too. Each entry lands on its own (a savepoint): one refusal does not undo the others.
 */
import { and, inArray, isNotNull, type SQL } from "drizzle-orm";
import { CLOCK_SLACK_MS } from "../durations.js";
import { ConflictError, InvalidInputError, LedgerError } from "../errors.js";
import { teamProject } from "../scope.js";
import { assertNoSecrets } from "../secret-guard/secret-guard.js";
import { appendAudit, diff } from "./audit.js";
import type { Database } from "./database.js";
import type { LedgerDatabase } from "./driver.js";
import { AUDIT_FIELDS, auditedFields } from "./entry-audit.js";
import { ENTRY_STATUSES, type EntryStatus } from "./entry-fields.js";
import type { EntryLine } from "./entry-line.js";
import { findByTitle, findRow, notExpired, rowOf, toView } from "./entry-row.js";
import type { Actor, EntryView } from "./memory-types.js";
import { cleanFields, cleanScope, contentOf, contentValues } from "./memory-validate.js";
import { entries } from "./schema.js";

/** An entry as an export line holds it (`supersedes` is derived from the other side's link and not needed). */
export type TransferEntry = EntryLine;

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const SOURCE_MAX = 200;

/** Every entry of `scopes` (every scope when undefined), trash included, expired ones left out, oldest first. */
export function exportEntries(db: LedgerDatabase, scopes: readonly string[] | undefined, now: number): EntryView[] {
  const where: SQL | undefined = and(scopes ? inArray(entries.scope, [...scopes]) : undefined, notExpired(now));
  const rows = db.select().from(entries).where(where).orderBy(entries.seq).all();
  const links = new Map<string, string[]>();
  for (const r of db
    .select({ id: entries.id, by: entries.supersededBy })
    .from(entries)
    .where(isNotNull(entries.supersededBy))
    .orderBy(entries.seq)
    .all()) {
    if (r.by === null) continue;
    links.set(r.by, [...(links.get(r.by) ?? []), r.id]);
  }
  return rows.map((row) => toView(row, links.get(row.id) ?? []));
}

function idOf(field: string, value: string): string {
  if (!ID.test(value)) throw new InvalidInputError(field, "is not an entry id (1-64 letters, digits, - or _)");
  return value;
}

function sourceText(field: string, value: string | null): string | null {
  if (value === null) return null;
  if (value.length > SOURCE_MAX || /\p{Cc}/u.test(value)) {
    throw new InvalidInputError(field, `must be one line of at most ${SOURCE_MAX} characters`);
  }
  return value;
}

/** The last millisecond of the year 9999: later "times" are typing errors, not dates. */
const LAST_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
function time(field: string, value: number | null): number | null {
  if (value === null) return null;
  if (!Number.isSafeInteger(value) || value < 0) throw new InvalidInputError(field, "must be milliseconds since 1970");
  if (value > LAST_TIME) throw new InvalidInputError(field, "is after the year 9999; it is not a date");
  return value;
}

/** A time of something that already happened (made, changed, trashed): not in the future of this machine. */
function pastTime(field: string, value: number | null, now: number): number | null {
  const checked = time(field, value);
  if (checked !== null && checked > now + CLOCK_SLACK_MS) {
    throw new InvalidInputError(
      field,
      `is ${new Date(checked).toISOString()}, in the future; it cannot have happened yet`,
    );
  }
  return checked;
}

/**
 * Checks one imported entry as a save would (limits, one-line fields, an expiry in the future, no secrets in any
 * field) and returns it normalised. Throws the refusal.
 */
export function cleanTransferEntry(input: TransferEntry, now: number): TransferEntry {
  assertNoSecrets({
    id: input.id,
    scope: input.scope,
    superseded_by: input.supersededBy,
    "source.agent": input.source.agent,
    "source.session": input.source.session,
  });
  const fields = contentValues(cleanFields(contentOf(input), now));
  if (!(ENTRY_STATUSES as readonly string[]).includes(input.status)) {
    throw new InvalidInputError("status", `must be one of ${ENTRY_STATUSES.join(", ")}`);
  }
  const id = idOf("id", input.id);
  const supersededBy = input.supersededBy === null ? null : idOf("superseded_by", input.supersededBy);
  if (supersededBy === id) throw new InvalidInputError("superseded_by", "an entry cannot supersede itself");
  if (input.status === "superseded" && supersededBy === null) {
    throw new InvalidInputError(
      "superseded_by",
      "is required with status superseded: the id of the entry that replaced it",
    );
  }
  if (input.status !== "superseded" && supersededBy !== null) {
    throw new InvalidInputError("superseded_by", `only goes with status superseded, not ${input.status}`);
  }
  const createdAt = pastTime("created_at", input.createdAt, now) ?? 0;
  const updatedAt = pastTime("updated_at", input.updatedAt, now) ?? 0;
  if (updatedAt < createdAt) throw new InvalidInputError("updated_at", "is before created_at");
  const scope = cleanScope(input.scope);
  // The index of team memory follows the project's file, which an import does not write: it would be undone.
  if (teamProject(scope) !== undefined) {
    throw new InvalidInputError(
      "scope",
      "team entries travel in the project's .opencode/memory/team.jsonl, not by import",
    );
  }
  const source = {
    agent: sourceText("source.agent", input.source.agent),
    session: sourceText("source.session", input.source.session),
  };
  // Stored as they come, the content's times are checked as every stored time is: milliseconds, 1970 to 9999.
  const values: Record<string, unknown> = fields;
  for (const field of AUDIT_FIELDS) {
    if (field.value === "time" && field.name in values) time(field.key, values[field.name] as number | null);
  }
  return {
    id,
    scope,
    ...fields,
    status: input.status as EntryStatus,
    supersededBy,
    source,
    createdAt,
    updatedAt,
    trashedAt: pastTime("trashed_at", input.trashedAt, now),
  };
}

/** The fields that make two copies of an entry the same entry. */
function comparable(e: TransferEntry): string {
  const { supersedes: _derived, ...rest } = e;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

function differingFields(a: TransferEntry, b: TransferEntry): string[] {
  const keys = Object.keys(a).filter((k) => k !== "supersedes") as (keyof TransferEntry)[];
  return keys.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

export type ImportOutcome = "imported" | "present";

/** An entry whose `supersededBy` names no entry of the store (yet): it may come later in the same import. */
export class MissingLinkError extends ConflictError {
  constructor(
    readonly id: string,
    readonly target: string,
  ) {
    super(
      `entry ${id} is superseded by ${target}, which is neither in this store nor in the import; ${id} was not imported. Import ${target} too, or set the line's status and supersededBy to what holds.`,
    );
  }
}

function importOne(
  db: LedgerDatabase,
  entry: TransferEntry,
  actor: Actor,
  now: number,
  elsewhere: ReadonlySet<string>,
): ImportOutcome {
  const existing = findRow(db, entry.id);
  if (existing) {
    const stored = toView(existing);
    if (comparable(stored) === comparable(entry)) return "present";
    throw new ConflictError(
      `entry ${entry.id} already exists here with other content (${differingFields(stored, entry).join(", ")}); the store's copy was kept. Purge it first to take the imported one.`,
    );
  }
  if (entry.supersededBy !== null && !elsewhere.has(entry.supersededBy) && !findRow(db, entry.supersededBy)) {
    throw new MissingLinkError(entry.id, entry.supersededBy);
  }
  if (entry.trashedAt === null) {
    const holder = findByTitle(db, entry.scope, entry.title);
    if (holder) {
      throw new ConflictError(
        `entry ${holder.id} already holds the title "${holder.title}" in scope ${entry.scope}; ${entry.id} was not imported. Rename or trash one of them, then import again.`,
      );
    }
  }
  db.insert(entries).values(rowOf(entry)).run();
  const changes = diff({}, auditedFields(entry));
  appendAudit(db, {
    entryId: entry.id,
    scope: entry.scope,
    action: "create",
    actor,
    at: now,
    changes,
    reason: "imported",
  });
  return "imported";
}

export type ImportResult =
  | { line: number; id: string; outcome: ImportOutcome }
  | { line: number; id: string; error: { code: string; message: string } }
  /** Its `supersededBy` is not here yet: give it again after the rest of the import (`importEntries`). */
  | { line: number; id: string; waiting: TransferEntry };

/**
 * Imports checked entries in one write transaction, each in its own savepoint: a conflict is reported for its line
 * and the others still land. With `waitForLinks`, an entry superseded by one not in the store yet is handed back as
 * waiting (an export lists the replaced entry before its replacement); the caller gives it again later, and without
 * the flag it is refused. `elsewhere` holds ids that live outside the store's import (team entries, which their
 * project's file brings): a link to one of them is kept as it is.
 */
export async function importEntries(
  database: Database,
  items: readonly { line: number; entry: TransferEntry }[],
  actor: Actor,
  now: number,
  waitForLinks = false,
  elsewhere: ReadonlySet<string> = new Set(),
): Promise<ImportResult[]> {
  if (items.length === 0) return [];
  return database.write((db) =>
    items.map(({ line, entry }): ImportResult => {
      try {
        const outcome = db.transaction((tx) =>
          importOne(tx as unknown as LedgerDatabase, entry, actor, now, elsewhere),
        );
        return { line, id: entry.id, outcome };
      } catch (error) {
        if (error instanceof MissingLinkError && waitForLinks) return { line, id: entry.id, waiting: entry };
        if (!(error instanceof LedgerError)) throw error;
        return { line, id: entry.id, error: { code: error.code, message: error.message } };
      }
    }),
  );
}

/** The export of a store: reads only, creates nothing. */
export function readExport(
  database: Database,
  scopes: readonly string[] | undefined,
  now: number,
): Promise<EntryView[]> {
  return database.read((db) => exportEntries(db, scopes, now), []);
}
