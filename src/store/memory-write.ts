/**
 * Writes that create or change entries: save (create or rewrite by scope + title), edit by id, supersede, status.
 * Each runs inside the caller's IMMEDIATE transaction and appends one audit row per entry it changes.
 */
import { eq } from "drizzle-orm";
import { customAlphabet } from "nanoid";
import { ConflictError, InvalidInputError } from "../errors.js";
import { appendAudit, diff } from "./audit.js";
import type { LedgerDatabase } from "./driver.js";
import { auditedFields, changedColumns } from "./entry-audit.js";
import {
  CONTENT_FIELDS,
  type ContentFieldName,
  ENTRY_FIELDS,
  type EntryField,
  type EntryStatus,
} from "./entry-fields.js";
import { findByTitle, findRow, requireRow, requireWithin, toView, viewWithLinks } from "./entry-row.js";
import type { Actor, ChangeResult, Changes, EntryView, StatusInput } from "./memory-types.js";
import { type CleanFields, contentValues } from "./memory-validate.js";
import { type Entry, entries } from "./schema.js";

// Short, lowercase, unambiguous to type back: 12 characters of 36 give ~62 bits, plenty for one person's store.
export const newEntryId = customAlphabet("0123456789abcdefghijklmnopqrstuvwxyz", 12);

/** The audited fields of an entry, under the names the tools and the CLI use. */
function audited(row: Entry): Record<string, unknown> {
  return auditedFields(toView(row));
}

/** What a save or an edit writes, under the audited names (a value left undefined keeps the entry's). */
function contentOf(fields: CleanFields): Record<string, unknown> {
  return auditedFields(fields);
}

/** The columns of checked content as a new entry holds it: an absent list empty, an absent value null. */
function contentColumns(fields: CleanFields): Pick<Entry, ContentFieldName> {
  const values: Record<string, unknown> = contentValues(fields);
  const row: Record<string, unknown> = {};
  for (const name of CONTENT_FIELDS) {
    const field: EntryField = ENTRY_FIELDS[name];
    row[name] = field.value === "list" ? JSON.stringify(values[name]) : values[name];
  }
  return row as Pick<Entry, ContentFieldName>;
}

function sourceOf(actor: Actor): { sourceAgent: string; sourceSession: string | null } {
  return {
    sourceAgent: actor.kind === "agent" ? (actor.agent ?? "agent") : actor.kind,
    sourceSession: actor.session ?? null,
  };
}

export interface SaveWrite {
  scope: string;
  fields: CleanFields;
  status?: "candidate" | "active";
  /** Candidate mode: a new entry, or a rewrite that changes anything, becomes a candidate awaiting review. */
  changesAwaitReview?: boolean;
  supersedes?: string;
  reason?: string;
}

export interface SaveOutcome {
  action: "created" | "updated" | "unchanged";
  entry: EntryView;
  changes: Changes;
  superseded?: EntryView;
}

/** The entry `supersedes` names, checked before anything is written. */
function supersedeTarget(db: LedgerDatabase, id: string, replacing: string | undefined): Entry {
  const target = requireRow(db, id);
  if (target.id === replacing) throw new InvalidInputError("supersedes", "an entry cannot supersede itself");
  if (target.trashedAt !== null) {
    throw new ConflictError(
      `entry ${id} ("${target.title}") is in the trash; restore it first or leave supersedes out`,
    );
  }
  return target;
}

export function saveEntry(db: LedgerDatabase, input: SaveWrite, actor: Actor, now: number): SaveOutcome {
  const existing = findByTitle(db, input.scope, input.fields.title);
  const target = input.supersedes ? supersedeTarget(db, input.supersedes, existing?.id) : undefined;
  if (target?.status === "superseded" && target.supersededBy !== null) {
    throw new ConflictError(
      `entry ${target.id} ("${target.title}") is already superseded by ${target.supersededBy}; supersede that one instead`,
    );
  }
  let row: Entry;
  let changes: Changes;
  let action: SaveOutcome["action"];
  if (!existing) {
    const status: EntryStatus = input.changesAwaitReview ? "candidate" : (input.status ?? "active");
    const id = newEntryId();
    const f = input.fields;
    db.insert(entries)
      .values({
        id,
        scope: input.scope,
        ...contentColumns(f),
        status,
        ...sourceOf(actor),
        createdAt: now,
        updatedAt: now,
      })
      .run();
    row = requireRow(db, id);
    changes = diff({}, audited(row));
    action = "created";
  } else {
    const next: Record<string, unknown> = contentOf(input.fields);
    changes = diff(audited(existing), next);
    const wanted = input.changesAwaitReview
      ? Object.keys(changes).length > 0
        ? "candidate"
        : undefined
      : input.status;
    if (wanted && wanted !== existing.status) {
      changes.status = [existing.status, wanted];
      Object.assign(changes, diff(audited(existing), reopened(existing, wanted)));
    }
    if (Object.keys(changes).length > 0) {
      db.update(entries)
        .set({ ...changedColumns(changes), updatedAt: now })
        .where(eq(entries.id, existing.id))
        .run();
    }
    row = requireRow(db, existing.id);
    action = Object.keys(changes).length > 0 || target ? "updated" : "unchanged";
  }
  if (target) changes.supersedes = [null, target.id];
  if (action !== "unchanged") {
    appendAudit(db, {
      entryId: row.id,
      scope: row.scope,
      action: action === "created" ? "create" : "update",
      actor,
      at: now,
      changes,
      reason: input.reason,
    });
  }
  const superseded = target ? markSuperseded(db, target, row, actor, now, input.reason).entry : undefined;
  return { action, entry: viewWithLinks(db, requireRow(db, row.id)), changes, superseded };
}

