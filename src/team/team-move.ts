/**
 * Promote and demote: an entry moves between a project's own scope and its team scope in place, keeping its id and
 * its history. Runs inside the caller's IMMEDIATE transaction, with one audit row for the move.
 */
import { eq } from "drizzle-orm";
import { ConflictError } from "../errors.js";
import { appendAudit } from "../store/audit.js";
import type { LedgerDatabase } from "../store/driver.js";
import { findByTitle, requireRow, viewWithLinks } from "../store/entry-row.js";
import type { Actor, ChangeResult } from "../store/memory-types.js";
import { entries } from "../store/schema.js";

export function moveEntry(
  db: LedgerDatabase,
  id: string,
  from: string,
  to: string,
  actor: Actor,
  now: number,
  reason?: string,
): ChangeResult {
  const row = requireRow(db, id);
  if (row.scope !== from) {
    throw new ConflictError(`entry ${id} ("${row.title}") is not in scope ${from} but in ${row.scope}`);
  }
  if (row.trashedAt !== null) {
    throw new ConflictError(`entry ${id} ("${row.title}") is in the trash; restore it first`);
  }
  const holder = findByTitle(db, to, row.title);
  if (holder) {
    throw new ConflictError(
      `entry ${holder.id} already holds the title "${holder.title}" in ${to}; rename one of the two first`,
    );
  }
  const changes = { scope: [from, to] as [unknown, unknown] };
  db.update(entries).set({ scope: to, updatedAt: now }).where(eq(entries.id, id)).run();
  appendAudit(db, { entryId: id, scope: to, action: "update", actor, at: now, changes, reason });
  return { entry: viewWithLinks(db, requireRow(db, id)), changes };
}
