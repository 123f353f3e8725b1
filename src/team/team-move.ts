/**
 * Promote and demote: entries move between a project's own scope and its team scope in place, keeping their ids and
 * their history. The entries of one move go together or not at all, inside the caller's IMMEDIATE transaction, with
 * one audit row each. A team entry and an entry outside that team memory never supersede each other (the team file
 * would point to an entry teammates do not have), so a move that would leave such a link is refused: the entries a
 * moved one supersedes or is superseded by move with it (named in the same move) or are already where it goes.
 */
import { eq } from "drizzle-orm";
import { ConflictError } from "../errors.js";
import { appendAudit } from "../store/audit.js";
import type { LedgerDatabase } from "../store/driver.js";
import { findByTitle, findRow, requireRow, supersededIds, viewWithLinks } from "../store/entry-row.js";
import type { Actor, ChangeResult } from "../store/memory-types.js";
import { type Entry, entries } from "../store/schema.js";

/** The first link of `row` to an entry that would end up on the other side of the move, if any. */
function linkAcross(db: LedgerDatabase, row: Entry, moving: ReadonlySet<string>, to: string): string | undefined {
  const links: [string, string][] = [
    ...(row.supersededBy ? ([[row.supersededBy, "is superseded by"]] as [string, string][]) : []),
    ...supersededIds(db, row.id).map((id): [string, string] => [id, "supersedes"]),
  ];
  for (const [id, relation] of links) {
    if (moving.has(id)) continue;
    const other = findRow(db, id);
    if (!other || other.scope === to) continue;
    return `entry ${row.id} ("${row.title}") ${relation} ${other.id} ("${other.title}") in ${other.scope}`;
  }
  return undefined;
}

export function moveEntries(
  db: LedgerDatabase,
  ids: readonly string[],
  from: string,
  to: string,
  actor: Actor,
  now: number,
  reason?: string,
): ChangeResult[] {
  const moving = new Set(ids);
  const rows = [...moving].map((id) => requireRow(db, id));
  for (const row of rows) {
    if (row.scope !== from) {
      throw new ConflictError(`entry ${row.id} ("${row.title}") is not in scope ${from} but in ${row.scope}`);
    }
    if (row.trashedAt !== null) {
      throw new ConflictError(`entry ${row.id} ("${row.title}") is in the trash; restore it first`);
    }
    const holder = findByTitle(db, to, row.title);
    if (holder) {
      throw new ConflictError(
        `entry ${holder.id} already holds the title "${holder.title}" in ${to}; rename one of the two first`,
      );
    }
    const across = linkAcross(db, row, moving, to);
    if (across) {
      throw new ConflictError(
        `${across}: a team entry and an entry outside that team memory cannot supersede each other, so nothing was moved. Move the two together (give both ids), or change the link first.`,
      );
    }
  }
  const changes = { scope: [from, to] as [unknown, unknown] };
  for (const row of rows) {
    db.update(entries).set({ scope: to, updatedAt: now }).where(eq(entries.id, row.id)).run();
    appendAudit(db, { entryId: row.id, scope: to, action: "update", actor, at: now, changes, reason });
  }
  return rows.map((row) => ({ entry: viewWithLinks(db, requireRow(db, row.id)), changes }));
}