/** Marks `old` superseded by `by`, links the two, and closes `old`'s valid_until (unless it was already closed). */
export function markSuperseded(
  db: LedgerDatabase,
  old: Entry,
  by: Entry,
  actor: Actor,
  now: number,
  reason?: string,
): ChangeResult {
  const changes = diff(audited(old), {
    status: "superseded",
    superseded_by: by.id,
    valid_until: old.validUntil ?? by.validFrom ?? now,
  });
  return applyChange(db, old, changes, "supersede", actor, now, reason);
}

function applyChange(
  db: LedgerDatabase,
  row: Entry,
  changes: Changes,
  action: "status" | "supersede" | "update",
  actor: Actor,
  now: number,
  reason?: string,
): ChangeResult {
  if (Object.keys(changes).length > 0) {
    db.update(entries)
      .set({ ...changedColumns(changes), updatedAt: now })
      .where(eq(entries.id, row.id))
      .run();
    appendAudit(db, { entryId: row.id, scope: row.scope, action, actor, at: now, changes, reason });
  }
  return { entry: viewWithLinks(db, requireRow(db, row.id)), changes };
}

function requireLive(db: LedgerDatabase, id: string): Entry {
  const row = requireRow(db, id);
  if (row.trashedAt !== null) {
    throw new ConflictError(
      `entry ${id} ("${row.title}") is in the trash; restore it first ("opencode-ledger restore ${id}", or memory_restore, offered with the option tools: "all")`,
    );
  }
  return row;
}

/** Leaving "superseded" unlinks the entry; unless it is rejected, it holds again, so its validity reopens. */
function reopened(row: Entry, status: EntryStatus): Record<string, unknown> {
  if (row.status !== "superseded" || status === "superseded") return {};
  return status === "rejected" ? { superseded_by: null } : { superseded_by: null, valid_until: null };
}

/**
 * Refuses a link that would close a loop: `by` is itself (through its own replacements) superseded by `row`, so both
 * would be superseded and neither injected.
 */
function refuseSupersedeCycle(db: LedgerDatabase, row: Entry, by: Entry): void {
  const seen = new Set<string>();
  for (let at: Entry | undefined = by; at?.supersededBy && !seen.has(at.id); at = findRow(db, at.supersededBy)) {
    seen.add(at.id);
    if (at.supersededBy === row.id) {
      throw new ConflictError(
        `entry ${by.id} ("${by.title}") is itself superseded by ${row.id}, directly or through others; superseding ${row.id} by it would leave both superseded. Make ${by.id} active first, or pick the entry that holds now.`,
      );
    }
  }
}

/** Review: set an entry's status, with a reason for the audit log. Leaving "superseded" unlinks and reopens it. */
export function setStatus(db: LedgerDatabase, id: string, input: StatusInput, actor: Actor, now: number): ChangeResult {
  const row = requireWithin(requireLive(db, id), input.within);
  if (input.status === "superseded") {
    if (!input.supersededBy) {
      throw new InvalidInputError(
        "superseded_by",
        "is required with status superseded: give the id of the entry that replaced it",
      );
    }
    const by = supersedeTarget(db, input.supersededBy, row.id);
    refuseSupersedeCycle(db, row, by);
    return markSuperseded(db, row, by, actor, now, input.reason);
  }
  if (input.supersededBy) throw new InvalidInputError("superseded_by", "only goes with status superseded");
  const next: Record<string, unknown> = { status: input.status, ...reopened(row, input.status) };
  return applyChange(db, row, diff(audited(row), next), "status", actor, now, input.reason);
}

/** Edit by id (the TUI and the CLI): rename, rewrite, retag, redate. A rename onto a live title is refused. */
export function editEntry(
  db: LedgerDatabase,
  id: string,
  fields: CleanFields,
  actor: Actor,
  now: number,
): ChangeResult {
  const row = requireLive(db, id);
  const holder = findByTitle(db, row.scope, fields.title);
  if (holder && holder.id !== row.id) {
    throw new ConflictError(
      `entry ${holder.id} already holds the title "${holder.title}" in this scope; pick another title`,
    );
  }
  return applyChange(db, row, diff(audited(row), contentOf(fields)), "update", actor, now);
}
