/**
 * Transcripts of sessions OpenCode no longer has. A session deleted in OpenCode is marked orphaned at once (its
 * `session.deleted` event), and a start-up pass reconciles every transcript against the full list of sessions
 * OpenCode still holds, so a deletion seen by another process, or while none ran, is caught too. Unless the user keeps
 * deleted sessions (`retention.keepDeleted`), the sweep then removes what is marked.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { DataContext } from "../../data-context.js";
import { describeError } from "../../errors.js";
import { transcripts } from "../../store/schema.js";
import type { SessionSource } from "../source/session-source.js";
import { type SweepReport, sweepTranscripts } from "./retention.js";

export interface Reconciled {
  /** Newly marked orphaned. */
  orphaned: string[];
  /** Marked before, and OpenCode has them again (a session imported back). */
  restored: string[];
}

/** Marks these sessions' transcripts orphaned (those that have one and are not marked yet); returns the ids marked. */
export async function markOrphaned(data: DataContext, sessionIDs: readonly string[]): Promise<string[]> {
  if (sessionIDs.length === 0) return [];
  const now = data.clock();
  return data.database.write((db) => {
    const marked: string[] = [];
    for (const id of sessionIDs) {
      const done = db
        .update(transcripts)
        .set({ orphanedAt: now })
        .where(and(eq(transcripts.sessionId, id), isNull(transcripts.orphanedAt)))
        .returning({ id: transcripts.sessionId })
        .all();
      marked.push(...done.map((d) => d.id));
    }
    return marked;
  });
}

/**
 * Every transcript against the sessions OpenCode holds now (`known`: the complete list, from every project). An empty
 * list marks nothing: that is an OpenCode database that was replaced or wiped, not every session deleted one by one.
 */
export async function reconcileOrphans(data: DataContext, known: ReadonlySet<string>): Promise<Reconciled> {
  if (known.size === 0 || !data.database.exists()) return { orphaned: [], restored: [] };
  const now = data.clock();
  return data.database.write((db) => {
    const rows = db.select({ id: transcripts.sessionId, orphanedAt: transcripts.orphanedAt }).from(transcripts).all();
    const orphaned = rows.filter((r) => r.orphanedAt === null && !known.has(r.id)).map((r) => r.id);
    const restored = rows.filter((r) => r.orphanedAt !== null && known.has(r.id)).map((r) => r.id);
    for (const id of orphaned)
      db.update(transcripts).set({ orphanedAt: now }).where(eq(transcripts.sessionId, id)).run();
    for (const id of restored)
      db.update(transcripts).set({ orphanedAt: null }).where(eq(transcripts.sessionId, id)).run();
    return { orphaned, restored };
  });
}

/** The ids of transcripts marked orphaned. */
export async function orphanedSessions(data: DataContext): Promise<string[]> {
  return data.database.read(
    (db) =>
      db
        .select({ id: transcripts.sessionId })
        .from(transcripts)
        .where(isNotNull(transcripts.orphanedAt))
        .all()
        .map((r) => r.id),
    [],
  );
}

/**
 * Removes the transcripts marked orphaned (all of them, or these), unless `retention.keepDeleted`. The newest of a
 * project are not protected here: the person deleted the session itself. Never throws; problems go to the log.
 */
export async function sweepDeleted(
  data: DataContext,
  source: SessionSource,
  only?: readonly string[],
): Promise<SweepReport | undefined> {
  if (data.options.retention.keepDeleted) return undefined;
  try {
    const marked = await orphanedSessions(data);
    const ids = only ? marked.filter((id) => only.includes(id)) : marked;
    if (ids.length === 0) return undefined;
    const rules = { retentionDays: 0, keepRecent: 0, maxSessions: 0, orphaned: false, deleted: true, sessionIDs: ids };
    return await sweepTranscripts({ data, source, scopes: undefined, rules, apply: true });
  } catch (error) {
    data.log.log("error", `transcripts of deleted sessions: ${describeError(error)}`);
    return undefined;
  }
}
