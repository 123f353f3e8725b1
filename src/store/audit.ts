/**
 * The audit log: one appended row per change, with the fields that changed as [old, new]. The store refuses UPDATE
 * and DELETE on it (triggers); the one exception is a purge, which clears the content of the purged entry's rows and
 * leaves a tombstone, so a secret that slipped in can be removed for good.
 */
import { count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { LedgerDatabase } from "./driver.js";
import type { Actor, Changes, HistoryRow } from "./memory-types.js";
import { type AuditAction, type AuditRow, auditLog } from "./schema.js";

export interface AuditInput {
  entryId: string;
  scope: string;
  action: AuditAction;
  actor: Actor;
  at: number;
  changes?: Changes | null;
  reason?: string | null;
}

export function appendAudit(db: LedgerDatabase, input: AuditInput): void {
  const changes = input.changes && Object.keys(input.changes).length > 0 ? JSON.stringify(input.changes) : null;
  db.insert(auditLog)
    .values({
      entryId: input.entryId,
      scope: input.scope,
      action: input.action,
      actorKind: input.actor.kind,
      actorAgent: input.actor.agent ?? null,
      actorSession: input.actor.session ?? null,
      at: input.at,
      changes,
      reason: input.reason ?? null,
    })
    .run();
}

/** The fields whose values differ between `before` and `after`, compared by value (tags are arrays). */
export function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>): Changes {
  const changes: Changes = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[field] = [old, value];
  }
  return changes;
}

/** Clears the content of every audit row of `entryId` (the one UPDATE the triggers allow). */
export function redactAudit(db: LedgerDatabase, entryId: string): void {
  db.update(auditLog).set({ changes: null, reason: null, redacted: 1 }).where(eq(auditLog.entryId, entryId)).run();
}

function parseChanges(json: string | null): Changes | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as Changes;
  } catch {
    return null;
  }
}

export function toHistoryRow(row: AuditRow): HistoryRow {
  const actor: Actor = { kind: row.actorKind };
  if (row.actorAgent !== null) actor.agent = row.actorAgent;
  if (row.actorSession !== null) actor.session = row.actorSession;
  return {
    seq: row.seq,
    entryId: row.entryId,
    action: row.action,
    actor,
    at: row.at,
    changes: parseChanges(row.changes),
    reason: row.reason,
    scope: row.scope,
    redacted: row.redacted === 1,
  };
}

/** Every audit row of one entry, oldest first. */
export function entryHistory(db: LedgerDatabase, entryId: string): HistoryRow[] {
  return db.select().from(auditLog).where(eq(auditLog.entryId, entryId)).orderBy(auditLog.seq).all().map(toHistoryRow);
}

/** The newest changes in a set of scopes (every scope when undefined), newest first. */
export function recentHistory(
  db: LedgerDatabase,
  scopes: readonly string[] | undefined,
  limit: number,
): { rows: HistoryRow[]; total: number } {
  const where: SQL | undefined = scopes ? inArray(auditLog.scope, [...scopes]) : undefined;
  const rows = db.select().from(auditLog).where(where).orderBy(desc(auditLog.seq)).limit(limit).all();
  const total = db.select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0;
  return { rows: rows.map(toHistoryRow), total };
}
