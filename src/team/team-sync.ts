/**
 * Brings the index of one team scope in line with what its file holds: new lines become entries, changed lines
 * change them, lines that left the file move their entries to the trash (a line that comes back restores its entry).
 * Runs inside the caller's IMMEDIATE transaction; every change gets an audit row by the given actor (the repository,
 * with its commit). Entries held by a bad line are left exactly as they are.
 */

import { and, eq, ne } from "drizzle-orm";
import { appendAudit, diff } from "../store/audit.js";
import type { LedgerDatabase } from "../store/driver.js";
import { auditedFields } from "../store/entry-audit.js";
import { toView } from "../store/entry-row.js";
import type { Actor } from "../store/memory-types.js";
import { type Entry, entries } from "../store/schema.js";
import { titleKey } from "../store/title-key.js";
import { type TeamEntry, teamColumns, teamEntryOf } from "./team-entry.js";
import type { TeamLine, TeamProblem, TeamRead } from "./team-read.js";

export interface SyncOutcome {
  created: number;
  updated: number;
  removed: number;
  restored: number;
  /** Lines the index could not take (an id used by another scope, a title a held entry keeps). */
  problems: TeamProblem[];
}

/** An index row as the file would hold it. */
export function rowAsTeamEntry(row: Entry): TeamEntry {
  return teamEntryOf(toView(row));
}

export function syncTeamIndex(
  db: LedgerDatabase,
  scope: string,
  read: TeamRead,
  actor: Actor,
  now: number,
  fileLabel: string,
): SyncOutcome {
  const outcome: SyncOutcome = { created: 0, updated: 0, removed: 0, restored: 0, problems: [] };
  const rows = new Map(
    db
      .select()
      .from(entries)
      .where(eq(entries.scope, scope))
      .all()
      .map((r) => [r.id, r] as const),
  );
  const inFile = new Map(read.entries.map((e) => [e.id, e] as const));
  const isLive = (r: Entry) => r.trashedAt === null && (r.expiresAt === null || r.expiresAt > now);
  const held = [...rows.values()].filter((r) => isLive(r) && !inFile.has(r.id) && read.held.has(r.id));
  const heldTitles = new Map(held.map((r) => [titleKey(r.title), r.id] as const));

  // Lines the index cannot take: their entry stays as it was, like a held one.
  const taken: TeamLine[] = [];
  const keep = new Set(read.held);
  for (const line of read.entries) {
    keep.add(line.id);
    const holder = heldTitles.get(titleKey(line.title));
    if (holder !== undefined && holder !== line.id) {
      outcome.problems.push({
        line: line.line,
        message: `the title "${line.title}" is kept by entry ${holder}, whose own line is bad; fix that line first`,
      });
      continue;
    }
    if (!rows.has(line.id)) {
      const elsewhere = db
        .select({ scope: entries.scope })
        .from(entries)
        .where(and(eq(entries.id, line.id), ne(entries.scope, scope)))
        .get();
      if (elsewhere) {
        outcome.problems.push({
          line: line.line,
          message: `entry id ${line.id} is already used by an entry of another scope in this store; give the line a new id`,
        });
        continue;
      }
    }
    taken.push(line);
  }

  const reason = (line?: number) => (line === undefined ? `removed from ${fileLabel}` : `${fileLabel} line ${line}`);
  // An expired row still holds its title in the unique index until the due purge: it leaves like any other.
  for (const row of rows.values()) {
    if (row.trashedAt !== null || keep.has(row.id) || read.partial) continue;
    db.update(entries).set({ trashedAt: now }).where(eq(entries.id, row.id)).run();
    appendAudit(db, {
      entryId: row.id,
      scope,
      action: "trash",
      actor,
      at: now,
      changes: { trashed_at: [null, now] },
      reason: reason(),
    });
    outcome.removed++;
  }
  // A rename onto a title another entry gives up in the same sync would meet the unique index half-way: park the
  // changing titles first (a control character never passes the title check, so no real title can collide).
  for (const line of taken) {
    const row = rows.get(line.id);
    if (row && row.trashedAt === null && titleKey(row.title) !== titleKey(line.title)) {
      db.update(entries)
        .set({ title: `\u0001${row.id}` })
        .where(eq(entries.id, row.id))
        .run();
    }
  }
  for (const line of taken) {
    const row = rows.get(line.id);
    const { line: number, ...entry } = line;
    if (!row) {
      db.insert(entries)
        .values({ id: entry.id, scope, ...teamColumns(entry), sourceAgent: actor.kind, sourceSession: null })
        .run();
      appendAudit(db, {
        entryId: entry.id,
        scope,
        action: "create",
        actor,
        at: now,
        changes: diff({}, { scope, ...auditedFields(entry) }),
        reason: reason(number),
      });
      outcome.created++;
      continue;
    }
    const changes = diff(auditedFields(rowAsTeamEntry(row)), auditedFields(entry));
    db.update(entries)
      .set({ ...teamColumns(entry), trashedAt: null })
      .where(eq(entries.id, row.id))
      .run();
    if (row.trashedAt !== null) {
      appendAudit(db, {
        entryId: row.id,
        scope,
        action: "restore",
        actor,
        at: now,
        changes: { trashed_at: [row.trashedAt, null] },
        reason: reason(number),
      });
      outcome.restored++;
    }
    if (Object.keys(changes).length > 0) {
      appendAudit(db, { entryId: row.id, scope, action: "update", actor, at: now, changes, reason: reason(number) });
      outcome.updated++;
    }
  }
  return outcome;
}
